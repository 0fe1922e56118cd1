import Foundation

/// One part of a `multipart/form-data` body a ``URLStub`` received (see ``StubRequest/multipartParts``).
public struct StubFormPart: Sendable, Equatable {
    /// The part's `name`.
    public let name: String
    /// The part's `filename`, for a file; `nil` for a text field.
    public let fileName: String?
    /// The part's `Content-Type`; `nil` when it has none (a text field, usually).
    public let contentType: String?
    /// The part's bytes.
    public let body: Data

    /// The bytes as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

extension StubRequest {
    /// The parts of a `multipart/form-data` body, in order: the boundary read from `Content-Type`, each
    /// part's `Content-Disposition` `name` and `filename` (read by `MultipartForm`'s quoting rule: up to
    /// the first `"`, then every `%XX` decoded) and `Content-Type`. `nil` when the request is not such a
    /// form or its body is malformed.
    public var multipartParts: [StubFormPart]? {
        guard let body, let type = header("Content-Type"), type.lowercased().hasPrefix("multipart/form-data"),
            let boundary = type.components(separatedBy: "boundary=").last?.trimmingCharacters(
                in: CharacterSet(charactersIn: "\" "))
        else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        let separator = Data("\r\n".utf8) + delimiter
        guard var cursor = body.range(of: delimiter)?.upperBound else { return nil }
        var parts: [StubFormPart] = []
        while body[cursor...].starts(with: Data("\r\n".utf8)) {
            let headStart = cursor + 2
            guard let headEnd = body.range(of: Data("\r\n\r\n".utf8), in: headStart..<body.endIndex),
                let next = body.range(of: separator, in: headEnd.upperBound..<body.endIndex)
            else { return nil }
            let head = String(decoding: body[headStart..<headEnd.lowerBound], as: UTF8.self)
            guard let part = Self.part(head: head, body: Data(body[headEnd.upperBound..<next.lowerBound])) else {
                return nil
            }
            parts.append(part)
            cursor = next.upperBound
        }
        return body[cursor...].starts(with: Data("--".utf8)) ? parts : nil
    }

    private static func part(head: String, body: Data) -> StubFormPart? {
        var fields: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let disposition = fields["content-disposition"], let name = parameter("name", in: disposition) else {
            return nil
        }
        return StubFormPart(
            name: name, fileName: parameter("filename", in: disposition), contentType: fields["content-type"],
            body: body)
    }

    /// The quoted parameter `key="…"` of a `Content-Disposition` value: up to the first `"` (a backslash
    /// escapes nothing), then each `%XX` (two hexadecimal digits) decoded as a byte.
    private static func parameter(_ key: String, in value: String) -> String? {
        guard let start = value.range(of: "; \(key)=\"")?.upperBound,
            let end = value[start...].firstIndex(of: "\"")
        else { return nil }
        let quoted = Array(value[start..<end].utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < quoted.count {
            let hex = Array("0123456789abcdefABCDEF".utf8)
            if quoted[index] == UInt8(ascii: "%"), index + 2 < quoted.count, hex.contains(quoted[index + 1]),
                hex.contains(quoted[index + 2]),
                let byte = UInt8(String(decoding: quoted[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(quoted[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
