import Foundation

// MARK: - Reading a routes.json stream: an example's "events"

extension MockRouteReader {
    /// The longest wait before one event, in milliseconds: 30 s (as `--delay`).
    static let longestEventWait = 30_000

    /// Reads an example's `"events"`: a non-empty array of events, each `{"data", "event", "id", "retry",
    /// "wait"}` (written as field lines and a blank line) or `{"raw", "wait"}` (written exactly as given:
    /// CR line ends, comments, a byte-order mark, part of an event); `wait` is the milliseconds before it.
    func events(_ node: LocatedJSON, _ field: String) throws(APIFolderError) -> EventStreamBody {
        guard let elements = node.elements, !elements.isEmpty else {
            throw error(node, field, "must be a non-empty array of events, e.g. [{\"data\": \"hello\", \"wait\": 500}]")
        }
        var events: [EventStreamBody.Event] = []
        for (index, element) in elements.enumerated() {
            events.append(try event(element, "\(field)[\(index)]"))
        }
        return EventStreamBody(events: events)
    }

    private func event(_ node: LocatedJSON, _ field: String) throws(APIFolderError) -> EventStreamBody.Event {
        guard let members = node.members else {
            throw error(node, field, "must be an object such as {\"data\": \"hello\", \"wait\": 500}")
        }
        try allow(members, MockRoutes.eventFields, at: field, line: node.line)
        var wait: TimeInterval = 0
        if let value = members["wait"] {
            guard case .int(let milliseconds) = value.value, (0...Self.longestEventWait).contains(milliseconds) else {
                throw error(
                    value, "\(field).wait",
                    "must be a whole number of milliseconds from 0 to \(Self.longestEventWait) (the wait before this event)"
                )
            }
            wait = TimeInterval(milliseconds) / 1000
        }
        if let raw = try string(members["raw"], "\(field).raw") {
            if let other = ["data", "event", "id", "retry"].first(where: { members[$0] != nil }) {
                throw error(
                    members[other]!, "\(field).\(other)", "cannot be combined with raw (write it in the raw text)")
            }
            return EventStreamBody.Event(wait: wait, raw: raw)
        }
        let data = try string(members["data"], "\(field).data")
        let type = try string(members["event"], "\(field).event")
        let id = try string(members["id"], "\(field).id")
        for (name, value) in [("data", data), ("event", type), ("id", id)] {
            guard let value, value.contains("\r") || (name != "data" && value.contains("\n")) else { continue }
            throw error(
                members[name]!, "\(field).\(name)",
                name == "data"
                    ? "must not contain a CR (write several lines with \\n; for CR line ends write the event as raw)"
                    : "must be one line (no CR or LF)")
        }
        var retry: Int?
        if let value = members["retry"] {
            guard case .int(let milliseconds) = value.value, milliseconds >= 0 else {
                throw error(value, "\(field).retry", "must be a whole number of milliseconds, 0 or more")
            }
            retry = milliseconds
        }
        guard data != nil || type != nil || id != nil || retry != nil else {
            throw error(node, field, "needs data, event, id, retry or raw")
        }
        return EventStreamBody.Event(wait: wait, id: id, event: type, retry: retry, data: data)
    }
}
