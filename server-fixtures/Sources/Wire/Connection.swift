import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - What every connection shares

/// The parts of a running server a connection needs, all thread-safe.
struct ServerContext: Sendable {
    /// Routes requests.
    let router: Router
    /// Queued faults.
    let faults: FaultQueue
    /// Recorded requests.
    let log: RequestLog
    /// One line per request, or nil.
    let logger: (@Sendable (String) -> Void)?
    /// Seconds a connection may take to send a full request.
    let idleTimeout: TimeInterval
    /// `host:port` of the listener, used when a request has no usable `Host` header.
    let fallbackAuthority: String
    /// Validators, 304s and counts per status (see `CacheValidation.swift`).
    let cache: CacheValidation
    /// Keeps the last exchanges for `/_inspector`; nil with the inspector off.
    let inspector: Inspector?
}

// MARK: - One connection

/// Serves the requests of one accepted socket on the current thread until either side closes.
struct Connection {
    /// The socket; closed through `runtime` when `run()` returns.
    let fd: Int32
    /// The running server (wake-up pipe and socket registry).
    let runtime: ServerRuntime
    /// Routes, faults, logs.
    let context: ServerContext

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Reads requests and writes responses until the peer closes, the idle timeout fires, a response closes
    /// the connection, or the server stops.
    func run() {
        var buffer: [UInt8] = []
        while let request = readRequest(&buffer) {
            guard answer(request) else { break }
        }
    }

    // MARK: Reading

    /// The next request, or nil when the connection should close (any error response is already sent).
    private func readRequest(_ buffer: inout [UInt8]) -> HTTPRequest? {
        let deadline = Date().addingTimeInterval(context.idleTimeout)
        // Empty lines before a request line are tolerated (RFC 9112 §2.2): skipped with a cursor (each byte
        // looked at once) and counted toward the head's 16 KiB, so megabytes of them are a prompt 431.
        var start = 0
        var searchFrom = 0
        var headEnd: Int?
        while headEnd == nil {
            while start < buffer.count, buffer[start] == UInt8(ascii: "\r") || buffer[start] == UInt8(ascii: "\n") {
                start += 1
            }
            headEnd = HTTPParser.headerEnd(in: buffer, from: max(start, searchFrom))
            if headEnd != nil { break }
            if buffer.count > HTTPParser.maxHeaderBytes { return reject(.headerTooLarge, language: .rawHead(buffer)) }
            searchFrom = max(0, buffer.count - 3)
            guard fill(&buffer, until: deadline) else { return nil }
        }
        guard let headEnd, headEnd <= HTTPParser.maxHeaderBytes else {
            return reject(.headerTooLarge, language: .rawHead(buffer))
        }

        let head: RequestHead
        do {
            head = try HTTPParser.parseHead(buffer[start..<(headEnd - 4)])
        } catch {
            return reject(error, language: .rawHead(buffer[start..<headEnd]))
        }
        buffer.removeFirst(headEnd)

        if head.isChunked || head.contentLength > buffer.count, head.minorVersion >= 1,
            head.headers["expect"]?.lowercased() == "100-continue"
        {
            guard Socket.sendAll(fd, Self.continueLine) else { return nil }
        }
        let body: Data
        if head.isChunked {
            var decoder = ChunkedDecoder()
            while true {
                do {
                    if try decoder.read(buffer) { break }
                } catch {
                    return reject(error, language: TeachingLanguage.parse(head.headers["accept-language"]))
                }
                guard fill(&buffer, until: deadline) else { return nil }
            }
            body = decoder.body
            buffer.removeFirst(decoder.consumed)
        } else {
            while buffer.count < head.contentLength {
                guard fill(&buffer, until: deadline) else { return nil }
            }
            body = Data(buffer[0..<head.contentLength])
            buffer.removeFirst(head.contentLength)
        }
        return HTTPRequest(head: head, body: body)
    }

