import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One event stream from start to end: its connections one after another (a `GET` stream connects again
/// after a cut, by its ``ReconnectPolicy``), each connection's events handed to the consumer as they
/// arrive, and the stream's end reported once.
///
/// Each connection is an ordinary call of the client (`APIClient.send(_:delivery:)`): the request is
/// built, hooked, authenticated, guarded on redirects and redacted as every call's is; its endpoint only
/// gains an ``EventSink`` (the data task hands it each chunk), `Accept: text/event-stream` unless it
/// names another, `Last-Event-ID` on a reconnect, and no retry, coalescing or response cache (a stream
/// is not repeated, shared or kept: it reconnects instead).
final class EventStream: Sendable {
    /// Takes a chunk's events (on URLSession's delegate queue), with the URL that answered and the stream
    /// itself (to end it early: a `[DONE]`, an event that does not decode).
    typealias Consumer = @Sendable (_ events: [ServerSentEvent], _ url: URL?, _ stream: EventStream) -> Void

    /// How a connection ended, when it did not fail.
    enum Answer: Sendable {
        /// The body ended cleanly after its last event.
        case ended
        /// `204 No Content`: the server says "stop for good".
        case noContent
    }

    private struct State {
        /// The connection under way; `nil` between connections.
        var connection: RequestHandle?
        /// The wait before the next connection.
        var wait = OneShotTimer.Token.none
        /// Whether the stream is over (ended, failed or cancelled): nothing more is delivered or started.
        var stopped = false
        /// Reconnects in a row without an event in between.
        var attempts = 0
        var lastEventID = ""
        var reconnectionTime: Int?
    }

    private let client: APIClient
    /// The endpoint as given, every part but its reading (each connection gets a reading of its own).
    private let template: Endpoint<Void>
    private let policy: ReconnectPolicy
    /// What each connection watches for: an `error` event (the decoded streams), a buffering proxy.
    private let watch: EventSink.Watch
    /// Receives each chunk's events, on URLSession's delegate queue, until the stream stops.
    private let consume: Consumer
    /// Receives the stream's end, once.
    private let finish: @Sendable (Result<Void, APIError>) -> Void
    private let state = Locked(State())
    /// Where connections end and reconnects wait.
    private static let queue = DispatchQueue(label: "ServiceLayer.EventStream")

    /// A stream of `endpoint`'s events; call ``start()`` to connect.
    /// - Parameters:
    ///   - policy: When a cut `GET` stream connects again (any other method never does), and how long an
    ///     event may stay unfinished while bytes arrive.
    ///   - endsAtErrorEvent: Whether an `error` event ends the stream with
    ///     ``EventStreamProblem/errorEvent(type:data:id:)`` instead of reaching `consume`.
    ///   - consume: Receives each chunk's events (on URLSession's delegate queue).
    ///   - finish: Receives the end, once: success when the server ended the stream (or answered 204).
    init<Response>(
        client: APIClient, endpoint: Endpoint<Response>, policy: ReconnectPolicy, endsAtErrorEvent: Bool,
        consume: @escaping Consumer,
        finish: @escaping @Sendable (Result<Void, APIError>) -> Void
    ) {
        self.client = client
        self.template = endpoint.reading(.anywhere { outcome, _ in outcome.map { _ in () } })
        self.watch = EventSink.Watch(endsAtErrorEvent: endsAtErrorEvent, bufferingLimit: policy.bufferingLimit)
        self.policy = endpoint.method == .get ? policy : .never
        self.consume = consume
        self.finish = finish
    }

    /// Whether the stream is over: a consumer stops handing on events it still holds.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Makes the first connection.
    func start() {
        connect()
    }

    /// Stops the stream without reporting an end (its caller cancelled: the call reports that): the
    /// connection is closed, a wait before a reconnect ends, no event is handed on any more.
    func stop() {
        let (connection, wait) = state.withLock { state -> (RequestHandle?, OneShotTimer.Token) in
            state.stopped = true
            defer { state.connection = nil; state.wait = .none }
            return (state.connection, state.wait)
        }
        wait.cancel()
        connection?.cancel()
    }

    /// Ends the stream with `result`, unless it is over already: the connection is closed first (a
    /// consumer that read `[DONE]`, or found an event it cannot read).
    func end(with result: Result<Void, APIError>) {
        let (connection, wait, first) = state.withLock { state -> (RequestHandle?, OneShotTimer.Token, Bool) in
            let first = !state.stopped
            state.stopped = true
            defer { state.connection = nil; state.wait = .none }
            return (state.connection, state.wait, first)
        }
        wait.cancel()
        connection?.cancel()
        if first { finish(result) }
    }

    // MARK: - One connection

    private func connect() {
        let (lastEventID, reconnectionTime) = state.withLock { ($0.lastEventID, $0.reconnectionTime) }
        let sink = EventSink(lastEventID: lastEventID, reconnectionTime: reconnectionTime, watch: watch) {
            [weak self] events, url in
            guard let self, !self.isStopped else { return }
            self.consume(events, url, self)
        }
        var endpoint = template.reading(Self.reading(sink))
        endpoint.extras.eventSink = sink
        endpoint.extras.coalesces = false
        endpoint.extras.retryPolicy = .never
        endpoint.extras.retriesNonIdempotent = false
        endpoint.extras.responseCacheChoice = .none
        endpoint.extras.keptBody = nil
        endpoint.extras.progress = nil
        if !endpoint.headers.keys.contains(where: { $0.caseInsensitiveCompare("Accept") == .orderedSame }) {
            endpoint.headers["Accept"] = "text/event-stream"
        }
        if !lastEventID.isEmpty { endpoint.headers["Last-Event-ID"] = lastEventID }
        let handle = client.send(
            endpoint,
            delivery: .queue(Self.queue) { [self] result in
                connectionEnded(result, sink.end())
            })
        let cancelNow = state.withLock { state -> Bool in
            guard !state.stopped else { return true }
            state.connection = handle
            return false
        }
        if cancelNow { handle.cancel() }
    }

    /// How a connection's outcome is read: 204 is the end for good; a 2xx event stream ended cleanly, or
    /// cut in the middle of an event; a 2xx of another type is not an event stream (its first bytes kept);
    /// what the sink cut the connection for (an event too large, an `error` event, a buffering proxy) is
    /// the stream's error. Each error goes on through the call's checks, as every call's does: it keeps
    /// none of the request's secrets and names its URL.
    private static func reading(_ sink: EventSink) -> ResponseReading<Answer> {
        .anywhere { outcome, _ in
            let end = sink.end()
            if let failure = end.failure { return .failure(.eventStream(failure, url: nil)) }
            let cut = APIError.eventStream(
                .cutMidEvent(eventsRead: end.delivered, unfinishedBytes: end.unfinishedBytes), url: nil)
            switch outcome {
            case .failure(.transport(let error)) where end.cutMidEvent && error.code == .networkConnectionLost:
                return .failure(cut)
            case .failure(let error):
                return .failure(error)
            case .success(let (body, response)):
                if response.statusCode == 204 { return .success(.noContent) }
                guard end.mode == .events || (end.mode == .undecided && EventSink.isEventStream(response)) else {
                    let type = response.value(forHTTPHeaderField: "Content-Type")
                    return .failure(
                        .eventStream(
                            .notAnEventStream(status: response.statusCode, contentType: type, body: body), url: nil))
                }
                return end.cutMidEvent ? .failure(cut) : .success(.ended)
            }
        }
    }

    /// A connection ended: the stream ends, or (a cut `GET` stream, attempts left) connects again after
    /// the server's `retry:` or the policy's wait.
    private func connectionEnded(_ result: Result<Answer, APIError>, _ end: EventSink.End) {
        let error: APIError
        switch result {
        case .success: return self.end(with: .success(()))
        case .failure(let failure): error = failure
        }
        guard Self.isCut(error) else { return self.end(with: .failure(error)) }
        let delay = policy.delay(retry: end.reconnectionTime)
        let reconnects = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.connection = nil
            if end.delivered > 0 { state.attempts = 0 }
            state.lastEventID = end.lastEventID
            state.reconnectionTime = end.reconnectionTime
            guard state.attempts < policy.maximumAttempts else { return false }
            state.attempts += 1
            return true
        }
        guard reconnects else { return self.end(with: .failure(error)) }
        let timer = OneShotTimer(after: delay, queue: Self.queue) { [self] in
            let goes = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.wait = .none
                return true
            }
            if goes { connect() }
        }
        state.withLock { state in
            guard !state.stopped else { return }
            state.wait = timer.token
            timer.resume()  // under the lock: a stop cannot come between storing it and arming it
        }
    }

    /// Whether `error` is a cut a `GET` stream recovers from by connecting again: the connection lost or
    /// never made, a timeout between two chunks, an event cut in the middle. An answer that is no event
    /// stream, an event too large, an `error` event, a buffering proxy, a non-2xx status or a cancel is not.
    static func isCut(_ error: APIError) -> Bool {
        switch error {
        case .timedOut, .offline, .eventStream(.cutMidEvent, _): return true
        case .transport(let error):
            return [
                .networkConnectionLost, .unknown, .timedOut, .cannotConnectToHost, .notConnectedToInternet,
                .cannotFindHost, .dnsLookupFailed, .resourceUnavailable,
            ].contains(error.code)
        default: return false
        }
    }
}
