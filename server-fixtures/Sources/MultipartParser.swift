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
/// delimiters, each part's header fields, its `Content-Disposition` parameters (quoted strings with
/// `\"`, and `%22`/`%0D`/`%0A` as browsers escape them, decoded).
enum MultipartParser {
    /// Why a body is not a form.
    enum Failure: Error, Equatable {
        case noBoundary
        case malformed(String)
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
            let head = String(decoding: bytes[index..<headEnd], as: UTF8.self)
            let contentStart = headEnd + 4
            guard let next = find([13, 10] + delimiter, in: bytes, from: contentStart) else {
                throw .malformed("a part without a closing boundary")
            }
            parts.append(try part(head: head, body: Data(bytes[contentStart..<next])))
            index = next + 2
        }
    }

    private static func part(head: String, body: Data) throws(Failure) -> FormPart {
        var disposition: String?
        var type = "text/plain"
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a part header without a colon") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
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

    /// The `key="value"` (or `key=token`) parameters after the first `;`, keys lowercased.
    static func parameters(of value: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Substring(value).unicodeScalars[...]
        guard let semicolon = scalars.firstIndex(of: ";") else { return result }
        scalars = scalars[scalars.index(after: semicolon)...]
        while !scalars.isEmpty {
            while let first = scalars.first, first == " " || first == ";" { scalars.removeFirst() }
            guard let equals = scalars.firstIndex(of: "=") else { break }
            let key = String(String.UnicodeScalarView(scalars[..<equals])).trimmingCharacters(in: .whitespaces)
                .lowercased()
            scalars = scalars[scalars.index(after: equals)...]
            var text = String.UnicodeScalarView()
            if scalars.first == "\"" {
                scalars.removeFirst()
                while let scalar = scalars.first {
                    scalars.removeFirst()
                    if scalar == "\\", let escaped = scalars.first {
                        text.append(escaped)
                        scalars.removeFirst()
                    } else if scalar == "\"" {
                        break
                    } else {
                        text.append(scalar)
                    }
                }
            } else {
                while let scalar = scalars.first, scalar != ";" {
                    text.append(scalar)
                    scalars.removeFirst()
                }
            }
            result[key] = String(text).trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
                .replacingOccurrences(of: "%0A", with: "\n")
        }
        return result
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
