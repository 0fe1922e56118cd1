import Foundation

// MARK: - The event-stream reader

/// The input as a `text/event-stream` body (its first byte picks a chunk size, the rest is the stream):
/// read whole, in chunks of that size, and one byte at a time, the reader gives the same events and
/// the same end; no event's type contains a line end, no event's id a NUL or a line end; no reconnection
/// time is negative; nothing is held once the stream has ended.
let eventStreamFuzzTarget = FuzzTarget(name: "event-stream") { data in
    guard let first = data.first else { return }
    let size = Int(first % 16) + 1
    let stream = data.dropFirst()

    var whole = EventStreamReader()
    let events = whole.read(stream)
    let unfinished = whole.finish()
    fuzzCheck(whole.pendingByteCount == 0, "\(whole.pendingByteCount) bytes held after the end")

    var chunked = EventStreamReader()
    var chunkedEvents: [ServerSentEvent] = []
    var start = stream.startIndex
    while start < stream.endIndex {
        let end = min(start + size, stream.endIndex)
        chunkedEvents += chunked.read(stream[start..<end])
        start = end
    }
    fuzzCheck(chunkedEvents == events, "chunks of \(size): \(chunkedEvents) instead of \(events)")
    fuzzCheck(chunked.finish() == unfinished, "chunks of \(size) end otherwise")

    var bytewise = EventStreamReader()
    var bytewiseEvents: [ServerSentEvent] = []
    for byte in stream { bytewiseEvents += bytewise.read(Data([byte])) }
    fuzzCheck(bytewiseEvents == events, "one byte at a time: \(bytewiseEvents) instead of \(events)")
    fuzzCheck(bytewise.finish() == unfinished, "one byte at a time ends otherwise")

    for event in events {
        fuzzCheck(!event.event.isEmpty, "an empty type")
        // Only CR and LF end a line here (a form feed or U+2028, newlines to `Character.isNewline`, do not).
        fuzzCheck(
            !event.event.unicodeScalars.contains { $0 == "\n" || $0 == "\r" },
            "a type with a line end: \(event.event.debugDescription)")
        if let id = event.id {
            fuzzCheck(!id.isEmpty && !id.contains("\u{0}"), "an id \(id.debugDescription)")
            fuzzCheck(!id.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "an id with a line end")
        }
        fuzzCheck(!event.data.unicodeScalars.contains("\r"), "data with a CR: \(event.data.debugDescription)")
        if let retry = event.retry { fuzzCheck(retry >= 0, "a retry of \(retry)") }
    }
}
