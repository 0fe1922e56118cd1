import Foundation

// MARK: - Content-Length and Transfer-Encoding: how long the body is

/// Header lines from the input after `POST / HTTP/1.<0 or 1>` and a `Host`: when every line is a valid field,
/// the parser's framing decision (a length, chunked, or its 400, 413 or 501) is the one RFC 9112 §6
/// gives, worked out here from the raw lines with no code of the parser's but the field reader.
let framingFuzzTarget = FuzzTarget(name: "framing") { data in
    let minor = (data.first ?? 0) % 2 == 0 ? 1 : 0
    let fields = [UInt8](data.dropFirst().prefix(4096))
    let head = Array("POST / HTTP/1.\(minor)\r\nHost: example.com\r\n".utf8) + fields
    var lines: [(String, String)] = []
    for line in HTTPParser.splitLines(head[...]).dropFirst() {
        guard let field = try? HTTPParser.parseField(line) else { return }
        lines.append(field)
    }
    guard lines.filter({ $0.0 == "host" }).count == 1 else { return }
    let expected = expectedFraming(lines, minor: minor)
    let actual: Framing
    do throws(HTTPParseError) {
        let parsed = try HTTPParser.parseHead(head[...])
        actual = parsed.isChunked ? .chunked : .length(parsed.contentLength)
    } catch {
        switch error {
        case .payloadTooLarge: actual = .tooLarge
        case .notImplemented: actual = .notImplemented
        default: actual = .bad
        }
    }
    fuzzCheck(actual == expected, "framing \(actual), expected \(expected) for \(lines)")
}

/// A body's framing, or why there is none.
enum Framing: Equatable {
    case length(Int), chunked, bad, tooLarge, notImplemented
}

/// RFC 9112 §6.1–6.3 for a request, written plainly: a `Content-Length` field needs a value (empty list
/// elements aside), all its values the same decimal number of at most 18 digits.
func expectedFraming(_ lines: [(String, String)], minor: Int) -> Framing {
    let blanks = CharacterSet(charactersIn: " \t")
    let lengthLines = lines.filter { $0.0 == "content-length" }
    let lengths = lengthLines.flatMap { $0.1.split(separator: ",").map { $0.trimmingCharacters(in: blanks) } }
        .filter { !$0.isEmpty }
    let codingLines = lines.filter { $0.0 == "transfer-encoding" }
    let codings = codingLines.flatMap {
        $0.1.split(separator: ",").map { $0.trimmingCharacters(in: blanks).lowercased() }
    }
    if !codingLines.isEmpty {
        if !lengthLines.isEmpty || minor == 0 { return .bad }
        guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else { return .bad }
        return codings.count == 1 ? .chunked : .notImplemented
    }
    guard !lengthLines.isEmpty else { return .length(0) }
    guard Set(lengths).count == 1, let text = lengths.first, text.count <= 18,
        text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let length = Int(text)
    else { return .bad }
    return length > HTTPParser.maxBodyBytes ? .tooLarge : .length(length)
}
