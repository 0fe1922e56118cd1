import Foundation
import Loopback
import ServiceLayerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback server a test drives by hand, one connection at a time, to stream server-sent events:
/// the test takes the next connection (its request head read), writes bytes when it chooses, and sees
/// when the client closes it. So a test can hold the second event back until the first has reached
/// `onEvent` (a client that buffers then hangs), and time a cancel to the close it causes.
final class EventStreamServer: Sendable {
    /// One accepted connection and its request.
    final class Connection: Sendable {
        let descriptor: Int32
        /// The request line and header lines, as sent.
        let head: String

        init(descriptor: Int32, head: String) {
            self.descriptor = descriptor
            self.head = head
        }

        /// The request line's method and target (`GET /stream`).
        var requestLine: String { head.components(separatedBy: "\r\n").first ?? "" }

        /// The value of request header `name`, if sent.
        func header(_ name: String) -> String? { LoopbackSocket.header(name, in: head) }

        /// Writes `text`; `false` when the client has gone.
        @discardableResult
        func send(_ text: String) -> Bool { LoopbackSocket.sendAll(descriptor, text) }

        /// Writes the head of a `200` event stream, delimited by the connection's close.
        @discardableResult
        func sendEventStreamHead(extra: String = "") -> Bool {
            send(
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\(extra)Connection: close\r\n\r\n"
            )
        }

        /// Waits until the client closes the connection (a read of 0 bytes or an error), at most `timeout`
        /// seconds; `true` when it did.
        func waitForClose(timeout: TimeInterval) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return false }
                var descriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(max(1, left * 1000)))
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return false }
                if recv(self.descriptor, &buffer, buffer.count, 0) <= 0 { return true }
            }
        }

        /// Closes the connection (the end of a close-delimited body).
        func close() { LoopbackSocket.close(descriptor) }
    }

    private let listener: LoopbackListener
    private let accepted: Locked<[Connection]>
    private let arrivals: DispatchSemaphore

    /// `http://127.0.0.1:<port>/`.
    var baseURL: URL { listener.baseURL }

    init() throws {
        let accepted = Locked<[Connection]>([])
        let arrivals = DispatchSemaphore(value: 0)
        self.accepted = accepted
        self.arrivals = arrivals
        listener = try LoopbackListener { descriptor in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            guard let head = LoopbackSocket.readHead(descriptor, pending: &pending, buffer: &buffer) else {
                return LoopbackSocket.close(descriptor)
            }
            let length = Int(LoopbackSocket.header("Content-Length", in: head) ?? "0") ?? 0
            while pending.count < length, LoopbackSocket.receive(descriptor, into: &pending, buffer: &buffer) {}
            accepted.withLock { $0.append(Connection(descriptor: descriptor, head: head)) }
            arrivals.signal()
        }
    }

    /// The next connection, its request read; `nil` when none came within `timeout` seconds.
    func nextConnection(timeout: TimeInterval = 10) -> Connection? {
        guard arrivals.wait(timeout: .now() + timeout) == .success else { return nil }
        return accepted.withLock { $0.removeFirst() }
    }

    func stop() { listener.stop() }
}
