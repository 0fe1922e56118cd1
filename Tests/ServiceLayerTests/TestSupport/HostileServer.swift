import Foundation
import Loopback

@testable import ServiceLayer
@testable import ServiceLayerCore

/// A loopback HTTP/1.1 server that answers every request with whatever the test's handler returns:
/// any status, any headers (a `Location` on another origin, a `Vary`, a bogus `max-age`), any body.
///
/// It plays the hostile or careless server of the adversarial tests, which the fixture server (a
/// correct origin) will not. One connection per request (`Connection: close`); every request is
/// recorded. Built on the `Loopback` target's sockets.
final class HostileServer: Sendable {
    /// One request as received.
    struct Request: Sendable {
        var method: String
        /// The request target: path and query, as sent.
        var target: String
        /// Header values by lowercased name.
        var headers: [String: String]
        var body: Data
    }

    /// One answer to send.
    struct Response: Sendable {
        var status: Int
        /// Sent in this order, after `Content-Length` and `Connection: close`.
        var headers: [(String, String)]
        var body: Data
        /// Bytes sent as they are instead of the status line, the head and `body`: a head that lies
        /// about its `Content-Length`, a broken framing. `nil` by default.
        var raw: Data?
        /// A chunk sent again and again after the answer (or `raw`), `count` times or until the client
        /// hangs up: an endless body. `nil` by default.
        var repeated: (chunk: Data, count: Int)?
        /// Seconds to wait before each repeated chunk: a slow endless body. 0 by default.
        var pause: TimeInterval = 0

        init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// `bytes` sent as they are, then `chunk` `count` times (none by default).
        static func raw(_ bytes: Data, repeating chunk: Data = Data(), count: Int = 0) -> Response {
            var response = Response()
            response.raw = bytes
            if count > 0 { response.repeated = (chunk, count) }
            return response
        }

        /// A 200 with a JSON body and `headers`.
        static func json(_ text: String, headers: [(String, String)] = []) -> Response {
            Response(headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
        }
    }

    typealias Handler = @Sendable (Request) -> Response

    /// `http://127.0.0.1:<port>/`.
    var baseURL: URL { listener.baseURL }
    private let listener: LoopbackListener
    private let handler: Locked<Handler>
    /// Runs once a request's head has arrived, before its body is read; see ``beforeReadingBodies(_:)``.
    private let beforeBody: Locked<(@Sendable () -> Void)?>
    private let recorded: Locked<[Request]>

    /// Starts a server on a free loopback port.
    /// - Parameter handler: The answer to each request; a 200 with an empty body by default.
    init(handler: @escaping Handler = { _ in Response() }) throws {
        let (answer, beforeBody, recorded) = (
            Locked(handler), Locked<(@Sendable () -> Void)?>(nil), Locked<[Request]>([])
        )
        self.handler = answer
        self.beforeBody = beforeBody
        self.recorded = recorded
        listener = try LoopbackListener { connection in
            DispatchQueue.global().async {
                Self.serve(connection, beforeBody: beforeBody, recorded: recorded, handler: answer)
            }
        }
    }

    deinit {
        stop()
    }

    /// Replaces the handler for the requests that follow.
    /// Runs `pause` after each request's head has arrived and before its body is read (the client's
    /// body is then still on its way: a test may change the file it is sent from).
    func beforeReadingBodies(_ pause: @escaping @Sendable () -> Void) {
        beforeBody.withLock { $0 = pause }
    }

    func answer(with handler: @escaping Handler) {
        self.handler.withLock { $0 = handler }
    }

    /// Every request received so far, in order.
    var requests: [Request] { recorded.withLock { $0 } }

    /// The URL of `path` (no leading `/`) on this server.
    func url(_ path: String) -> URL { URL(string: path, relativeTo: baseURL)!.absoluteURL }

    /// Stops accepting; waits for the accept loop to end.
    func stop() {
        listener.stop()
    }

    // MARK: Serving

    private static func serve(
        _ connection: Int32, beforeBody: Locked<(@Sendable () -> Void)?>, recorded: Locked<[Request]>,
        handler: Locked<Handler>
    ) {
        defer { LoopbackSocket.close(connection) }
        guard let request = read(connection, beforeBody: beforeBody.withLock { $0 }) else { return }
        recorded.withLock { $0.append(request) }
        let response = handler.withLock { $0 }(request)
        var head = "HTTP/1.1 \(response.status) Status\r\n"
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if request.method != "HEAD" { bytes.append(response.body) }
        guard LoopbackSocket.sendAll(connection, response.raw ?? bytes) else { return }
        if let (chunk, count) = response.repeated {
            for _ in 0..<count {
                if response.pause > 0 { Thread.sleep(forTimeInterval: response.pause) }
                guard LoopbackSocket.sendAll(connection, chunk) else { return }
            }
        }
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` bytes of body.
    private static func read(_ connection: Int32, beforeBody: (@Sendable () -> Void)? = nil) -> Request? {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        guard let head = LoopbackSocket.readHead(connection, pending: &pending, buffer: &buffer) else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let start = lines[0].split(separator: " ")
        guard start.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        beforeBody?()
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while pending.count < length, LoopbackSocket.receive(connection, into: &pending, buffer: &buffer) {}
        return Request(method: String(start[0]), target: String(start[1]), headers: headers, body: Data(pending))
    }
}
