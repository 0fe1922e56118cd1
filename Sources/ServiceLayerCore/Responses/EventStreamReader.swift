import Foundation

/// Reads a `text/event-stream` body as it arrives, in chunks of any size, exactly as WHATWG HTML's
/// "Interpreting an event stream" reads it (https://html.spec.whatwg.org/multipage/server-sent-events.html):
///
/// - lines end with CR, LF or CRLF (a CR at the end of one chunk and the LF at the start of the next are
///   one line end); a leading byte order mark is skipped;
/// - a line starting with `:` is a comment; `name: value` is a field (one space after the colon is
///   dropped), a line without a colon a field with an empty value;
/// - `data` appends its value and a line feed to the event's data, `event` sets its type, `id` sets the
///   last event ID unless the value contains NUL, `retry` sets the reconnection time when the value is
///   ASCII digits only; any other field is ignored;
/// - a blank line dispatches the event, unless its data is empty; the last line feed of the data is
///   dropped. A stream that ends without a blank line dispatches nothing more: an unfinished event is
///   discarded (``finish()`` says whether there was one).
///
/// Bytes are decoded as UTF-8 (invalid sequences become U+FFFD) one whole line at a time: a line feed
/// or carriage return never occurs inside a multi-byte sequence, so a character split between two
/// chunks is read whole.
struct EventStreamReader: Sendable {
    /// The bytes of the line being read, when it began in an earlier chunk.
    private var line: [UInt8] = []
    /// Whether the last byte read was a CR (an LF right after it ends nothing more).
    private var afterCR = false
    /// Whether the stream's first line has not ended yet (a byte order mark may start it).
    private var atStart = true
    /// The data of the event being read, each `data` line followed by an LF.
    private var data: [UInt8] = []
    /// The `event` field of the event being read; empty for `"message"`.
    private var eventType: [UInt8] = []
    /// The `retry` of the event being read.
    private var retry: Int?
    /// The last event ID buffer: what the latest `id` field set (in this stream, or before a reconnect).
    private var idBuffer: String
    /// Whether an `id` field set ``idBuffer`` since the last dispatch (the last event ID then takes it).
    private var idChanged = false
    /// Whether a field was read since the last blank line (an event is under way).
    private var fieldsRead = false

    /// The last event ID as of the last dispatch: what a reconnect sends as `Last-Event-ID`; empty when none.
    private(set) var lastEventID: String
    /// The reconnection time in milliseconds the stream asked for last (`retry:`), `nil` when it never did.
    private(set) var reconnectionTime: Int?

    /// A reader at the start of a stream.
    /// - Parameters:
    ///   - lastEventID: The last event ID of an earlier connection to the same stream (a reconnect's);
    ///     empty (none) by default.
    ///   - reconnectionTime: The reconnection time an earlier connection asked for; `nil` by default.
    init(lastEventID: String = "", reconnectionTime: Int? = nil) {
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    /// The bytes held for the event under way (its data and the unfinished line): what a hostile
    /// server can make grow without ever ending an event.
    var pendingByteCount: Int { line.count + data.count + eventType.count }

    /// Whether an event is under way: a field read since the last blank line, or an unfinished line that
    /// is not a comment. Comments alone (a keep-alive) start none.
    var isEventUnderway: Bool { fieldsRead || (!line.isEmpty && line.first != Self.colon) }

    /// Reads `chunk`, the next bytes of the stream, and returns the events it completes, in order.
    mutating func read(_ chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        chunk.withUnsafeBytes { raw in
            read(raw.bindMemory(to: UInt8.self), into: &events)
        }
        return events
    }

    /// Reads `bytes`, the next bytes of the stream, and appends each event they complete to `events`
    /// (made in place: an event is never copied on its way there).
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        var start = 0
        var index = 0
        let count = bytes.count
        if afterCR, count > 0 {
            afterCR = false
            if bytes[0] == Self.lf {
                start = 1
                index = 1
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == Self.lf || byte == Self.cr {
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if line.isEmpty {
                    endLine(piece, into: &events)
                } else {
                    line.append(contentsOf: piece)
                    let whole = line
                    line.removeAll(keepingCapacity: true)
                    whole.withUnsafeBufferPointer { endLine($0, into: &events) }
                }
                index += 1
                if byte == Self.cr {
                    if index == count {
                        afterCR = true
                    } else if bytes[index] == Self.lf {
                        index += 1
                    }
                }
                start = index
            } else {
                index += 1
            }
        }
        if start < count { line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count])) }
    }

    /// The stream ended: forgets the event under way, and returns whether there was one (fields read
    /// since the last blank line, or an unfinished line that is not a comment) — a stream cut mid-event.
    mutating func finish() -> Bool {
        let unfinished = fieldsRead || (!line.isEmpty && line.first != Self.colon)
        line.removeAll()
        data.removeAll()
        eventType.removeAll()
        retry = nil
        fieldsRead = false
        afterCR = false
        atStart = true
        idBuffer = lastEventID
        idChanged = false
        return unfinished
    }

    // MARK: - One line

    private mutating func endLine(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        var bytes = bytes
        if atStart {
            atStart = false
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                bytes = UnsafeBufferPointer(rebasing: bytes[3...])
            }
        }
        guard let first = bytes.first else { return dispatchEvent(into: &events) }
        if first == Self.colon { return }  // a comment
        fieldsRead = true
        let colon = bytes.firstIndex(of: Self.colon) ?? bytes.count
        let name = UnsafeBufferPointer(rebasing: bytes[0..<colon])
        var valueStart = colon + 1
        if valueStart < bytes.count, bytes[valueStart] == Self.space { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: bytes[min(valueStart, bytes.count)...])
        if Self.is(name, "data") {
            data.append(contentsOf: value)
            data.append(Self.lf)
        } else if Self.is(name, "event") {
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        } else if Self.is(name, "id") {
            if !value.contains(0) {
                idBuffer = String(decoding: value, as: UTF8.self)
                idChanged = true
            }
        } else if Self.is(name, "retry") {
            if let milliseconds = Self.digits(value) {
                retry = milliseconds
                reconnectionTime = milliseconds
            }
        }
    }

    /// Whether the field name `name` is `field` (ASCII), byte for byte.
    @inline(__always)
    private static func `is`(_ name: UnsafeBufferPointer<UInt8>, _ field: StaticString) -> Bool {
        guard name.count == field.utf8CodeUnitCount, let start = name.baseAddress else { return false }
        return memcmp(start, field.utf8Start, name.count) == 0
    }

    /// A blank line: the event under way is dispatched, unless its data is empty.
    private mutating func dispatchEvent(into events: inout [ServerSentEvent]) {
        if idChanged {
            lastEventID = idBuffer
            idChanged = false
        }
        fieldsRead = false
        let eventRetry = retry
        retry = nil
        guard !data.isEmpty else {
            if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
            return
        }
        // The event is made in place, its data without the last LF.
        let text = data.withUnsafeBufferPointer { String(decoding: $0.dropLast(), as: UTF8.self) }
        events.append(
            ServerSentEvent(
                id: lastEventID.isEmpty ? nil : lastEventID,
                event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                data: text, retry: eventRetry))
        data.removeAll(keepingCapacity: true)
        if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
    }

    /// `value` as a base-ten integer when it is ASCII digits only (and not empty); `nil` when it is
    /// not, or is too large for an `Int` (a reconnection time of 292 million years is no time at all).
    private static func digits(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !value.isEmpty else { return nil }
        var result = 0
        for byte in value {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
            if overflow || overflow2 { return nil }
            result = sum
        }
        return result
    }

    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
}
