// fixture-server: runs the FixtureServer alone, by default on 127.0.0.1:8090 (Apple's Restaurant server port).
//
//     swift run fixture-server [--host 127.0.0.1] [--port 8090] [--token-lifetime 900] [--api FOLDER [--write]]
//         [--watch] [--delay MS] [--read-only] [--static FOLDER] [--no-cors] [--no-inspector] [--snapshot FILE]
//         [--openapi FILE]
//     swift run fixture-server --record UPSTREAM_URL --api FOLDER
//
// Lists every route it serves, prints one line per request and stops cleanly on SIGINT or SIGTERM.

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
                          [--watch] [--delay MS] [--read-only] [--static FOLDER] [--no-cors] [--no-inspector]
                          [--snapshot FILE] [--openapi FILE]
           fixture-server --record UPSTREAM_URL --api FOLDER [--host HOST] [--port PORT]

    Serves the Restaurant, reqres and accounts fixture APIs over HTTP/1.1, and your own API from a folder.
    Lists every route when it starts; GET / shows them in a browser. It describes itself and shows what it
    saw: GET /docs (every route, an example answer, a Swift Codable model for each answer), GET /openapi.json
    (the OpenAPI 3.0 document, inferred from the data), GET /_inspector (the last 200 requests and answers,
    secrets masked, and why each 4xx happened).

    options:
      --host HOST   numeric address to bind (default 127.0.0.1)
      --port PORT   TCP port, 0 for any free port (default 8090)
      --token-lifetime SECONDS
                    how long an accounts access token lives (default 900)
      --api FOLDER  also serve FOLDER's db.json (REST collections) and routes.json (canned answers)
                    from the root path /, e.g. --api server-fixtures/Examples/movies
      --write       save database writes back to FOLDER/db.json (default: keep them in memory)
      --watch       reload FOLDER's files when they change (an invalid file is logged, the old data kept)
      --delay MS    wait MS milliseconds (0 to 30000) before every answer (default 0)
      --read-only   FOLDER's API answers GET, HEAD and OPTIONS only; other methods get 405
      --static DIR  serve DIR's files at the paths no route answers (/ serves DIR/index.html)
      --no-cors     no CORS headers (default: Access-Control-Allow-Origin: * on every answer, preflights
                    answered, so a web page on another port can call the server)
      --no-inspector
                    no /_inspector page (default: on, never under CORS, secrets masked)
      --openapi FILE
                    write the OpenAPI document (what GET /openapi.json serves) to FILE and exit, without serving
      --snapshot FILE
                    write the database (db.json's shape, with the writes made since) to FILE when you
                    type s and Return, and when the server stops
      --record UPSTREAM_URL
                    forward every request to UPSTREAM_URL, answer with what came back, and save it into
                    --api FOLDER (routes.json, bodies in FOLDER/recorded/) without secrets; then
                    fixture-server --api FOLDER replays it offline
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
var options = FixtureServer.Options()
var snapshotFile: String?
var upstream: URL?
var openAPIFile: String?
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
    case "--watch":
        options.watch = true
    case "--delay":
        guard let value = arguments.popFirst(), let millis = Int(value), (0...30_000).contains(millis) else {
            fail("--delay needs a whole number of milliseconds from 0 to 30000")
        }
        options.delay = TimeInterval(millis) / 1000
    case "--read-only":
        options.readOnly = true
    case "--static":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("--static needs a folder") }
        options.staticFolder = URL(fileURLWithPath: value)
    case "--no-cors":
        options.cors = false
    case "--no-inspector":
        options.inspector = false
    case "--openapi":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("--openapi needs a file") }
        openAPIFile = value
    case "--snapshot":
        guard let value = arguments.popFirst(), !value.isEmpty else { fail("--snapshot needs a file") }
        snapshotFile = value
    case "--record":
        guard let value = arguments.popFirst(), let url = URL(string: value),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { fail("--record needs an http or https URL, e.g. --record https://api.example.com/v1/") }
        upstream = url
    default:
        fail("unknown argument \(argument)")
    }
}

