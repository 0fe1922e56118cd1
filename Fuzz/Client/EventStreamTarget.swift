import Foundation

// MARK: - The event-stream reader

/// The input as a `text/event-stream` body (its first byte picks a chunk size, the rest is the stream):
/// read whole, in chunks of that size, and one byte at a time, the reader gives the same events and
/// the same end, and the events (and the last event ID and reconnection time) of ``SpecReading``, a
/// reading of the whole stream as the spec's prose says, kept slow and plain on purpose; no event's type
/// contains a line end, no event's id a NUL or a line end; no reconnection time is negative; nothing is
/// held once the stream has ended.
let eventStreamFuzzTarget = FuzzTarget(name: "event-stream") { data in
    guard let first = data.first else { return }
    let size = Int(first % 16) + 1
    let stream = data.dropFirst()

    var whole = EventStreamReader()
    let events = whole.read(stream)
    let unfinished = whole.finish()
    fuzzCheck(whole.pendingByteCount == 0, "\(whole.pendingByteCount) bytes held after the end")
    let spec = SpecReading(stream)
    fuzzCheck(events == spec.events, "the reader: \(events); the spec: \(spec.events)")
    fuzzCheck(whole.lastEventID == spec.lastEventID, "last event ID \(whole.lastEventID), not \(spec.lastEventID)")
    fuzzCheck(whole.reconnectionTime == spec.reconnectionTime, "reconnection time differs from the spec's")

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

/// A whole stream read as WHATWG HTML's "Interpreting an event stream" says, step by step, on decoded
/// text (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
/// the reference the fast reader is held to.
struct SpecReading {
    private(set) var events: [ServerSentEvent] = []
    private(set) var lastEventID = ""
    private(set) var reconnectionTime: Int?

    init(_ bytes: Data) {
        var text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        if text.first == "\u{FEFF}" { text.removeFirst() }
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var index = 0
        while index < text.count {
            let scalar = text[index]
            index += 1
            guard scalar == "\r" || scalar == "\n" else {
                current.append(scalar)
                continue
            }
            if scalar == "\r", index < text.count, text[index] == "\n" { index += 1 }
            lines.append(current)
            current = []
        }
        // `current`, a last line without a line end, is never processed.
        var dataBuffer = ""
        var typeBuffer = ""
        var idBuffer = ""
        var retry: Int?
        for line in lines {
            let string = String(String.UnicodeScalarView(line))
            if line.isEmpty {
                lastEventID = idBuffer
                if !dataBuffer.isEmpty {
                    dataBuffer.removeLast()
                    events.append(
                        ServerSentEvent(
                            id: lastEventID.isEmpty ? nil : lastEventID,
                            event: typeBuffer.isEmpty ? "message" : typeBuffer,
                            data: dataBuffer, retry: retry))
                }
                (dataBuffer, typeBuffer, retry) = ("", "", nil)
                continue
            }
            if line.first == ":" { continue }
            var name = string
            var value = ""
            if let colon = line.firstIndex(of: ":") {
                name = String(String.UnicodeScalarView(line[..<colon]))
                var rest = line[(colon + 1)...]
                if rest.first == " " { rest = rest.dropFirst() }
                value = String(String.UnicodeScalarView(rest))
            }
            switch name {
            case "event": typeBuffer = value
            case "data": dataBuffer += value + "\n"
            case "id" where !value.unicodeScalars.contains("\u{0}"): idBuffer = value
            case "retry" where !value.isEmpty && value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
                if let milliseconds = Int(value) { (retry, reconnectionTime) = (milliseconds, milliseconds) }
            default: break
            }
        }
    }
}
