import Foundation

/// What went wrong with an event stream (`APIClient.events(for:…)`), with the facts its message names:
/// the payload of ``APIError/eventStream(_:url:)``.
///
/// Why a case of its own, not ``APIError/transport(_:)``: these are not failures of the connection but of
/// what came over it, and each keeps what a learner needs to see (the answer that came instead of
/// events, the event the server sent as an error, how long bytes came without an event), which a
/// `URLError` code cannot carry. A non-2xx answer stays ``APIError/httpStatus(code:body:)`` (its status,
/// its body and its `Retry-After`, as for every call), and a lost connection, a timeout or an event that
/// does not decode keep their usual cases.
public enum EventStreamProblem: Sendable, Hashable {
    /// A 2xx answer whose `Content-Type` is not `text/event-stream` (JSON, an HTML page): no event was
    /// read. `contentType` is the header as sent (`nil` without one); `body` the first bytes of what came
    /// (at most 64 KiB), as ``APIError/responseBody`` returns them.
    case notAnEventStream(status: Int, contentType: String?, body: Data)
    /// The body ended, or the connection was lost, in the middle of an event (its fields read, no blank
    /// line yet): the unfinished event is discarded, as the spec says. `eventsRead` is how many whole
    /// events the connection delivered; `unfinishedBytes` how many bytes the discarded event held. A cut
    /// `GET` stream connects again (``ReconnectPolicy``); this ends it when it may not (a `POST`, or
    /// attempts used up).
    case cutMidEvent(eventsRead: Int, unfinishedBytes: Int)
    /// One event held more than `limit` bytes without its blank line (16 MiB): the client closed the
    /// connection rather than grow without end.
    case eventTooLarge(limit: Int)
    /// The server sent an event of type `error` (as chat-completion APIs do, `event: error` with
    /// `data: {"error":{"message":…}}`): its `type` (`"error"`), its `data` and the stream's last event ID
    /// then (`nil` when none), as the ``ServerSentEvent`` had them. Only the decoded streams
    /// (`events(for:decoding:…)`) end with it: the plain ones deliver it as an event (the spec gives `error`
    /// no meaning). Its message quotes the data's `error.message` or `message` when the data is such JSON;
    /// ``APIError/serverMessage`` reads it, and ``APIError/responseBody`` returns the data.
    case errorEvent(type: String, data: String, id: String?)
    /// Bytes kept arriving for `seconds` without completing one event (an event begun and never ended):
    /// a proxy or the server is likely buffering the stream. `bytesReceived` is how many arrived in that
    /// time. The wait is ``ReconnectPolicy/bufferingLimit``; comments alone (a keep-alive) never count.
    case buffered(seconds: TimeInterval, bytesReceived: Int)
}
