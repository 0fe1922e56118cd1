import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Streaming answers: server-sent events

extension APIClient {
    /// Reads `endpoint`'s answer as a stream of server-sent events (`text/event-stream`), handing each
    /// event to `onEvent` on the main actor as soon as its blank line arrives — never when the body ends —
    /// on Apple platforms and on Linux alike.
    ///
    /// Any endpoint works: its method, path, query, headers, body and modifiers are used as `send` uses
    /// them (hooks, authenticator, own-origin headers, redirect guard, redaction), its response type is
    /// not. The request asks for `Accept: text/event-stream` unless the endpoint names another `Accept`.
    /// A cut `GET` stream connects again by `reconnect`, sending `Last-Event-ID`; a `POST` never does.
    ///
    /// ```swift
    /// client.events(for: Endpoint<Void>("order/\(id)/status"), onEvent: { event in
    ///     statusLabel.text = event.data
    /// }) { result in
    ///     if case .failure(let error) = result { print(error.localizedDescription) }
    /// }
    /// ```
    /// - Parameters:
    ///   - endpoint: What to send.
    ///   - reconnect: When a cut `GET` stream connects again; ``ReconnectPolicy/default`` by default.
    ///   - onEvent: Receives each event, in order, on the main actor; never after `completion`, nor once
    ///     the call is cancelled.
    ///   - completion: Runs once, on the main actor, after the last event: success when the server ended
    ///     the stream (or answered `204 No Content`), else the ``APIError``; ``APIError/cancelled`` after
    ///     a cancel. An answer that is no event stream, an event cut mid-way (when the stream may not
    ///     connect again), an event too large and a buffering proxy are ``APIError/eventStream(_:url:)``;
    ///     an `error` event is delivered to `onEvent` as any other.
    /// - Returns: A handle; ``RequestHandle/cancel()`` closes the connection.
    @discardableResult
    public func events<Response>(
        for endpoint: Endpoint<Response>,
        reconnect: ReconnectPolicy = .default,
        onEvent: @escaping @MainActor (ServerSentEvent) -> Void,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void
    ) -> RequestHandle {
        streamEvents(for: endpoint, reconnect: reconnect, endsAtErrorEvent: false, completion: completion) {
            events, _, _, isCancelled in
            Self.handOnMain(events, unless: isCancelled, to: onEvent)
        }
    }

    /// Reads `endpoint`'s answer as server-sent events: the `async` twin of
    /// ``events(for:reconnect:onEvent:completion:)``, for `for try await`.
    ///
    /// ```swift
    /// for try await event in client.events(for: Endpoint<Void>("order/\(id)/status")) {
    ///     print(event.data)
    /// }
    /// ```
    ///
    /// The sequence ends when the server ends the stream (or answers `204 No Content`) and throws the
    /// ``APIError`` the callback form would deliver. Leaving the loop, or cancelling the task that reads
    /// it, closes the connection. Events wait in memory until they are read.
    /// - Parameters:
    ///   - endpoint: What to send.
    ///   - reconnect: When a cut `GET` stream connects again; ``ReconnectPolicy/default`` by default.
    /// - Returns: The events, as they arrive; the stream connects when this is called.
    public func events<Response>(for endpoint: Endpoint<Response>, reconnect: ReconnectPolicy = .default)
        -> AsyncThrowingStream<ServerSentEvent, any Error>
    {
        streamEvents(for: endpoint, reconnect: reconnect, endsAtErrorEvent: false) { events, _, _, yield in
            for event in events { yield(event) }
        }
    }
}

// MARK: - The one path every form takes

extension APIClient {
    /// Takes a chunk's events on URLSession's delegate queue, with the URL that answered, the stream (to
    /// end it early: a `[DONE]`, an event that does not decode) and how to hand on a value: each form
    /// of `events(for:…)` is one of these.
    typealias EventsConsumer<Handoff> =
        @Sendable (
            _ events: [ServerSentEvent], _ url: URL?, _ stream: EventStream, _ handoff: Handoff
        ) -> Void

    /// Starts a stream whose end goes to `completion` on the main actor, once: every callback form of
    /// `events(for:…)`. `consume` receives whether the call was cancelled, to stop handing on values.
    /// - Parameters:
    ///   - endsAtErrorEvent: Whether an `error` event ends the stream with
    ///     ``EventStreamProblem/errorEvent(type:data:id:)`` (the decoded forms) instead of reaching `consume`.
    func streamEvents<Response>(
        for endpoint: Endpoint<Response>, reconnect: ReconnectPolicy, endsAtErrorEvent: Bool,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void,
        consume: @escaping EventsConsumer<@Sendable () -> Bool>
    ) -> RequestHandle {
        let call = ExactlyOnceCompletion<Void>(.mainActor(completion).watched())
        // Read before each event: the flag, an atomic load on Linux, rather than the call's lock.
        let cancelled = CancelFlag()
        call.flagCancels(cancelled)
        let stream = EventStream(
            client: self, endpoint: endpoint, policy: reconnect, endsAtErrorEvent: endsAtErrorEvent,
            consume: { events, url, stream in consume(events, url, stream) { cancelled.isSet } },
            finish: { call.finish($0) })
        call.onCancel { stream.stop() }
        stream.start()
        return call.handle
    }

    /// Starts a stream read with `for try await`: every `async` form of `events(for:…)`. `consume` yields
    /// each value; leaving the loop or cancelling the task closes the connection; the end finishes the
    /// sequence, throwing the ``APIError``.
    func streamEvents<Response, Element: Sendable>(
        for endpoint: Endpoint<Response>, reconnect: ReconnectPolicy, endsAtErrorEvent: Bool,
        consume: @escaping EventsConsumer<(Element) -> Void>
    ) -> AsyncThrowingStream<Element, any Error> {
        let (sequence, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let stream = EventStream(
            client: self, endpoint: endpoint, policy: reconnect, endsAtErrorEvent: endsAtErrorEvent,
            consume: { events, url, stream in consume(events, url, stream) { continuation.yield($0) } },
            finish: { result in
                switch result {
                case .success: continuation.finish()
                case .failure(let error): continuation.finish(throwing: error)
                }
            })
        continuation.onTermination = { termination in
            if case .cancelled = termination { stream.stop() }
        }
        stream.start()
        return sequence
    }

    /// Hands `values` to `receive` on the main actor, in order, until `isCancelled` says the call was.
    static func handOnMain<Value: Sendable>(
        _ values: [Value], unless isCancelled: @escaping @Sendable () -> Bool,
        to receive: @escaping @MainActor (Value) -> Void
    ) {
        guard !values.isEmpty else { return }
        MainQueue.async {
            for value in values {
                guard !isCancelled() else { return }
                receive(value)
            }
        }
    }
}
