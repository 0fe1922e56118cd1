#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import Loopback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP/1.1 server that reads a request's body (any size, by `Content-Length`; a `100 Continue`
/// first when asked), throws the bytes away and answers 204: the far end of the upload bench (the fixture
/// server keeps bodies to 1 MiB).
final class UploadSink: @unchecked Sendable {  // the listener is set once; connections run on their own queue
    private let listener: Int32
    /// The port it listens on.
    let port: UInt16

    init() throws(BenchFailure) {
        do { (listener, port) = try LoopbackSocket.listen(backlog: 16) } catch {
            throw BenchFailure("the upload sink: \(error)")
        }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port>/`.
    var baseURL: URL { LoopbackSocket.baseURL(port: port) }

    private func acceptLoop() {
        while true {
            let connection = LoopbackSocket.accept(listener)
            guard connection >= 0 else { return }
            DispatchQueue.global().async { Self.serve(connection) }
        }
    }

    /// Reads requests on `connection` (keep-alive) and answers each with 204 once its body is read.
    private static func serve(_ connection: Int32) {
        defer { LoopbackSocket.close(connection) }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var pending: [UInt8] = []
        while let head = LoopbackSocket.readHead(connection, pending: &pending, buffer: &buffer) {
            let length = LoopbackSocket.header("content-length", in: head).flatMap { Int($0) } ?? 0
            // libcurl asks before a large body, then waits 1 s for an answer.
            if LoopbackSocket.header("expect", in: head)?.lowercased() == "100-continue" {
                guard LoopbackSocket.sendAll(connection, "HTTP/1.1 100 Continue\r\n\r\n") else { return }
            }
            var remaining = length - pending.count
            pending = remaining < 0 ? Array(pending[length...]) : []
            while remaining > 0 {
                let count = recv(connection, &buffer, min(buffer.count, remaining), 0)
                guard count > 0 else { return }
                remaining -= count
            }
            guard LoopbackSocket.sendAll(connection, "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n") else {
                return
            }
        }
    }
}
#endif