if writesBack && apiFolder == nil { fail("--write needs --api FOLDER") }
if options.watch && apiFolder == nil { fail("--watch needs --api FOLDER") }
if options.readOnly && apiFolder == nil { fail("--read-only needs --api FOLDER") }
if snapshotFile != nil && apiFolder == nil { fail("--snapshot needs --api FOLDER (with a db.json)") }
if upstream != nil {
    if apiFolder == nil { fail("--record needs --api FOLDER to save into") }
    if writesBack || options.watch || options.readOnly || snapshotFile != nil || options.staticFolder != nil {
        fail("--record forwards every request: --write, --watch, --read-only, --snapshot and --static do not apply")
    }
}
options.writesBack = writesBack

// A long-running server only logs; keeping every request would grow memory without bound.
let logger: @Sendable (String) -> Void = { line in writeLine(line, to: .standardOutput) }
let server: FixtureServer
do {
    if let upstream, let apiFolder {
        server = try FixtureServer(
            recording: upstream, into: URL(fileURLWithPath: apiFolder), options: options, host: host, port: port,
            logger: logger)
    } else {
        server = try FixtureServer(
            api: apiFolder.map { URL(fileURLWithPath: $0) }, options: options, host: host, port: port, logger: logger,
            recordsRequests: false, tokenLifetime: TimeInterval(tokenLifetime))
    }
} catch {
    writeLine("fixture-server: \(error)", to: .standardError)
    exit(1)
}
if let openAPIFile {
    do {
        try server.openAPIDocument.write(to: URL(fileURLWithPath: openAPIFile), options: .atomic)
        writeLine("fixture-server: OpenAPI document written to \(openAPIFile)", to: .standardOutput)
        exit(0)
    } catch {
        writeLine(
            "fixture-server: \(openAPIFile) cannot be written (\(error.localizedDescription))", to: .standardError)
        exit(1)
    }
}
do {
    try server.start()
} catch {
    writeLine("fixture-server: \(error)", to: .standardError)
    exit(1)
}
if let upstream, let apiFolder {
    writeLine("fixture-server: recording \(upstream.absoluteString) into \(apiFolder)/routes.json", to: .standardOutput)
} else {
    // Every route, built-in ones included, in every mode: what a learner can call without reading the README.
    for line in server.routeListing { writeLine(line, to: .standardOutput) }
}

let snapshotPath = snapshotFile

/// Writes the snapshot, if asked for, and says where.
func writeSnapshot() {
    guard let snapshotFile = snapshotPath else { return }
    do {
        try server.snapshot(to: URL(fileURLWithPath: snapshotFile))
        writeLine("fixture-server: snapshot written to \(snapshotFile)", to: .standardOutput)
    } catch {
        writeLine("fixture-server: \(error)", to: .standardError)
    }
}

// `s` and Return writes a snapshot (json-server's gesture); stdin at its end (CI, a pipe) just stops reading.
if let snapshotPath {
    writeLine("fixture-server: type s and Return to write a snapshot to \(snapshotPath)", to: .standardOutput)
    Thread.detachNewThread {
        while let line = readLine() {
            if line.trimmingCharacters(in: .whitespaces).lowercased() == "s" {
                DispatchQueue.main.async { writeSnapshot() }
            }
        }
    }
}

// Signals arrive on the main dispatch queue instead of an async handler, so stopping can join threads safely.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
let registered = DispatchGroup()
let signalSources = [SIGINT, SIGTERM].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    registered.enter()
    source.setRegistrationHandler { registered.leave() }
    source.setEventHandler {
        writeLine("fixture-server: stopping", to: .standardOutput)
        server.stop()
        writeSnapshot()
        exit(0)
    }
    source.resume()
    return source
}
// Printed once both sources are registered: a script may stop the server as soon as it reads this line,
// and a signal sent before the registration would be lost to SIG_IGN.
registered.notify(queue: .main) {
    writeLine("fixture-server listening on \(server.baseURL.absoluteString)", to: .standardOutput)
}
// The main run loop serves the main queue on a main thread that stays alive. (dispatchMain() would exit
// the main thread and keep it as libdispatch's signal sink; a signal delivered there trips an internal
// check of AddressSanitizer, `CHECK failed: asan_thread.cpp:369`, in about one stop in five, and the
// sanitizer run of the tests starts this executable.)
withExtendedLifetime(signalSources) {
    RunLoop.main.run()
}
