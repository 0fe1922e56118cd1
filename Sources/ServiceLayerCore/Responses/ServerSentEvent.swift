import Foundation

/// One event of a `text/event-stream` answer (WHATWG HTML, "Server-sent events"), as a browser's
/// `EventSource` hands it to a page: its type, its data, the last event ID and the reconnection time.
///
/// `APIClient.events(for:reconnect:onEvent:completion:)` and `APIClient.events(for:reconnect:)` deliver them as each event's
/// blank line arrives:
///
/// ```swift
/// client.events(for: Endpoint<Void>("order/1/status"), onEvent: { event in
///     print(event.event, event.data)  // "status" "preparing"
/// }) { result in
///     print(result)  // .success(()) once the server ends the stream
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
    /// The last event ID of the stream when this event was dispatched: the value of the latest `id:`
    /// field (in this event or an earlier one), as `EventSource.lastEventId` reads it; `nil` when no
    /// `id:` field was seen yet, or the latest one was empty. A reconnect sends it as `Last-Event-ID`.
    public var id: String?
    /// The event's type: its `event:` field, `"message"` when the event has none (or an empty one).
    public var event: String
    /// The event's data: its `data:` fields joined with a line feed (`"\n"`), without a final one.
    public var data: String
    /// The reconnection time in milliseconds that a `retry:` field of this event asked for; `nil` when
    /// the event has none (a `retry:` of only digits counts; anything else is ignored, as the spec says).
    public var retry: Int?

    /// An event made by hand (a test's expected event, a stub's).
    /// - Parameters:
    ///   - id: The last event ID; `nil` (none) by default.
    ///   - event: The type; `"message"` by default.
    ///   - data: The data; empty by default.
    ///   - retry: The reconnection time in milliseconds; `nil` (none) by default.
    public init(id: String? = nil, event: String = "message", data: String = "", retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }

    /// The event as the wire would carry it (`id: 3`, `event: status`, `data: ready`), one field a line,
    /// for logs and test failures.
    public var description: String {
        var lines: [String] = []
        if let id { lines.append("id: \(id)") }
        if event != "message" { lines.append("event: \(event)") }
        if let retry { lines.append("retry: \(retry)") }
        lines += data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
        return lines.joined(separator: "\n")
    }
}
