// fixture-server: runs the FixtureServer alone, by default on 127.0.0.1:8090 (Apple's Restaurant server port).
//
//     swift run fixture-server [--host 127.0.0.1] [--port 8090] [--token-lifetime 900] [--api FOLDER [--write]]
//
// Prints one line per request and stops cleanly on SIGINT or SIGTERM.

import Dispatch
import FixtureServer
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    usage: fixture-server [--host HOST] [--port PORT] [--token-lifetime SECONDS] [--api FOLDER [--write]]

    Serves the Restaurant, reqres and accounts fixture APIs over HTTP/1.1, and your own API from a folder.

    options:
      --host HOST   numeric address to bind (default 127.0.0.1)
      --port PORT   TCP port, 0 for any free port (default 8090)
      --token-lifetime SECONDS
                    how long an accounts access token lives (default 900)
      --api FOLDER  also serve FOLDER's db.json (REST collections) and routes.json (canned answers)
                    from the root path /, e.g. --api server-fixtures/Examples/movies
      --write       save database writes back to FOLDER/db.json (default: keep them in memory)
      -h, --help    show this help

    """

func writeLine(_ text: String, to handle: FileHandle) {
    handle.write(Data((text + "\n").utf8))
}

func fail(_ message: String) -> Never {
    writeLine("fixture-server: \(message)", to: .standardError)
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

var host = "127.0.0.1"
var port: UInt16 = 8090
var tokenLifetime = 900
var apiFolder: String?
var writesBack = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        FileHandle.standardOutput.write(Data(usage.utf8))
        exit(0)
    case "--host":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("--host needs a value") }
        host = value
    case "--port":
        guard let value = arguments.popFirst(), let number = UInt16(value) else {
            fail("--port needs a number from 0 to 65535")
        }
        port = number
    case "--token-lifetime":
        guard let value = arguments.popFirst(), let seconds = Int(value), seconds > 0 else {
            fail("--token-lifetime needs a whole number of seconds above 0")
        }
        tokenLifetime = seconds
    case "--api":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("--api needs a folder") }
        apiFolder = value
    case "--write":
        writesBack = true
    default:
        fail("unknown argument \(argument)")
    }
}

if writesBack && apiFolder == nil { fail("--write needs --api FOLDER") }

// A long-running server only logs; keeping every request would grow memory without bound.
let logger: @Sendable (String) -> Void = { line in writeLine(line, to: .standardOutput) }
let server: FixtureServer
if let apiFolder {
    do {
        server = try FixtureServer(
            api: URL(fileURLWithPath: apiFolder), writesBack: writesBack, host: host, port: port, logger: logger,
            recordsRequests: false, tokenLifetime: TimeInterval(tokenLifetime))
    } catch {
        writeLine("fixture-server: \(error)", to: .standardError)
        exit(1)
    }
} else {
    server = FixtureServer(
        host: host, port: port, logger: logger, recordsRequests: false, tokenLifetime: TimeInterval(tokenLifetime))
}
do {
    try server.start()
} catch {
    writeLine("fixture-server: \(error)", to: .standardError)
    exit(1)
}
if let apiFolder {
    writeLine("fixture-server: your API from \(apiFolder), at the root path:", to: .standardOutput)
    for line in server.apiRoutes { writeLine("  " + line, to: .standardOutput) }
}
writeLine("fixture-server listening on \(server.baseURL.absoluteString)", to: .standardOutput)

// Signals arrive on a dispatch queue instead of an async handler, so stopping can join threads safely.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
let signalSources = [SIGINT, SIGTERM].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler {
        writeLine("fixture-server: stopping", to: .standardOutput)
        server.stop()
        exit(0)
    }
    source.resume()
    return source
}
withExtendedLifetime(signalSources) {
    dispatchMain()
}
