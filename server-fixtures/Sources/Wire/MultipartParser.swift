import Foundation

// MARK: - multipart/form-data (RFC 7578)

/// One part of a `multipart/form-data` body.
struct FormPart: Sendable, Equatable {
    /// The `name` parameter of its `Content-Disposition`.
    let name: String
    /// The `filename` parameter, for a file; nil for a text field.
    let fileName: String?
    /// Its `Content-Type`, `text/plain` when it has none (RFC 7578 §4.4).
    let contentType: String
    /// Its bytes.
    let body: Data
}

/// Parses a `multipart/form-data` body: the boundary from the `Content-Type`, the parts between the
/// delimiters, each part's header fields (with the request head's line rules: CRLF only, no bare CR or LF,
/// no control character in a value), and its `Content-Disposition` parameters.
///
/// The quoting rule for `name` and `filename`, shared with the client's `MultipartForm`: the sender
/// percent-encodes `"` (`%22`), CR (`%0D`), LF (`%0A`), `%` (`%25`), `\` (`%5C`) and every other C0 control
/// and DEL as `%XX`, and sends non-ASCII as raw UTF-8. This receiver ends a quoted string at the first `"`
/// (a backslash is an ordinary character, never an escape), then decodes each `%` followed by two hex
/// digits; anything else is kept literally.
enum MultipartParser {
    /// Why a body is not a form.
    enum Failure: Error, Equatable {
        case noBoundary
        /// What is wrong with the body's framing, in English.
        case malformed(String)
        /// A part's header field that breaks the header line rules: the parser's error for it.
        case malformedPartField(HTTPParseError)
    }

    /// The boundary parameter of a `multipart/form-data` content type.
    static func boundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value =
                pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") ? String(pair[1].dropFirst().dropLast()) : pair[1]
            return (1...70).contains(value.count) ? value : nil
        }
        return nil
    }

    /// The parts of `body` sent with `contentType`.
    static func parse(_ body: Data, contentType: String?) throws(Failure) -> [FormPart] {
        guard let boundary = boundary(of: contentType) else { throw .noBoundary }
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        guard var index = find(delimiter, in: bytes, from: 0) else { throw .malformed("no opening boundary") }
        var parts: [FormPart] = []
        while true {
            index += delimiter.count
            if bytes.count >= index + 2, bytes[index] == 45, bytes[index + 1] == 45 { return parts }  // "--": the end
            guard bytes.count >= index + 2, bytes[index] == 13, bytes[index + 1] == 10 else {
                throw .malformed("a boundary not followed by CRLF")
            }
            index += 2
            guard let headEnd = find([13, 10, 13, 10], in: bytes, from: index) else {
                throw .malformed("a part without the blank line after its headers")
            }
            let head = bytes[index..<headEnd]
            let contentStart = headEnd + 4
            guard let next = find([13, 10] + delimiter, in: bytes, from: contentStart) else {
                throw .malformed("a part without a closing boundary")
            }
            parts.append(try part(head: head, body: Data(bytes[contentStart..<next])))
            index = next + 2
        }
    }

    /// One part from its header block (without the blank line) and its content.
    private static func part(head: ArraySlice<UInt8>, body: Data) throws(Failure) -> FormPart {
        var disposition: String?
        var type = "text/plain"
        for line in HTTPParser.splitLines(head) {
            let name: String
            let value: String
            do {
                (name, value) = try HTTPParser.parseField(line)
            } catch {
                throw .malformedPartField(error)
            }
            if name == "content-disposition" { disposition = value }
            if name == "content-type" { type = value }
        }
        guard let disposition, disposition.lowercased().hasPrefix("form-data") else {
            throw .malformed("a part without Content-Disposition: form-data")
        }
        let parameters = self.parameters(of: disposition)
        guard let name = parameters["name"] else { throw .malformed("a part without a name") }
        return FormPart(name: name, fileName: parameters["filename"], contentType: type, body: body)
    }

    /// The `key="value"` (or `key=token`) parameters after the first `;`, keys lowercased, values decoded with
    /// the quoting rule above (a quoted value ends at the first `"`; then `%XX` is decoded).
    static func parameters(of value: String) -> [String: String] {
        var result: [String: String] = [:]
        let bytes = Array(value.utf8)
        guard var index = bytes.firstIndex(of: UInt8(ascii: ";")) else { return result }
        index += 1
        while index < bytes.count {
            while index < bytes.count,
                bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ";")
                    || bytes[index] == 0x09
            {
                index += 1
            }
            guard let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")) else { break }
            let key = String(decoding: bytes[index..<equals], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                .lowercased()
            index = equals + 1
            let raw: ArraySlice<UInt8>
            let quoted = index < bytes.count && bytes[index] == UInt8(ascii: "\"")
            if quoted {
                let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
                raw = bytes[(index + 1)..<close]
                // Anything between the closing quote and the next `;` belongs to no parameter.
                index = min(close + 1, bytes.count)
                index = bytes[index...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            } else {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
                raw = bytes[index..<end]
                index = end
            }
            let decoded = percentDecoded(raw)
            result[key] = quoted ? decoded : decoded.trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// `bytes` with each `%` + two hex digits replaced by that byte, read as UTF-8 (invalid UTF-8 becomes
    /// U+FFFD); a `%` without two hex digits after it stays as it is.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = HTTPGrammar.hexValue(bytes[index + 1]), let low = HTTPGrammar.hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
