#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import Loopback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The near end of the download bench: a loopback HTTP/1.1 server in a child process of its own
/// (`service-bench transfers --serve-bytes`) that answers `GET /bytes/<n>` with `n` bytes and their
/// `Content-Length`, sent from one prepared 1 MiB buffer.
///
/// A process of its own, so that making the bytes never competes with the client in the measured
/// process (its threads, its allocator, its RSS); an in-process fixture server did, and the download
/// ratio then moved by up to 35 % between runs on two shared cores.
final class ByteSource: ChildSource {
    /// The argument that starts the child.
    static let childFlag = "--serve-bytes"

    /// Starts the child and waits for the port it prints.
    init() throws(BenchFailure) {
        try super.init(subcommand: "transfers", flag: Self.childFlag, name: "the byte source")
    }

    // MARK: Child

    /// The child's whole life: listen, print `port <n>`, serve until standard input closes.
    static func serve() -> Int32 {
        guard let listener = listenForParent("service-bench \(childFlag): the byte source") else { return 1 }
        let pattern = (0..<(1 << 20)).map { UInt8($0 % 251) }
        while true {
            let connection = LoopbackSocket.accept(listener)
            guard connection >= 0 else { return 1 }
            Thread.detachNewThread { answer(connection, pattern: pattern) }
        }
    }

    /// Answers requests on `connection` until one asks for bytes, sends them, and closes the connection.
    private static func answer(_ connection: Int32, pattern: [UInt8]) {
        defer { LoopbackSocket.close(connection) }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var pending: [UInt8] = []
        while let head = LoopbackSocket.readHead(connection, pending: &pending, buffer: &buffer)?.lowercased() {
            let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            guard head.hasPrefix("get "), target.hasPrefix("/bytes/"), let count = Int(target.dropFirst(7)) else {
                let notFound = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
                guard LoopbackSocket.sendAll(connection, notFound) else { return }
                continue
            }
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(count)\r\n"
                + "Connection: close\r\n\r\n"
            guard LoopbackSocket.sendAll(connection, head) else { return }
            // The body, then `defer` closes: a new connection for every download (see the type's comment).
            var remaining = count
            pattern.withUnsafeBytes { bytes in
                while remaining > 0 {
                    let part = UnsafeRawBufferPointer(rebasing: bytes[0..<min(bytes.count, remaining)])
                    guard LoopbackSocket.sendAll(connection, part) else { return }
                    remaining -= part.count
                }
            }
            return
        }
    }
}
#endif
