import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP/1.1 server that reads a request's body (any size, by `Content-Length`; a `100 Continue`
/// first when asked), throws the bytes away and answers 204: the far end of the upload bench (the fixture server keeps bodies to 1 MiB).
final class UploadSink: @unchecked Sendable {  // the listener is set once; connections run on their own queue
    private let listener: Int32
    /// The port it listens on.
    let port: UInt16

    init() throws(BenchFailure) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure("the upload sink has no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw BenchFailure("the upload sink cannot listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port>/`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            DispatchQueue.global().async { Self.serve(connection) }
        }
    }

    /// Reads requests on `connection` (keep-alive) and answers each with 204 once its body is read.
    private static func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var pending: [UInt8] = []
        while true {
            var headEnd: Int?
            while headEnd == nil {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                pending += buffer[0..<count]
                headEnd = find(pending)
            }
            guard let headEnd else { return }
            let head = String(decoding: pending[0..<headEnd], as: UTF8.self).lowercased()
            let length =
                head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if head.contains("\r\nexpect: 100-continue") {  // libcurl asks before a large body, then waits 1 s
                let goOn = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                guard goOn.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, 0) }) == goOn.count else {
                    return
                }
            }
            var remaining = length - (pending.count - headEnd - 4)
            pending = remaining < 0 ? Array(pending[(headEnd + 4 + length)...]) : []
            while remaining > 0 {
                let count = recv(connection, &buffer, min(buffer.count, remaining), 0)
                guard count > 0 else { return }
                remaining -= count
            }
            let answer = Array("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n".utf8)
            guard answer.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, 0) }) == answer.count else {
                return
            }
        }
    }

    private static func find(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
