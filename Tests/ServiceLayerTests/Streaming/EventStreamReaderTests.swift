import Foundation
import XCTest

@testable import ServiceLayerCore

/// The event-stream reader against WHATWG HTML's "Interpreting an event stream", rule by rule, and a
/// transcript of awkward events read whole, split at every byte, and one byte at a time.
final class EventStreamReaderTests: XCTestCase {
    // MARK: - The transcript

    /// Every rule of the spec at least once: a BOM, comments, the three line ends, multi-line data,
    /// UTF-8 of one to four bytes, an `id` with NUL, `retry` with and without digits only, a field
    /// without a colon, an unknown field, an event with no data, an `id` reset, an unfinished event.
    static let transcript = Data(
        ("\u{FEFF}: a comment at the start, after a byte order mark\r\n"
            + "data: first\n\n"
            + "event: status\rdata: two\rdata:  lines\r\r"
            + "id: 7\r\ndata: café ☕️ 𝄞\r\n\r\n"
            + "id: bad\u{0}id\ndata: keeps 7\n\n"
            + "retry: 2500\ndata: with retry\n\n"
            + "retry: 25x\ndata: retry ignored\n\n"
            + "data\n\n"
            + "event: no data\n\n"
            + "data:no space\nunknown: field\n\n"
            + ": a comment\n\n"
            + "id\ndata: id reset\r\n\r\n"
            + "data: unfinished").utf8)

    /// What a browser's `EventSource` hands the page for ``transcript``, written out by hand from the spec.
    static let expected = [
        ServerSentEvent(data: "first"),
        ServerSentEvent(event: "status", data: "two\n lines"),
        ServerSentEvent(id: "7", data: "café ☕️ 𝄞"),
        ServerSentEvent(id: "7", data: "keeps 7"),
        ServerSentEvent(id: "7", data: "with retry", retry: 2500),
        ServerSentEvent(id: "7", data: "retry ignored"),
        ServerSentEvent(id: "7", data: ""),
        ServerSentEvent(id: "7", data: "no space"),
        ServerSentEvent(id: nil, data: "id reset"),
    ]

    func testTheTranscriptReadWhole() {
        var reader = EventStreamReader()
        XCTAssertEqual(reader.read(Self.transcript), Self.expected)
        XCTAssertEqual(reader.reconnectionTime, 2500)
        XCTAssertTrue(reader.finish(), "the last event is unfinished")
    }

    func testTheTranscriptSplitAtEveryByte() {
        let bytes = Self.transcript
        for split in 0...bytes.count {
            var reader = EventStreamReader()
            let events = reader.read(bytes.prefix(split)) + reader.read(bytes.dropFirst(split))
            XCTAssertEqual(events, Self.expected, "split after byte \(split)")
            XCTAssertTrue(reader.finish(), "split after byte \(split)")
        }
    }

    func testTheTranscriptOneByteAtATime() {
        var reader = EventStreamReader()
        var events: [ServerSentEvent] = []
        var arrivals: [Int] = []
        for (offset, byte) in Self.transcript.enumerated() {
            let completed = reader.read(Data([byte]))
            events += completed
            arrivals += Array(repeating: offset, count: completed.count)
        }
        XCTAssertEqual(events, Self.expected)
        // Each event came with the byte that ended its blank line, never later.
        let text = Self.transcript
        for offset in arrivals {
            let byte = text[text.startIndex + offset]
            XCTAssertTrue(byte == 0x0A || byte == 0x0D, "an event completed by byte \(offset), \(byte)")
        }
        XCTAssertTrue(reader.finish())
    }

