import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Streaming answers whose events carry JSON

extension APIClient {
    /// Reads `endpoint`'s answer as server-sent events whose `data` is JSON, decoding each `message`
    /// event's data as `Value` and handing it to `onValue` on the main actor as it arrives: the shape of
    /// the usual chat-completion streams (`data: {"choices":[…]}` … `data: [DONE]`).
    ///
    /// A `data` of `[DONE]` ends the stream quietly (the connection is closed, `completion` receives
    /// success); an `error` event ends it with ``APIError/eventStream(_:url:)`` carrying the event
    /// (``EventStreamProblem/errorEvent(type:data:id:)``: the message quotes its data's `error.message` or `message`,
    /// as ``APIError/serverMessage`` reads it); events of another type than `message` are skipped; an
    /// event that does not decode ends the stream with ``APIError/decoding(_:)`` naming its coding path,
    /// the event's data as the body. Everything else is as ``events(for:reconnect:onEvent:completion:)``.
    ///
    /// ```swift
    /// let chat = Endpoint<Void>(method: .post, "v1/chat/completions").body(request)
    /// client.events(for: chat, decoding: ChatChunk.self, onValue: { chunk in
    ///     answer += chunk.choices.first?.delta.content ?? ""
    /// }) { result in
    ///     print(result)
    /// }
    /// ```
    /// - Parameters:
    ///   - endpoint: What to send.
    ///   - type: The type each event's data decodes as, with the client's decoder.
    ///   - reconnect: When a cut `GET` stream connects again; ``ReconnectPolicy/default`` by default.
    ///   - onValue: Receives each value, in order, on the main actor.
    ///   - completion: Runs once, on the main actor, after the last value.
    /// - Returns: A handle; ``RequestHandle/cancel()`` closes the connection.
    @discardableResult
    public func events<Response, Value: Decodable & Sendable>(
        for endpoint: Endpoint<Response>,
        decoding type: Value.Type,
        reconnect: ReconnectPolicy = .default,
        onValue: @escaping @MainActor (Value) -> Void,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void
    ) -> RequestHandle {
        let decoder = options.decoder
        return streamEvents(for: endpoint, reconnect: reconnect, endsAtErrorEvent: true, completion: completion) {
            events, url, stream, isCancelled in
            let (values, end) = Self.decode(events, as: Value.self, url: url, decoder: decoder)
            Self.handOnMain(values, unless: isCancelled, to: onValue)
            if let end { stream.end(with: end) }  // after the values: the completion is queued behind them
        }
    }

    /// Reads `endpoint`'s answer as server-sent events whose `data` is JSON, decoding each value on the main
    /// actor: the same call as `events(for:decoding:reconnect:onValue:completion:)` for a type whose
    /// `Decodable` conformance is main-actor isolated (a plain `Codable` struct in an app target with
    /// main-actor default isolation, as Xcode's template makes it). The network work stays off the main
    /// actor; only `init(from:)` runs there.
    /// - Parameters:
    ///   - endpoint: What to send.
    ///   - type: The type each event's data decodes as, with the client's decoder.
    ///   - reconnect: When a cut `GET` stream connects again; ``ReconnectPolicy/default`` by default.
    ///   - onValue: Receives each value, in order, on the main actor.
    ///   - completion: Runs once, on the main actor, after the last value.
    /// - Returns: A handle; ``RequestHandle/cancel()`` closes the connection.
    @MainActor
    @discardableResult
    public func events<Response, Value: Decodable>(
        for endpoint: Endpoint<Response>,
        decoding type: Value.Type,
        reconnect: ReconnectPolicy = .default,
        onValue: @escaping @MainActor (Value) -> Void,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void
    ) -> RequestHandle {
        let decoder = options.decoder
        let decode: @MainActor @Sendable ([ServerSentEvent], URL?) -> ([Value], Result<Void, APIError>?) = {
            Self.decode($0, as: Value.self, url: $1, decoder: decoder)
        }
        // Whether a `[DONE]` or an undecodable event ended the stream: the chunks queued behind it are not
        // read. (Not `stream.isStopped`: a stream the server ended still hands on the chunks before its end.)
        let ended = Locked(false)
        return streamEvents(for: endpoint, reconnect: reconnect, endsAtErrorEvent: true, completion: completion) {
            events, url, stream, isCancelled in
            let handed = Handed(events)
            MainQueue.async {
                guard !isCancelled(), !ended.withLock({ $0 }) else { return }
                let (values, end) = decode(handed.value, url)
                for value in values {
                    guard !isCancelled() else { return }
                    onValue(value)
                }
                guard let end else { return }
                ended.withLock { $0 = true }
                stream.end(with: end)
            }
        }
    }

    /// Reads `endpoint`'s answer as server-sent events whose `data` is JSON: the `async` twin of
    /// `events(for:decoding:reconnect:onValue:completion:)`, for `for try await`. The sequence ends at
    /// `[DONE]` or the end of the stream, and throws at an `error` event (``EventStreamProblem/errorEvent(type:data:id:)``).
    /// - Parameters:
    ///   - endpoint: What to send.
    ///   - type: The type each event's data decodes as, with the client's decoder.
    ///   - reconnect: When a cut `GET` stream connects again; ``ReconnectPolicy/default`` by default.
    /// - Returns: The values, as they arrive; the stream connects when this is called.
    public func events<Response, Value: Decodable & Sendable>(
        for endpoint: Endpoint<Response>, decoding type: Value.Type, reconnect: ReconnectPolicy = .default
    ) -> AsyncThrowingStream<Value, any Error> {
        let decoder = options.decoder
        return streamEvents(for: endpoint, reconnect: reconnect, endsAtErrorEvent: true) { events, url, stream, yield in
            let (values, end) = Self.decode(events, as: Value.self, url: url, decoder: decoder)
            for value in values { yield(value) }
            if let end { stream.end(with: end) }
        }
    }

    /// The values of `events`' `message` events, up to a `[DONE]` (then the end is success) or an event
    /// that does not decode (then the end is its ``APIError/decoding(_:)``); `nil` end
    /// while the stream goes on.
    static func decode<Value: Decodable>(
        _ events: [ServerSentEvent], as type: Value.Type, url: URL?, decoder: JSONDecoder
    ) -> (values: [Value], end: Result<Void, APIError>?) {
        var values: [Value] = []
        for event in events where event.event == "message" {
            if event.data == "[DONE]" { return (values, .success(())) }
            let body = Data(event.data.utf8)
            do {
                values.append(try decoder.decode(Value.self, from: body))
            } catch {
                return (values, .failure(.decoding(DecodingFailure(error, body: body, url: url, status: 200))))
            }
        }
        return (values, nil)
    }
}
