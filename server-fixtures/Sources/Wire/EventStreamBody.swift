import Foundation

// MARK: - A body of server-sent events, written as they happen

/// A `text/event-stream` body (WHATWG HTML, "Server-sent events"): events written one at a time, each
/// after its wait, each flushed as it is written (one chunk of `Transfer-Encoding: chunked` per event, on
/// a socket with `TCP_NODELAY`), so a client sees an event the moment it is made.
///
/// The waits are spent watching the socket: a client that closes the connection stops the stream at
/// once (no more work is done for it), and so does the server's `stop()`.
struct EventStreamBody: Sendable, Equatable {
    /// One event: the wait before it, and its text (its field lines and the blank line that ends it).
    struct Event: Sendable, Equatable {
        var wait: TimeInterval
        var text: String

        /// An event of these fields (written `name: value`; `data` as one `data:` line per line of it, none
        /// when nil), after `wait`.
        init(wait: TimeInterval = 0, id: String? = nil, event: String? = nil, retry: Int? = nil, data: String?) {
            var lines: [String] = []
            if let id { lines.append("id: \(id)") }
            if let event { lines.append("event: \(event)") }
            if let retry { lines.append("retry: \(retry)") }
            lines += (data?.split(separator: "\n", omittingEmptySubsequences: false) ?? []).map { "data: \($0)" }
            self.wait = wait
            self.text = lines.joined(separator: "\n") + "\n\n"
        }

        /// Text written exactly as given, after `wait`: field lines and line ends of any kind, comments,
        /// a byte-order mark, part of an event (a `routes.json` stream's `raw` event).
        init(wait: TimeInterval = 0, raw: String) {
            self.wait = wait
            self.text = raw
        }
    }

    /// The events, in order.
    var events: [Event]
    /// Whether the connection is cut in the middle of the event after half of them (``Fault/truncatedBody``).
    var cutMidEvent = false
    /// An `error` event written after half of the events, ending the stream (``Fault/eventStreamError(message:)``).
    var errorMessage: String?
    /// Where each event is noted as it goes, with its time (for the inspector); nil when nobody watches.
    var sent: SentEvents?
    /// Events written after ``events`` as they come, until they end (a recorded upstream's); nil for none.
    var live: LiveEvents?

    /// How often a stream waiting for ``live`` events looks for them: every 20 ms.
    static let livePoll: TimeInterval = 0.02

    /// The header fields of a stream's head: its type, no caching, and no buffering by a proxy that reads
    /// nginx's `X-Accel-Buffering`.
    static let fields: [HTTPResponse.Field] = [
        .init(name: "Cache-Control", value: "no-cache"),
        .init(name: "X-Accel-Buffering", value: "no"),
    ]

    /// The `Content-Type` of an event stream.
    static let contentType = "text/event-stream; charset=utf-8"

    /// A `200` response carrying `body`.
    static func response(_ body: EventStreamBody) -> HTTPResponse {
        var response = HTTPResponse(status: 200, contentType: contentType, fields: fields)
        response.events = body
        return response
    }

    /// How the writing ended.
    enum End: Equatable {
        /// Every event written, and the chunked body's end.
        case finished
        /// The client closed the connection (or a write failed): the stream stopped there.
        case clientClosed
        /// The server is stopping.
        case serverStopping
        /// Cut on purpose (a fault).
        case cut
    }

    /// Writes the events to `fd` as chunks, each after its wait, watching the socket meanwhile (`wakeFD`
    /// is the server's stop pipe); returns how it ended and the body bytes written.
    func write(to fd: Int32, wakeFD: Int32) -> (end: End, bytes: Int) {
        let start = Date()
        var written = 0
        let half = events.count / 2
        for (index, event) in events.enumerated() {
            if index == half, let errorMessage {
                let error = Event(event: "error", data: JSON.encodedString(["error": ["message": errorMessage]]))
                guard send(error.text, to: fd, written: &written, since: start) else { return (.clientClosed, written) }
                return Socket.sendAll(fd, Array("0\r\n\r\n".utf8)) ? (.finished, written) : (.clientClosed, written)
            }
            if event.wait > 0 {
                switch Self.watch(fd, wakeFD: wakeFD, for: event.wait) {
                case .closed: return (.clientClosed, written)
                case .stopping: return (.serverStopping, written)
                case .waited: break
                }
            }
            if index == half, cutMidEvent {
                let cut = String(event.text.prefix(max(1, event.text.count / 2)))
                _ = send(cut, to: fd, written: &written, since: start)
                return (.cut, written)
            }
            guard send(event.text, to: fd, written: &written, since: start) else { return (.clientClosed, written) }
        }
        if let live {
            while true {
                let (texts, ended) = live.take()
                for text in texts {
                    guard send(text, to: fd, written: &written, since: start) else {
                        live.abandon()
                        return (.clientClosed, written)
                    }
                }
                if ended { break }
                switch Self.watch(fd, wakeFD: wakeFD, for: Self.livePoll) {
                case .closed:
                    live.abandon()
                    return (.clientClosed, written)
                case .stopping:
                    live.abandon()
                    return (.serverStopping, written)
                case .waited: continue
                }
            }
        }
        return Socket.sendAll(fd, Array("0\r\n\r\n".utf8)) ? (.finished, written) : (.clientClosed, written)
    }

    /// Writes `text` as one chunk, and notes it in ``sent`` with its time after `start`.
    private func send(_ text: String, to fd: Int32, written: inout Int, since start: Date) -> Bool {
        let bytes = Array(text.utf8)
        guard Socket.sendAll(fd, Array("\(String(bytes.count, radix: 16))\r\n".utf8) + bytes + [13, 10]) else {
            return false
        }
        sent?.append(text, after: Date().timeIntervalSince(start))
        written += bytes.count
        return true
    }

    private enum Watched { case waited, closed, stopping }

    /// Waits `seconds`, or less when the client closes the connection or the server stops. Bytes the
    /// client sends meanwhile (none are expected) are read and dropped.
    private static func watch(_ fd: Int32, wakeFD: Int32, for seconds: TimeInterval) -> Watched {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var scratch: [UInt8] = []
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .waited }
            switch Socket.waitReadable(fd, wakeFD: wakeFD, timeout: remaining) {
            case .timedOut: return .waited
            case .stopping: return .stopping
            case .readable:
                scratch.removeAll(keepingCapacity: true)
                if Socket.receive(fd, into: &scratch) <= 0 { return .closed }
            }
        }
    }
}

extension JSON {
    /// `value` as compact JSON text with sorted keys (see ``JSON/encode(_:)``).
    static func encodedString(_ value: some Encodable) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }
}
