import Foundation

/// When an event stream (`APIClient.events(for:reconnect:onEvent:completion:)`) connects again after its connection
/// was cut, as a browser's `EventSource` does (WHATWG HTML, "Server-sent events"): only a `GET` stream,
/// after a cut (a lost connection, a timeout between two chunks, an event cut in the middle), after the
/// wait the server asked for with `retry:` (or ``defaultDelay``), sending the last event ID as
/// `Last-Event-ID` so that the server can go on where it stopped.
///
/// A `POST` stream (a chat completion) never reconnects: its request is not safe to repeat. A stream the
/// server ends cleanly, a `204 No Content` (the spec's "stop for good"), a non-2xx answer and an answer
/// that is not `text/event-stream` end the stream without a reconnect.
///
/// The policy also says when a stream is given up as buffered (``bufferingLimit``): a proxy that holds
/// the events back is not cured by connecting again.
public struct ReconnectPolicy: Sendable, Hashable {
    /// How many times in a row the stream may connect again without receiving an event in between: a
    /// connection that delivers an event starts the count again. 3 by default.
    public var maximumAttempts: Int
    /// The wait before connecting again when the server never sent a `retry:`, in seconds. 3 by default
    /// (what browsers wait).
    public var defaultDelay: TimeInterval
    /// The longest wait, in seconds, whatever the server's `retry:` asks. 60 by default.
    public var maximumDelay: TimeInterval
    /// How long, in seconds, bytes may keep arriving while one event stays unfinished (begun, its blank
    /// line not yet come) before the stream ends with ``EventStreamProblem/buffered(seconds:bytesReceived:)``:
    /// a proxy or the server is then likely buffering the stream, and the message says how to stop it.
    /// 30 by default; 0 turns the check off. A quiet stream (no bytes at all) is never flagged: that is
    /// the timeout's job; nor are comments between events (a keep-alive). The check runs as bytes arrive.
    public var bufferingLimit: TimeInterval

    /// Creates a policy.
    /// - Parameters:
    ///   - maximumAttempts: Reconnects in a row without an event; 3 by default.
    ///   - defaultDelay: The wait without a `retry:` from the server, in seconds; 3 by default.
    ///   - maximumDelay: The longest wait in seconds; 60 by default.
    ///   - bufferingLimit: How long bytes may arrive while one event stays unfinished, in seconds; 30 by
    ///     default, 0 turns the check off.
    public init(
        maximumAttempts: Int = 3, defaultDelay: TimeInterval = 3, maximumDelay: TimeInterval = 60,
        bufferingLimit: TimeInterval = 30
    ) {
        self.maximumAttempts = max(0, maximumAttempts)
        self.defaultDelay = max(0, defaultDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.bufferingLimit = max(0, bufferingLimit)
    }

    /// Three reconnects in a row at most, after the server's `retry:` or 3 s, never more than 60 s; a
    /// stream given up as buffered after 30 s of bytes without its event.
    public static let `default` = ReconnectPolicy()

    /// Never connects again: the first cut ends the stream with its error (the buffering check as by default).
    public static let never = ReconnectPolicy(maximumAttempts: 0)

    /// The wait before the next connection: the server's `retry:` (milliseconds) or ``defaultDelay``,
    /// at most ``maximumDelay``, in seconds.
    /// - Parameter retry: The reconnection time the stream asked for, in milliseconds; `nil` when it did not.
    public func delay(retry: Int?) -> TimeInterval {
        min(maximumDelay, retry.map { TimeInterval($0) / 1000 } ?? defaultDelay)
    }
}
