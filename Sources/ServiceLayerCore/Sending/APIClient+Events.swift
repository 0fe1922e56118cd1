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
    ///     a cancel.
    /// - Returns: A handle; ``RequestHandle/cancel()`` closes the connection.
    @discardableResult
    public func events<Response>(
        for endpoint: Endpoint<Response>,
        reconnect: ReconnectPolicy = .default,
        onEvent: @escaping @MainActor (ServerSentEvent) -> Void,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void
    ) -> RequestHandle {
        let call = ExactlyOnceCompletion<Void>(.mainActor(completion).watched())
        let stream = EventStream(
            client: self, endpoint: endpoint, policy: reconnect,
            consume: { events, _, _ in
                let handed = Handed(events)
                MainQueue.async {
                    for event in handed.value {
                        guard !call.isCancelled else { return }
                        onEvent(event)
                    }
                }
            },
            finish: { call.finish($0) })
        call.onCancel { stream.stop() }
        stream.start()
        return call.handle
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
        let (sequence, continuation) = AsyncThrowingStream.makeStream(of: ServerSentEvent.self)
        let stream = EventStream(
            client: self, endpoint: endpoint, policy: reconnect,
            consume: { events, _, _ in
                for event in events { continuation.yield(event) }
            },
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
}