    /// Appends what the socket has before `deadline`. False on EOF, error, timeout or stop.
    private func fill(_ buffer: inout [UInt8], until deadline: Date) -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        switch Socket.waitReadable(fd, wakeFD: runtime.wakeFD, timeout: remaining) {
        case .readable: return Socket.receive(fd, into: &buffer) > 0
        case .timedOut, .stopping: return false
        }
    }

    /// Sends the error response for `error`, in `language`, and tells the caller to close.
    private func reject(_ error: HTTPParseError, language: TeachingLanguage) -> HTTPRequest? {
        var response = HTTPResponse.error(error.status, Teaching.unreadableRequest(error).text(language))
        response.fields.append(HTTPResponse.Field(name: "Vary", value: "Accept-Language"))
        Socket.sendAll(fd, Self.head(response, keepAlive: false) + Array(response.body))
        context.logger?("<invalid request> -> \(error.status) (\(response.body.count) bytes, 0 ms)")
        runtime.drainBeforeClose(fd)
        return nil
    }

    // MARK: Answering

    /// Routes `request` (or applies its fault) and writes the response. Returns whether to keep the connection.
    private func answer(_ request: HTTPRequest) -> Bool {
        let started = Date()
        context.log.record(request)
        let injected = context.faults.take(method: request.method, path: request.routePath)
        // An injected close happens before routing, so the request changes nothing on the server.
        if injected == .closeBeforeResponse { return closeWithoutResponse(request) }
        var response = injected.flatMap(Self.faultResponse) ?? route(request)
        // An injected fault wins over one the route asks for (a route file's "fault").
        let fault = injected ?? response.fault
        if fault == .closeBeforeResponse { return closeWithoutResponse(request) }
        if injected == nil, let routed = response.fault, let replacement = Self.faultResponse(routed) {
            let delay = response.delay
            response = replacement
            response.delay = delay
        }
        if case .delay(let seconds)? = fault { response.delay = max(response.delay, seconds) }
        response = context.router.finish(response)  // --delay and CORS on every answer (Router.swift)
        if response.delay > 0, runtime.sleep(response.delay) == false { return false }
        if case .held(let gate)? = fault, gate.wait(sleeping: runtime.sleep) == false { return false }
        response = writable(response, for: request)
        context.inspector?.record(request, response, started: started)

        var keepAlive = request.wantsKeepAlive
        let body = request.method == "HEAD" || response.isBodiless ? Data() : response.body
        var sent = 0
        if var stream = response.stream, request.method != "HEAD" {
            // A large body, written as it is made.
            // A truncation fault cuts it halfway; a slow-body fault waits its interval before each 64 KiB.
            if fault == .truncatedBody { stream.cutHalfway = true }
            var pause: TimeInterval = 0
            if case .slowBody(let interval)? = fault { pause = interval }
            let keep = keepAlive && !stream.cutHalfway
            guard Socket.sendAll(fd, Self.head(response, keepAlive: keep)) else { return false }
            sent = stream.write { (pause == 0 || runtime.sleep(pause)) && Socket.sendAll(fd, $0) }
            logLine(request, response.status, bytes: sent, since: started)
            context.cache.count(path: request.routePath, status: response.status, bytes: sent)
            if !keep { runtime.drainBeforeClose(fd) }
            return keep && sent == (stream.cutHalfway ? stream.length / 2 : stream.length)
        }
        switch fault {
        case .truncatedBody?:
            keepAlive = false
            let half = body.prefix(body.count / 2)
            Socket.sendAll(fd, Self.head(response, keepAlive: false) + Array(half))
            sent = half.count
            runtime.drainBeforeClose(fd)
        case .slowBody(let interval)?:
            guard Socket.sendAll(fd, Self.head(response, keepAlive: keepAlive)) else { return false }
            for byte in body {
                guard runtime.sleep(interval), Socket.sendAll(fd, [byte]) else { return false }
                sent += 1
            }
        default:
            // Log before writing, so a client that reads the response finds the line already logged.
            logLine(request, response.status, bytes: body.count, since: started)
            let head = Self.head(response, keepAlive: keepAlive)
            context.cache.count(path: request.routePath, status: response.status, bytes: head.count + body.count)
            guard Socket.sendAll(fd, head + Array(body)) else { return false }
            if !keepAlive { runtime.drainBeforeClose(fd) }
            return keepAlive
        }
        logLine(request, response.status, bytes: sent, since: started)
        context.cache.count(path: request.routePath, status: response.status, bytes: sent)
        if !keepAlive { runtime.drainBeforeClose(fd) }
        return keepAlive
    }

    /// `response` when its head can be written, else (logged, never sent) a 500: a field name that is not a
    /// token, or a name or value with CR, LF, NUL or another control character, would let whoever chose it
    /// (an id, an upload's part header, a route file) write their own header fields (response splitting).
    private func writable(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        do {
            _ = try response.serializedHead(keepAlive: true)
            return response
        } catch {
            context.logger?(
                "\(request.method) \(request.target) -> 500: refused to write the header field \(error.name) "
                    + "(\(error.reason)); the route's response was not sent. Fix the route or the data it echoes.")
            var refused = HTTPResponse.teaching(500, .unsafeResponseHead, for: request)
            refused.delay = response.delay
            return refused
        }
    }

    /// The head of a response ``writable(_:for:)`` returned (so it cannot fail; an empty head if it ever did).
    private static func head(_ response: HTTPResponse, keepAlive: Bool) -> [UInt8] {
        (try? response.serializedHead(keepAlive: keepAlive)) ?? []
    }

    /// Logs that `request` got no response; returns false (close the connection).
    private func closeWithoutResponse(_ request: HTTPRequest) -> Bool {
        context.logger?("\(request.method) \(request.target) -> closed without a response")
        return false
    }

    /// The router's answer: a 412 when a precondition fails (before the method runs: `If-Match`,
    /// `If-Unmodified-Since`, and `If-None-Match` on unsafe methods, for every route, the `--api` folder's
    /// included), else the route's response with validators, or a 304.
    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let authority = authority(request)
        let headers = request.headers
        let unsafe = request.method != "GET" && request.method != "HEAD"
        if headers["if-match"] != nil || headers["if-unmodified-since"] != nil
            || (unsafe && headers["if-none-match"] != nil),
            Router.knownMethods.contains(request.method), request.method != "OPTIONS",
            let (route, _) = context.router.route(for: request), route.handler(for: request.method) != nil,
            let failed = context.cache.failedPrecondition(
                request, current: context.router.currentRepresentation(for: request, authority: authority))
        {
            return failed
        }
        return context.cache.finish(context.router.respond(to: request, authority: authority), for: request)
    }

    /// Sends `METHOD target -> status (n bytes, t ms)` to the logger (never header values).
    private func logLine(_ request: HTTPRequest, _ status: Int, bytes: Int, since started: Date) {
        guard let logger = context.logger else { return }
        let millis = Int(Date().timeIntervalSince(started) * 1000)
        logger("\(request.method) \(request.target) -> \(status) (\(bytes) bytes, \(millis) ms)")
    }

    /// The request's `Host` header when it looks like a host[:port], else the listener's address.
    private func authority(_ request: HTTPRequest) -> String {
        guard let host = request.headers["host"], !host.isEmpty, host.count < 256,
            host.unicodeScalars.allSatisfy({
                CharacterSet.alphanumerics.contains($0) || "-.:[]_".unicodeScalars.contains($0)
            })
        else { return context.fallbackAuthority }
        return host
    }

    /// The response a fault replaces the route's with, or nil for faults that use the normal response.
    static func faultResponse(_ fault: Fault) -> HTTPResponse? {
        switch fault {
        case .status(let status, let body, let headers):
            let hasType = headers.keys.contains { $0.lowercased() == "content-type" }
            let fields = headers.sorted { $0.key < $1.key }.map { HTTPResponse.Field(name: $0.key, value: $0.value) }
            return HTTPResponse(
                status: status, contentType: hasType ? nil : HTTPResponse.jsonContentType, body: body, fields: fields)
        case .json(let status, let text):
            return HTTPResponse(status: status, contentType: "application/json", body: Data(text.utf8))
        case .malformedJSON:
            return HTTPResponse(status: 200, contentType: "application/json", body: Data(#"{"broken": [1, 2,"#.utf8))
        case .emptyOK:
            return HTTPResponse(status: 200, contentType: "application/json")
        case .noContent:
            return HTTPResponse(status: 204, contentType: nil)
        case .unauthorizedBearer:
            return HTTPResponse(
                status: 401, contentType: HTTPResponse.jsonContentType, body: Data(#"{"error":"unauthorized"}"#.utf8),
                fields: [.init(name: "WWW-Authenticate", value: #"Bearer realm="fixture""#)])
        case .html500:
            let page =
                "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>"
                + "<body><h1>Internal Server Error</h1><p>The fixture server was told to fail.</p></body></html>"
            return HTTPResponse(status: 500, contentType: "text/html; charset=utf-8", body: Data(page.utf8))
        case .redirect(let url, let status):
            return HTTPResponse(
                status: status, contentType: "text/plain; charset=utf-8",
                fields: [.init(name: "Location", value: url.absoluteString)])
        case .delay, .held, .closeBeforeResponse, .truncatedBody, .slowBody:
            return nil
        }
    }
}
