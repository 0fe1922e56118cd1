#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import Loopback

// MARK: - A loopback server in a child process of the bench

/// The parent's side of a loopback HTTP/1.1 server that the bench runs as a child process of its own
/// (`service-bench <subcommand> <flag>`): it starts the child, reads the `port <n>` line the child prints,
/// and ends the child by closing its standard input. ``ByteSource`` and ``StreamSource`` are two.
///
/// A process of its own, so that making the answers never competes with the client in the measured
/// process (its threads, its allocator, its RSS).
class ChildSource {
    private let process: Process
    private let input: Pipe
    /// `http://127.0.0.1:<port>/`.
    let baseURL: URL

    /// Starts `service-bench subcommand flag` and waits for the port it prints.
    /// - Parameter name: What the child is, for an error ("the byte source").
    init(subcommand: String, flag: String, name: String) throws(BenchFailure) {
        let executable =
            Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process = Process()
        process.executableURL = executable
        process.arguments = [subcommand, flag]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { throw BenchFailure("\(name) did not start: \(error)") }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            guard let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty else { break }
            line += byte
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("port "),
            let port = UInt16(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw BenchFailure("\(name) printed no port")
        }
        baseURL = LoopbackSocket.baseURL(port: port)
    }

    /// Ends the child: it exits when its standard input closes.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The child's side of the handshake: listens on a free loopback port, prints `port <n>`, and exits
    /// the process when its standard input closes (the parent stopped it or went away). Returns the
    /// listening socket, or `nil` after printing why it could not listen.
    /// - Parameter name: How an error names the child (`service-bench streams --serve-events`).
    static func listenForParent(_ name: String) -> Int32? {
        let listener: Int32
        let port: UInt16
        do { (listener, port) = try LoopbackSocket.listen(backlog: 16) } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            return nil
        }
        Thread.detachNewThread {
            _ = FileHandle.standardInput.readDataToEndOfFile()  // the parent went away or closed it
            exit(0)
        }
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))
        return listener
    }
}
#endif
