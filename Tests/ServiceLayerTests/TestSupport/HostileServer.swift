import Foundation

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP/1.1 server that answers every request with whatever the test's handler returns:
/// any status, any headers (a `Location` on another origin, a `Vary`, a bogus `max-age`), any body.
///
/// It plays the hostile or careless server of the adversarial tests, which the fixture server (a
/// correct origin) will not. One connection per request (`Connection: close`); every request is
/// recorded. Plain POSIX sockets, no dependency.
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
    let baseURL: URL
    private let listener: Int32
    private let handler: Locked<Handler>
    /// Runs once a request's head has arrived, before its body is read; see ``beforeReadingBodies(_:)``.
    private let beforeBody = Locked<(@Sendable () -> Void)?>(nil)
    private let recorded = Locked<[Request]>([])
    private let stopped = Locked(false)
    private let done = DispatchGroup()

    /// Starts a server on a free loopback port.
    /// - Parameter handler: The answer to each request; a 200 with an empty body by default.
    init(handler: @escaping Handler = { _ in Response() }) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EBADF) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard ready, listen(descriptor, 64) == 0,
            let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/")
        else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = descriptor
        self.baseURL = url
        self.handler = Locked(handler)
        done.enter()
        Thread.detachNewThread { [self] in acceptLoop() }
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
        let first = stopped.withLock { value -> Bool in
            defer { value = true }
            return !value
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
    }

    // MARK: Serving

    private func acceptLoop() {
        defer { done.leave() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR, !stopped.withLock({ $0 }) { continue }
                return
            }
            #if canImport(Darwin)
            var yes: Int32 = 1  // a write to a peer that left must not raise SIGPIPE (Linux: MSG_NOSIGNAL)
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            DispatchQueue.global().async { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = Self.read(connection, beforeBody: beforeBody.withLock { $0 }) else { return }
        recorded.withLock { $0.append(request) }
        let response = handler.withLock { $0 }(request)
        var head = "HTTP/1.1 \(response.status) Status\r\n"
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if request.method != "HEAD" { bytes.append(response.body) }
        guard Self.send(response.raw ?? bytes, to: connection) else { return }
        if let (chunk, count) = response.repeated {
            for _ in 0..<count {
                if response.pause > 0 { Thread.sleep(forTimeInterval: response.pause) }
                guard Self.send(chunk, to: connection) else { return }
            }
        }
    }

    /// Sends all of `bytes`; `false` when the client has gone.
    private static func send(_ bytes: Data, to connection: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let sent = Glibc.send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(connection, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` bytes of body.
    private static func read(_ connection: Int32, beforeBody: (@Sendable () -> Void)? = nil) -> Request? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
            if buffer.count >= 4 {
                headEnd = (0...(buffer.count - 4)).first { Array(buffer[$0..<($0 + 4)]) == separator }
            }
        }
        guard let headEnd, let head = String(bytes: buffer[0..<headEnd], encoding: .utf8) else { return nil }
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
        var body = Array(buffer[(headEnd + 4)...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { break }
            body += chunk[0..<count]
        }
        return Request(method: String(start[0]), target: String(start[1]), headers: headers, body: Data(body))
    }
}
