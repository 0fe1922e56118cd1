import Foundation
import Loopback
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP response read off a raw socket.
struct RawResponse {
    let status: Int
    let statusLine: String
    /// Lowercased header names.
    let headers: [String: String]
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client for malformed input and byte-level checks.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(port: UInt16) throws {
        do {
            fd = try LoopbackSocket.connect(port: port)
        } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .ECONNREFUSED)
        }
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        LoopbackSocket.close(fd)
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { LoopbackSocket.sendAll(fd, $0) }
    }

    /// Reads more bytes within `timeout` seconds. Returns the count, 0 at EOF, -1 on timeout or error.
    private func fill(timeout: Double) -> Int {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(timeout * 1000))
        guard ready > 0 else { return -1 }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
        return count < 0 ? 0 : count
    }

    /// Reads one response (a 1xx is returned on its own). nil if the connection closes or times out first.
    /// `bodyTimeout` (none by default) gives up on the body that long after the head came, returning
    /// what came of it: for a body that is not meant to arrive yet.
    func readResponse(timeout: Double = 20, bodyless: Bool = false, bodyTimeout: Double? = nil) -> RawResponse? {
        var deadline = Date().addingTimeInterval(timeout)
        func headEnd() -> Int? {
            guard buffer.count >= 4 else { return nil }
            for index in 0...(buffer.count - 4)
            where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                return index + 4
            }
            return nil
        }
        var end = headEnd()
        while end == nil {
            guard deadline.timeIntervalSinceNow > 0, fill(timeout: deadline.timeIntervalSinceNow) > 0 else {
                return nil
            }
            end = headEnd()
        }
        let head = String(decoding: buffer[0..<(end! - 4)], as: UTF8.self)
        buffer.removeFirst(end!)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = bodyless || status < 200 || status == 204 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        if let bodyTimeout { deadline = min(deadline, Date().addingTimeInterval(bodyTimeout)) }
        while buffer.count < length {
            guard deadline.timeIntervalSinceNow > 0, fill(timeout: deadline.timeIntervalSinceNow) > 0 else {
                return RawResponse(status: status, statusLine: statusLine, headers: headers, body: Data(buffer))
            }
        }
        let body = Data(buffer[0..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, statusLine: statusLine, headers: headers, body: body)
    }

    /// Everything until the server closes (or `timeout` passes), after anything already buffered.
    func readToEOF(timeout: Double = 20) -> (data: Data, closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            let count = fill(timeout: deadline.timeIntervalSinceNow)
            if count == 0 {
                defer { buffer.removeAll() }
                return (Data(buffer), true)
            }
            if count < 0 { break }
        }
        defer { buffer.removeAll() }
        return (Data(buffer), false)
    }

    /// Whether the server closes the connection within `timeout` seconds (data received meanwhile is dropped).
    func waitForClose(timeout: Double) -> Bool {
        readToEOF(timeout: timeout).closed
    }
}
