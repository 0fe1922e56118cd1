import Foundation

// MARK: - Chunked request bodies

/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 §7.1): chunk sizes in hex, chunk extensions
/// ignored, trailer fields read and dropped. Pure functions over the bytes read so far.
enum ChunkedBody {
    /// The longest chunk-size line or trailer line accepted: 4 KiB.
    static let maxLineBytes = 4096

    /// The decoded body and how many bytes of `buffer` it took, or nil while the body is not complete.
    /// - Throws: `.badRequest` for malformed framing, `.payloadTooLarge` past ``HTTPParser/maxBodyBytes``.
    static func decode(_ buffer: [UInt8]) throws(HTTPParseError) -> (body: Data, consumed: Int)? {
        var body = Data()
        var index = 0
        while true {
            guard let (line, next) = try self.line(in: buffer, from: index) else { return nil }
            let sizeText = line.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)[0]
            let digits = String(decoding: sizeText, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                let size = Int(digits, radix: 16)
            else { throw .badRequest("malformed chunk size") }
            index = next
            if size == 0 { break }
            guard body.count + size <= HTTPParser.maxBodyBytes else { throw .payloadTooLarge }
            guard buffer.count >= index + size + 2 else { return nil }
            guard buffer[index + size] == UInt8(ascii: "\r"), buffer[index + size + 1] == UInt8(ascii: "\n") else {
                throw .badRequest("chunk data not followed by CRLF")
            }
            body.append(contentsOf: buffer[index..<(index + size)])
            index += size + 2
        }
        // Trailer fields up to the empty line; they are not merged into the header fields.
        while true {
            guard let (line, next) = try self.line(in: buffer, from: index) else { return nil }
            index = next
            if line.isEmpty { return (body, index) }
            guard line.contains(UInt8(ascii: ":")) else { throw .badRequest("malformed trailer field") }
        }
    }

    /// The bytes up to the next CRLF from `start` and the index after it; nil when no CRLF came yet.
    private static func line(
        in buffer: [UInt8], from start: Int
    ) throws(HTTPParseError) -> (ArraySlice<UInt8>, Int)? {
        var index = start
        while index + 1 < buffer.count {
            if buffer[index] == UInt8(ascii: "\r") && buffer[index + 1] == UInt8(ascii: "\n") {
                return (buffer[start..<index], index + 2)
            }
            guard index - start < maxLineBytes else { throw .badRequest("chunk line too long") }
            index += 1
        }
        guard buffer.count - start < maxLineBytes else { throw .badRequest("chunk line too long") }
        return nil
    }
}