    func testTheTranscriptInChunksOfEverySize() {
        let bytes = Self.transcript
        for size in 1...17 {
            var reader = EventStreamReader()
            var events: [ServerSentEvent] = []
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = min(start + size, bytes.endIndex)
                events += reader.read(bytes[start..<end])
                start = end
            }
            XCTAssertEqual(events, Self.expected, "chunks of \(size)")
        }
    }

    // MARK: - Rule by rule

    func testLineEnds() {
        XCTAssertEqual(read("data: a\n\n"), [ServerSentEvent(data: "a")])
        XCTAssertEqual(read("data: a\r\r"), [ServerSentEvent(data: "a")])
        XCTAssertEqual(read("data: a\r\n\r\n"), [ServerSentEvent(data: "a")])
        XCTAssertEqual(read("data: a\r\ndata: b\rdata: c\n\r\n"), [ServerSentEvent(data: "a\nb\nc")])
        XCTAssertEqual(read("data: a\n\r\n\n"), [ServerSentEvent(data: "a")], "one event, then a blank line")
        XCTAssertEqual(read("data: a\n\r\rdata: b\n\n"), [ServerSentEvent(data: "a"), ServerSentEvent(data: "b")])
    }

    func testACarriageReturnAtAChunksEndAndItsLineFeedInTheNext() {
        var reader = EventStreamReader()
        XCTAssertEqual(reader.read(Data("data: a\r".utf8)), [])
        XCTAssertEqual(reader.read(Data("\ndata: b\r".utf8)), [])
        XCTAssertEqual(reader.read(Data("\n\r".utf8)), [ServerSentEvent(data: "a\nb")])
        XCTAssertEqual(reader.read(Data("\n".utf8)), [], "the LF of the CRLF blank line ends nothing more")
        XCTAssertEqual(reader.read(Data("\n".utf8)), [], "a second blank line: no data, no event")
        XCTAssertEqual(reader.read(Data()), [])
        XCTAssertFalse(reader.finish())
    }

    func testACarriageReturnThenAnEmptyChunkThenALineFeed() {
        var reader = EventStreamReader()
        XCTAssertEqual(reader.read(Data("data: a\r".utf8)), [])
        XCTAssertEqual(reader.read(Data()), [])
        XCTAssertEqual(reader.read(Data("\n\n".utf8)), [ServerSentEvent(data: "a")])
    }

    func testComments() {
        XCTAssertEqual(read(": hello\ndata: a\n: between\ndata: b\n\n"), [ServerSentEvent(data: "a\nb")])
        XCTAssertEqual(read(":\n\n"), [])
        XCTAssertEqual(read(": only comments\n\n: and again\n\n"), [])
    }

    func testFieldsAndValues() {
        XCTAssertEqual(read("data:a\n\n"), [ServerSentEvent(data: "a")], "no space after the colon")
        XCTAssertEqual(read("data:  a\n\n"), [ServerSentEvent(data: " a")], "only one space is dropped")
        XCTAssertEqual(read("data: a: b\n\n"), [ServerSentEvent(data: "a: b")], "the first colon splits")
        XCTAssertEqual(read("data\n\n"), [ServerSentEvent(data: "")], "a field without a colon")
        XCTAssertEqual(read("data\ndata\n\n"), [ServerSentEvent(data: "\n")])
        XCTAssertEqual(read("Data: a\n\n"), [], "names are case-sensitive")
        XCTAssertEqual(read("data : a\n\n"), [], "`data ` is another field")
        XCTAssertEqual(read("foo: x\ndata: a\n\n"), [ServerSentEvent(data: "a")], "unknown fields are ignored")
        XCTAssertEqual(read("data:\tx\n\n"), [ServerSentEvent(data: "\tx")], "only a space is dropped")
    }

    func testEventTypes() {
        XCTAssertEqual(
            read("event: a\ndata: 1\n\ndata: 2\n\n"),
            [ServerSentEvent(event: "a", data: "1"), ServerSentEvent(data: "2")], "the type is reset after each event")
        XCTAssertEqual(read("event: a\n\ndata: 2\n\n"), [ServerSentEvent(data: "2")], "an event without data")
        XCTAssertEqual(read("event:\ndata: 1\n\n"), [ServerSentEvent(data: "1")], "an empty type is a message")
        XCTAssertEqual(read("event: a\nevent: b\ndata: 1\n\n"), [ServerSentEvent(event: "b", data: "1")])
    }

    func testIDs() {
        XCTAssertEqual(
            read("id: 1\ndata: a\n\ndata: b\n\n"),
            [ServerSentEvent(id: "1", data: "a"), ServerSentEvent(id: "1", data: "b")],
            "the last event ID stays until another `id`")
        XCTAssertEqual(read("id: 1\ndata: a\n\nid:\ndata: b\n\n").map(\.id), ["1", nil], "an empty id resets it")
        XCTAssertEqual(read("id: 1\ndata: a\n\nid: 2\u{0}\ndata: b\n\n").map(\.id), ["1", "1"], "NUL: ignored")
        XCTAssertEqual(read("id: 1\n\ndata: b\n\n").map(\.id), ["1"], "an id without data still counts")
        XCTAssertEqual(read("data: a\nid: 3\n\n").map(\.id), ["3"], "the id may follow the data")
        XCTAssertEqual(read("id:  x \ndata: a\n\n").map(\.id), [" x "], "no trimming beyond one space")

        var reader = EventStreamReader()
        _ = reader.read(Data("id: 5\ndata: a\n\nid: 6\ndata: cut".utf8))
        XCTAssertEqual(reader.lastEventID, "5", "an id counts once its event is dispatched")
        XCTAssertTrue(reader.finish())
        XCTAssertEqual(
            reader.read(Data("data: again\n\n".utf8)), [ServerSentEvent(id: "5", data: "again")],
            "a new connection starts from the last event ID")
    }

    func testRetry() {
        var reader = EventStreamReader()
        XCTAssertEqual(reader.read(Data("retry: 1000\n\n".utf8)), [], "retry alone is no event")
        XCTAssertEqual(reader.reconnectionTime, 1000)
        for ignored in ["retry: 10a", "retry: -1", "retry:  100", "retry: 1.5", "retry:", "retry: ١٢", "retry: +5"] {
            var reader = EventStreamReader()
            XCTAssertEqual(reader.read(Data("\(ignored)\ndata: a\n\n".utf8)), [ServerSentEvent(data: "a")], ignored)
            XCTAssertNil(reader.reconnectionTime, ignored)
        }
        var huge = EventStreamReader()
        XCTAssertEqual(
            huge.read(Data("retry: 99999999999999999999999\ndata: a\n\n".utf8)), [ServerSentEvent(data: "a")])
        XCTAssertNil(huge.reconnectionTime, "too large for an Int: ignored")
        XCTAssertEqual(read("retry: 0\ndata: a\n\n"), [ServerSentEvent(data: "a", retry: 0)])
        var unfinished = EventStreamReader()
        _ = unfinished.read(Data("retry: 42\ndata: cut".utf8))
        XCTAssertEqual(unfinished.reconnectionTime, 42, "retry counts as soon as its line ends")
    }

    func testByteOrderMark() {
        XCTAssertEqual(read("\u{FEFF}data: a\n\n"), [ServerSentEvent(data: "a")])
        XCTAssertEqual(read("\u{FEFF}\u{FEFF}data: a\n\n"), [], "only one is skipped: the second is in the name")
        XCTAssertEqual(
            read("data: a\n\n\u{FEFF}data: b\n\n"), [ServerSentEvent(data: "a")], "a BOM later is not skipped")
        XCTAssertEqual(read("data: \u{FEFF}a\n\n"), [ServerSentEvent(data: "\u{FEFF}a")])
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data("data: a\n\n".utf8)
        for split in 0...bom.count {
            var reader = EventStreamReader()
            XCTAssertEqual(
                reader.read(bom.prefix(split)) + reader.read(bom.dropFirst(split)), [ServerSentEvent(data: "a")],
                "split after byte \(split)")
        }
    }

    func testUTF8SplitAcrossChunks() {
        let text = "data: é€𝄞👩‍👩‍👧\n\n"
        let bytes = Data(text.utf8)
        for split in 0...bytes.count {
            var reader = EventStreamReader()
            XCTAssertEqual(
                reader.read(bytes.prefix(split)) + reader.read(bytes.dropFirst(split)),
                [ServerSentEvent(data: "é€𝄞👩‍👩‍👧")], "split after byte \(split)")
        }
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        let bytes =
            Data("data: a".utf8) + Data([0xFF, 0xC3]) + Data("\ndata: b".utf8) + Data([0xE2, 0x82]) + Data("\n\n".utf8)
        var reader = EventStreamReader()
        XCTAssertEqual(reader.read(bytes), [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}\nb\u{FFFD}")])
    }

    func testAnUnfinishedEventIsNeverDispatched() {
        for tail in ["data: a", "data: a\n", "data: a\r\n", "event: x\n", "id: 1\n", "da"] {
            var reader = EventStreamReader()
            XCTAssertEqual(reader.read(Data(tail.utf8)), [], tail)
            XCTAssertTrue(reader.finish(), "\(tail.debugDescription) is an unfinished event")
        }
        for clean in ["", "data: a\n\n", ": comment\n", ": partial comment", "data: a\r\r"] {
            var reader = EventStreamReader()
            _ = reader.read(Data(clean.utf8))
            XCTAssertFalse(reader.finish(), "\(clean.debugDescription) ends cleanly")
        }
    }

    func testPendingBytesAreCounted() {
        var reader = EventStreamReader()
        _ = reader.read(Data("data: 12345\ndata: 678".utf8))
        XCTAssertEqual(reader.pendingByteCount, "12345\n".utf8.count + "data: 678".utf8.count)
        _ = reader.read(Data("\n\n".utf8))
        XCTAssertEqual(reader.pendingByteCount, 0)
    }

    func testTheWireDescription() {
        XCTAssertEqual(
            ServerSentEvent(id: "3", event: "status", data: "a\nb", retry: 10).description,
            "id: 3\nevent: status\nretry: 10\ndata: a\ndata: b")
        XCTAssertEqual(ServerSentEvent(data: "x").description, "data: x")
    }

    // MARK: - Against a reader written from the spec's words, on random input

    /// Random streams of the spec's pieces, read by ``EventStreamReader`` in random chunks and by
    /// ``spec(_:)`` whole: the same events.
    func testRandomStreamsAgainstTheSpecsWords() {
        let pieces = [
            "data", "data:", "data: ", "event: e", "id: 1", "id", "id: \u{0}", "retry: 7", "retry: x", ":", "x",
            "\n", "\r", "\r\n", "\n", "\n", "é", "𝄞", "\u{FEFF}", " ",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement()! }.joined()
            let bytes = Data(text.utf8)
            var reader = EventStreamReader()
            var events: [ServerSentEvent] = []
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = min(start + Int.random(in: 1...5, using: &generator), bytes.endIndex)
                events += reader.read(bytes[start..<end])
                start = end
            }
            XCTAssertEqual(events, Self.spec(text), text.debugDescription)
        }
    }

    /// The spec's algorithm as its words read, on a whole stream: decode, strip one BOM, split lines,
    /// then process each line. Slow and plain, for comparison only.
    static func spec(_ stream: String) -> [ServerSentEvent] {
        var text = Substring(stream)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        var lines: [Substring] = []
        var current = ""
        var scalars = text.unicodeScalars[...]
        var complete = false
        while let scalar = scalars.popFirst() {
            if scalar == "\r" || scalar == "\n" {
                if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                lines.append(Substring(current))
                current = ""
                complete = true
            } else {
                current.unicodeScalars.append(scalar)
                complete = false
            }
        }
        _ = complete  // an unfinished last line is never processed
        var events: [ServerSentEvent] = []
        var data = ""
        var type = ""
        var idBuffer = ""
        var lastID = ""
        var retry: Int?
        for line in lines {
            if line.isEmpty {
                lastID = idBuffer
                if !data.isEmpty {
                    if data.hasSuffix("\n") { data.removeLast() }
                    events.append(
                        ServerSentEvent(
                            id: lastID.isEmpty ? nil : lastID, event: type.isEmpty ? "message" : type, data: data,
                            retry: retry))
                }
                data = ""
                type = ""
                retry = nil
                continue
            }
            if line.hasPrefix(":") { continue }
            let name: Substring
            var value: Substring
            if let colon = line.firstIndex(of: ":") {
                name = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.hasPrefix(" ") { value = value.dropFirst() }
            } else {
                (name, value) = (line, "")
            }
            switch name {
            case "event": type = String(value)
            case "data": data += value + "\n"
            case "id": if !value.contains("\u{0}") { idBuffer = String(value) }
            case "retry":
                if !value.isEmpty, value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) { retry = Int(value) }
            default: break
            }
        }
        return events
    }

    // MARK: - Helpers

    private func read(_ text: String) -> [ServerSentEvent] {
        var reader = EventStreamReader()
        return reader.read(Data(text.utf8))
    }
}
