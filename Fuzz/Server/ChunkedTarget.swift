import Foundation

// MARK: - Chunked request bodies

/// `ChunkedDecoder` on any bytes, three ways:
/// - read at once and read as the bytes arrive in pieces, it decides the same (body, end, error);
/// - a body it completes is the body a plain decoder (sizes, data, CRLF, trailers) reads from the same bytes;
/// - the input's bytes sent as chunks of sizes taken from the input (hex in either case, some with an
///   extension, a trailer) decode back to themselves, ending where the encoding ends.
let chunkedFuzzTarget = FuzzTarget(name: "chunked") { data in
    let bytes = [UInt8](data)
    let whole = ChunkedOutcome(bytes, step: bytes.count + 1)
    let step = 1 + Int(bytes.first ?? 0) % 13
    let pieces = ChunkedOutcome(bytes, step: step)
    fuzzCheck(whole == pieces, "read at once: \(whole); read \(step) bytes at a time: \(pieces)")
    fuzzCheck(whole.body.count <= HTTPParser.maxBodyBytes, "a body past the cap")
    if whole.complete {
        let plain = plainChunkedBody(Array(bytes[0..<whole.consumed]))
        fuzzCheck(plain == whole.body, "the plain decoder reads \(String(describing: plain)), not \(whole.body)")
    }
    let body = Array(bytes.prefix(2048))
    let encoded = chunkedEncoding(of: body, sizesFrom: bytes)
    let decoded = ChunkedOutcome(encoded + Array("GET".utf8), step: encoded.count + 4)
    fuzzCheck(
        decoded.complete && decoded.body == body && decoded.consumed == encoded.count && decoded.error == nil,
        "the chunked encoding of \(body.count) bytes decodes as \(decoded)")
}

/// What a decoder made of a buffer: the body so far, where it stopped, whether complete, the error if any.
struct ChunkedOutcome: Equatable, CustomStringConvertible {
    var body: [UInt8] = []
    var consumed = 0
    var complete = false
    var error: HTTPParseError?

    /// Feeds `bytes` to a new decoder as a buffer growing by `step` bytes each read.
    init(_ bytes: [UInt8], step: Int) {
        var decoder = ChunkedDecoder()
        var end = 0
        repeat {
            end = min(bytes.count, end + step)
            do {
                complete = try decoder.read(Array(bytes[0..<end]))
            } catch {
                self.error = error
                break
            }
        } while !complete && end < bytes.count
        body = [UInt8](decoder.body)
        consumed = decoder.consumed
        if error != nil { consumed = 0 }
    }

    var description: String {
        "body \(body.count) bytes, consumed \(consumed), complete \(complete), error \(String(describing: error))"
    }
}

/// RFC 9112 §7.1 read plainly: a size line (hex digits, anything after them up to CRLF ignored), that many
/// bytes and CRLF, again until size 0, then lines up to an empty one; nil unless that uses all of `bytes`.
func plainChunkedBody(_ bytes: [UInt8]) -> [UInt8]? {
    var index = 0
    var body: [UInt8] = []
    func line() -> ArraySlice<UInt8>? {
        var end = index
        while end + 1 < bytes.count, !(bytes[end] == 13 && bytes[end + 1] == 10) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        defer { index = end + 2 }
        return bytes[index..<end]
    }
    while true {
        guard let sizeLine = line() else { return nil }
        let digits = sizeLine.prefix { $0 < 128 && Character(Unicode.Scalar($0)).isHexDigit }
        guard !digits.isEmpty, digits.count <= 8, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
        else { return nil }
        if size == 0 {
            while let trailer = line() {
                if trailer.isEmpty { return index == bytes.count ? body : nil }
            }
            return nil
        }
        guard index + size + 2 <= bytes.count, bytes[index + size] == 13, bytes[index + size + 1] == 10 else {
            return nil
        }
        body += bytes[index..<(index + size)]
        index += size + 2
    }
}

/// `body` as chunks whose sizes come from `sizes` (1 to 64 bytes, or 300 for a zero byte), size lines in
/// upper or lower case, some with an extension, then the last chunk and one trailer field.
func chunkedEncoding(of body: [UInt8], sizesFrom sizes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    var turn = 0
    while index < body.count {
        let seed = sizes.isEmpty ? 7 : sizes[turn % sizes.count]
        let size = min(body.count - index, seed == 0 ? 300 : 1 + Int(seed) % 64)
        let hex = String(size, radix: 16, uppercase: turn % 2 == 0)
        out += Array(hex.utf8) + (seed % 3 == 0 ? Array(" ;name=\"v\"".utf8) : []) + [13, 10]
        out += body[index..<(index + size)] + [13, 10]
        index += size
        turn += 1
    }
    out += Array("0\r\nx-checksum: 1\r\n\r\n".utf8)
    return out
}
