import Foundation

// MARK: - Chunked request bodies

/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 §7.1) as its bytes arrive, in one pass: it keeps
/// its place (``consumed``) and its state between reads, so each byte is looked at once however the body
/// is split. Chunk extensions are checked and dropped; trailer fields are checked with the request head's
/// rules and dropped.
///
/// Limits, each answered at once (never by waiting for the idle timeout):
/// - a chunk extension longer than ``maxExtensionBytes`` → 400;
/// - framing (size lines, extensions, the CRLFs after the data) past ``maxFramingBytes`` in all → 400;
/// - a trailer section past ``HTTPParser/maxHeaderBytes``, as the head → 431;
/// - a body past ``HTTPParser/maxBodyBytes`` → 413;
/// - a line that ends in a bare LF, or a CR not followed by LF → 400: the head needs CRLF, and so does the
///   framing (one line rule, so no other parser on the way can read the body differently).
struct ChunkedDecoder {
    /// The longest chunk extension (everything after the size, up to CRLF): 1 KiB.
    static let maxExtensionBytes = 1024
    /// The most framing bytes one body may have (size lines with extensions and CRLFs): 64 KiB.
    static let maxFramingBytes = 64 * 1024
    /// The most hex digits of a chunk size (8: sizes up to 4 GiB, far past ``HTTPParser/maxBodyBytes``).
    static let maxSizeDigits = 8

    private enum State {
        /// Reading a chunk-size line: its digits so far, then its extension (`semicolon` once its `;` came).
        case size(digits: Int, value: Int, extensionBytes: Int, semicolon: Bool)
        /// A CR ended a size line; LF must follow.
        case sizeLineFeed(size: Int)
        /// Inside a chunk's data, `remaining` bytes to go.
        case data(remaining: Int)
        /// After a chunk's data: CR then LF must follow (`sawCR` after the CR).
        case dataEnd(sawCR: Bool)
        /// Reading a trailer line (or the final empty line); `sawCR` after its CR.
        case trailer(lineStart: Int, sawCR: Bool)
        /// The body is complete.
        case done
    }

    private var state = State.size(digits: 0, value: 0, extensionBytes: 0, semicolon: false)
    /// The body decoded so far.
    private(set) var body = Data()
    /// How many bytes of the buffer this decoder has read (the body ends here once ``isComplete``).
    private(set) var consumed = 0
    private var framingBytes = 0
    private var trailerBytes = 0

    /// Whether the last chunk and the trailer section have been read.
    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Reads the bytes of `buffer` from ``consumed`` on (earlier ones were read by earlier calls and must not
    /// have changed). Returns whether the body is complete; ``consumed`` then says where the next request starts.
    /// - Throws: `.badRequest`, `.headerTooLarge` (trailers) or `.payloadTooLarge`, as listed on the type.
    mutating func read(_ buffer: [UInt8]) throws(HTTPParseError) -> Bool {
        var index = consumed
        defer { consumed = index }
        while index < buffer.count {
            let byte = buffer[index]
            switch state {
            case .size(let digits, let value, let extensionBytes, let semicolon):
                try countFraming()
                if byte == Self.cr {
                    guard digits > 0 else { throw .badRequest(.malformedChunkSize) }
                    state = .sizeLineFeed(size: value)
                } else if byte == Self.lf {
                    throw .badRequest(.chunkSizeBareLF)
                } else if extensionBytes == 0, let digit = HTTPGrammar.hexValue(byte).map(Int.init) {
                    guard digits < Self.maxSizeDigits else { throw .badRequest(.malformedChunkSize) }
                    let size = value << 4 | digit
                    guard size <= HTTPParser.maxBodyBytes - body.count else { throw .payloadTooLarge }
                    state = .size(digits: digits + 1, value: size, extensionBytes: 0, semicolon: false)
                } else {
                    let count = try Self.extensionByte(
                        byte, digits: digits, count: extensionBytes, semicolon: semicolon)
                    state = .size(
                        digits: digits, value: value, extensionBytes: count,
                        semicolon: semicolon || byte == UInt8(ascii: ";"))
                }
                index += 1
            case .sizeLineFeed(let size):
                try countFraming()
                guard byte == Self.lf else { throw .badRequest(.chunkSizeLoneCR) }
                state = size == 0 ? .trailer(lineStart: index + 1, sawCR: false) : .data(remaining: size)
                index += 1
            case .data(let remaining):
                let count = min(remaining, buffer.count - index)
                body.append(contentsOf: buffer[index..<(index + count)])
                index += count
                state = remaining == count ? .dataEnd(sawCR: false) : .data(remaining: remaining - count)
            case .dataEnd(let sawCR):
                try countFraming()
                guard byte == (sawCR ? Self.lf : Self.cr) else { throw .badRequest(.chunkDataWithoutCRLF) }
                state = sawCR ? .size(digits: 0, value: 0, extensionBytes: 0, semicolon: false) : .dataEnd(sawCR: true)
                index += 1
            case .trailer(let lineStart, let sawCR):
                trailerBytes += 1
                guard trailerBytes <= HTTPParser.maxHeaderBytes else { throw .headerTooLarge }
                index += 1
                if sawCR {
                    guard byte == Self.lf else { throw .badRequest(.trailerLoneCR) }
                    let line = buffer[lineStart..<(index - 2)]
                    if line.isEmpty {
                        state = .done
                        return true
                    }
                    _ = try HTTPParser.parseField(line)
                    state = .trailer(lineStart: index, sawCR: false)
                } else if byte == Self.cr {
                    state = .trailer(lineStart: lineStart, sawCR: true)
                } else if byte == Self.lf {
                    throw .badRequest(.trailerBareLF)
                }
            case .done:
                return true
            }
        }
        return isComplete
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Counts one framing byte; throws past ``maxFramingBytes``.
    private mutating func countFraming() throws(HTTPParseError) {
        framingBytes += 1
        guard framingBytes <= Self.maxFramingBytes else {
            throw .badRequest(.chunkFramingTooLong(limit: Self.maxFramingBytes))
        }
    }

    /// The extension length after `byte`: an extension starts right after the size with `;` (optional
    /// whitespace before it, RFC 9112 §7.1.1 BWS), holds no control character but HTAB, and stays within
    /// ``maxExtensionBytes``. `semicolon` says whether the extension's `;` came already.
    private static func extensionByte(
        _ byte: UInt8, digits: Int, count: Int, semicolon: Bool
    ) throws(HTTPParseError) -> Int {
        guard digits > 0 else { throw .badRequest(.malformedChunkSize) }
        let isWhitespace = byte == UInt8(ascii: " ") || byte == 0x09
        if !semicolon, !isWhitespace, byte != UInt8(ascii: ";") { throw .badRequest(.malformedChunkSize) }
        guard byte == 0x09 || (byte >= 0x20 && byte != 0x7F) else {
            throw .badRequest(.chunkExtensionControl)
        }
        guard count < maxExtensionBytes else {
            throw .badRequest(.chunkExtensionTooLong(limit: maxExtensionBytes))
        }
        return count + 1
    }
}
