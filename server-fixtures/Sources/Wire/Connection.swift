import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - One connection

/// Serves the requests of one accepted socket on the current thread until either side closes.
struct Connection {
    /// The socket; closed through `runtime` when `run()` returns.
    let fd: Int32
    /// The running server (wake-up pipe and socket registry).
    let runtime: ServerRuntime
    /// The server's handler and observer.
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
            if buffer.count > HTTPParser.maxHeaderBytes {
                return reject(.headerTooLarge, acceptLanguage: HTTPParser.rawAcceptLanguage(buffer))
            }
            searchFrom = max(0, buffer.count - 3)
            guard fill(&buffer, until: deadline) else { return nil }
        }
        guard let headEnd, headEnd <= HTTPParser.maxHeaderBytes else {
            return reject(.headerTooLarge, acceptLanguage: HTTPParser.rawAcceptLanguage(buffer))
        }

        let head: RequestHead
        do {
            head = try HTTPParser.parseHead(buffer[start..<(headEnd - 4)])
        } catch {
            return reject(error, acceptLanguage: HTTPParser.rawAcceptLanguage(buffer[start..<headEnd]))
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
                    return reject(error, acceptLanguage: head.headers["accept-language"])
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

    /// Sends the handler's answer to the unreadable request (`error`, the `Accept-Language` it asked for if
    /// that could be read) and tells the caller to close.
    private func reject(_ error: HTTPParseError, acceptLanguage: String?) -> HTTPRequest? {
        let response = context.handler(.unreadable(error, acceptLanguage: acceptLanguage))
        Socket.sendAll(fd, Self.head(response, keepAlive: false) + Array(response.body))
        context.observer?(.note("<invalid request> -> \(error.status) (\(response.body.count) bytes, 0 ms)"))
        runtime.drainBeforeClose(fd)
        return nil
    }

    // MARK: Answering

    /// Hands `request` to the server's handler and writes its response, carrying out the fault it names
    /// (a close, a hold, a cut or slow body). Returns whether to keep the connection.
    private func answer(_ request: HTTPRequest) -> Bool {
        let started = Date()
        var response = context.handler(.request(request, authority: authority(request)))
        let fault = response.fault
        if fault == .closeBeforeResponse { return closeWithoutResponse(request) }
        if response.delay > 0, runtime.sleep(response.delay) == false { return false }
        if case .held(let gate)? = fault, gate.wait(sleeping: runtime.sleep) == false { return false }
        response = writable(response, for: request)
        // A stream notes its events as they go, for whoever the observer hands the response to.
        if response.events != nil, request.method != "HEAD" { response.events?.sent = SentEvents() }
        context.observer?(.answering(request, response, started: started))

        var keepAlive = request.wantsKeepAlive
        let body = request.method == "HEAD" || response.isBodiless ? Data() : response.body
        var sent = 0
        if let events = response.events, request.method != "HEAD" {
            return writeEvents(events, response, for: request, fault: fault, started: started)
        }
        if var stream = response.stream, request.method != "HEAD" {
            // A large body, written as it is made.
            // A truncation fault cuts it halfway; a slow-body fault waits its interval before each 64 KiB.
            if fault == .truncatedBody { stream.cutHalfway = true }
            var pause: TimeInterval = 0
            if case .slowBody(let interval)? = fault { pause = interval }
            let keep = keepAlive && !stream.cutHalfway
            guard Socket.sendAll(fd, Self.head(response, keepAlive: keep)) else { return false }
            sent = stream.write { (pause == 0 || runtime.sleep(pause)) && Socket.sendAll(fd, $0) }
            answered(request, response.status, bodyBytes: sent, wireBytes: sent, since: started)
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
            // Told before writing, so a client that reads the response finds the line already logged.
            let head = Self.head(response, keepAlive: keepAlive)
            answered(
                request, response.status, bodyBytes: body.count, wireBytes: head.count + body.count, since: started)
            guard Socket.sendAll(fd, head + Array(body)) else { return false }
            if !keepAlive { runtime.drainBeforeClose(fd) }
            return keepAlive
        }
        answered(request, response.status, bodyBytes: sent, wireBytes: sent, since: started)
        if !keepAlive { runtime.drainBeforeClose(fd) }
        return keepAlive
    }

    /// Writes an event stream's head and its events as they happen (see `EventStreamBody.swift`),
    /// then closes: a truncation fault cuts it mid-event, an event-stream-error fault ends it with an
    /// `error` event; a client that closes stops it at once.
    private func writeEvents(
        _ events: EventStreamBody, _ response: HTTPResponse, for request: HTTPRequest, fault: Fault?, started: Date
    ) -> Bool {
        var events = events
        if fault == .truncatedBody { events.cutMidEvent = true }
        if case .eventStreamError(let message)? = fault { events.errorMessage = message }
        guard Socket.sendAll(fd, Self.head(response, keepAlive: false)) else { return false }
        let (end, sent) = events.write(to: fd, wakeFD: runtime.wakeFD)
        events.sent?.finish()
        answered(request, response.status, bodyBytes: sent, wireBytes: sent, since: started)
        if end == .clientClosed {
            context.observer?(
                .note(
                    "\(request.method) \(request.target): the client closed the stream after \(sent) bytes; it stopped")
            )
        }
        if end == .finished { runtime.drainBeforeClose(fd) }
        return false
    }

    /// `response` when its head can be written, else (logged, never sent) a 500: a field name that is not a
    /// token, or a name or value with CR, LF, NUL or another control character, would let whoever chose it
    /// (an id, an upload's part header, a route file) write their own header fields (response splitting).
    private func writable(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        do {
            try response.checkFields()
            return response
        } catch {
            context.observer?(
                .note(
                    "\(request.method) \(request.target) -> 500: refused to write the header field \(error.name) "
                        + "(\(error.reason)); the route's response was not sent. Fix the route or the data it echoes."))
            var refused = context.handler(.unwritable(request))
            if (try? refused.checkFields()) == nil { refused = HTTPResponse(status: 500, contentType: nil) }
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
        context.observer?(.note("\(request.method) \(request.target) -> closed without a response"))
        return false
    }

    /// Tells the observer that an answer went out (see ``WireEvent/answered(_:status:bodyBytes:wireBytes:started:)``).
    private func answered(_ request: HTTPRequest, _ status: Int, bodyBytes: Int, wireBytes: Int, since started: Date) {
        context.observer?(
            .answered(request, status: status, bodyBytes: bodyBytes, wireBytes: wireBytes, started: started))
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
}
