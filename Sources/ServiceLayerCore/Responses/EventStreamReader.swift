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
    /// How many events the last chunk completed.
    private var eventsLastRead = 0

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
        // Room for as many events as the last chunk completed: a stream's chunks are alike, so the
        // array seldom grows (each growth moves every event made so far).
        var events: [ServerSentEvent] = []
        events.reserveCapacity(eventsLastRead)
        chunk.withUnsafeBytes { raw in
            read(raw.bindMemory(to: UInt8.self), into: &events)
        }
        eventsLastRead = events.count
        return events
    }

    /// Reads `bytes`, the next bytes of the stream, and appends each event they complete to `events`.
    ///
    /// Line ends are found with `memchr` (vectorised by the C library), the next CR once per chunk while
    /// the stream has none; an event's one `data` line, the usual case, is decoded straight from the chunk
    /// when its blank line is in the same chunk, without a copy into ``data``.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        var start = 0
        if afterCR {
            afterCR = false
            if base[0] == Self.lf { start = 1 }
        }
        // The data of the event under way while it is one line of this chunk, not yet in `data`.
        var chunkData: UnsafeBufferPointer<UInt8>?
        var nextCR = Self.find(Self.cr, base, from: start, to: count)
        while start < count {
            let end = Self.find(Self.lf, base, from: start, to: nextCR)
            guard end < count else { break }
            let piece = UnsafeBufferPointer(start: base + start, count: end - start)
            if line.isEmpty {
                endLine(piece, inChunk: true, chunkData: &chunkData, into: &events)
            } else {
                line.append(contentsOf: piece)
                let whole = line
                line.removeAll(keepingCapacity: true)
                whole.withUnsafeBufferPointer { endLine($0, inChunk: false, chunkData: &chunkData, into: &events) }
            }
            start = end + 1
            if end == nextCR {
                if start == count {
                    afterCR = true
                } else if base[start] == Self.lf {
                    start += 1
                }
                nextCR = Self.find(Self.cr, base, from: start, to: count)
            }
        }
        if let pending = chunkData { keepData(pending) }
        if start < count { line.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start)) }
    }

    /// The index of the first `byte` in `base[from..<to]`, or `to` when there is none.
    @inline(__always)
    private static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to else { return to }
        if base[from] == byte { return from }  // a blank line's LF: no call
        guard let found = memchr(base + from + 1, Int32(byte), to - from - 1) else { return to }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
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

    /// One line, without its line end. `inChunk`: the line lies in the chunk being read (it stays valid
    /// until that read returns), so a `data` value may stay there as `chunkData`.
    private mutating func endLine(
        _ bytes: UnsafeBufferPointer<UInt8>, inChunk: Bool, chunkData: inout UnsafeBufferPointer<UInt8>?,
        into events: inout [ServerSentEvent]
    ) {
        var bytes = bytes
        if atStart {
            atStart = false
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                bytes = UnsafeBufferPointer(rebasing: bytes[3...])
            }
        }
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return dispatchEvent(chunkData: &chunkData, into: &events)
        }
        if base[0] == Self.colon { return }  // a comment
        fieldsRead = true
        // `data:`, the usual line, is told at once; any other name is searched for its colon.
        let colon = Self.startsWithData(base, bytes.count) ? 4 : Self.find(Self.colon, base, from: 0, to: bytes.count)
        let name = UnsafeBufferPointer(start: base, count: colon)
        var valueStart = colon + 1
        if valueStart < bytes.count, base[valueStart] == Self.space { valueStart += 1 }
        valueStart = min(valueStart, bytes.count)
        let value = UnsafeBufferPointer(start: base + valueStart, count: bytes.count - valueStart)
        if Self.is(name, "data") {
            if inChunk, chunkData == nil, data.isEmpty {
                chunkData = value
            } else {
                if let pending = chunkData {
                    keepData(pending)
                    chunkData = nil
                }
                keepData(value)
            }
        } else if Self.is(name, "event") {
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        } else if Self.is(name, "id") {
            if Self.find(0, base, from: valueStart, to: bytes.count) == bytes.count {
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

    /// Whether the `count` bytes at `base` begin with `data:`.
    @inline(__always)
    private static func startsWithData(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        count >= 5 && base[4] == colon && base[0] == 0x64 && base[1] == 0x61 && base[2] == 0x74 && base[3] == 0x61
    }

    /// Adds a `data` line's value and a line feed to ``data``.
    private mutating func keepData(_ value: UnsafeBufferPointer<UInt8>) {
        data.append(contentsOf: value)
        data.append(Self.lf)
    }

    /// Whether the field name `name` is `field` (ASCII), byte for byte.
    @inline(__always)
    private static func `is`(_ name: UnsafeBufferPointer<UInt8>, _ field: StaticString) -> Bool {
        guard name.count == field.utf8CodeUnitCount, let start = name.baseAddress else { return false }
        let expected = field.utf8Start
        for index in 0..<name.count where start[index] != expected[index] { return false }
        return true
    }

    /// A blank line: the event under way is dispatched, unless its data is empty (no `data` line, neither
    /// in ``data`` nor as `chunkData`).
    private mutating func dispatchEvent(
        chunkData: inout UnsafeBufferPointer<UInt8>?, into events: inout [ServerSentEvent]
    ) {
        if idChanged {
            lastEventID = idBuffer
            idChanged = false
        }
        fieldsRead = false
        let eventRetry = retry
        retry = nil
        // The data without its last LF: one line read from this chunk, or the lines kept in `data`.
        let text: String
        if let value = chunkData {
            text = String(decoding: value, as: UTF8.self)
            chunkData = nil
        } else if !data.isEmpty {
            text = data.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(start: $0.baseAddress, count: $0.count - 1), as: UTF8.self)
            }
            data.removeAll(keepingCapacity: true)
        } else {
            if !eventType.isEmpty { eventType.removeAll(keepingCapacity: true) }
            return
        }
        events.append(
            ServerSentEvent(
                id: lastEventID.isEmpty ? nil : lastEventID,
                event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                data: text, retry: eventRetry))
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
