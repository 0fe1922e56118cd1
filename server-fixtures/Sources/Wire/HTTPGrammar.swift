// MARK: - HTTP's grammar: the byte classes every part of the server checks against

/// The character classes of HTTP's grammar, in one place: the parser, the response writer, CORS, the chunked
/// decoder and the percent-decoders all ask here.
enum HTTPGrammar {
    /// Whether `byte` is an RFC 9110 `tchar` (§5.6.2): an ASCII letter or digit, or one of
    /// ``!#$%&'*+-.^_`|~``. A method, a field name and every other `token` is one or more of these.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `bytes` is an RFC 9110 `token`: one or more `tchar`s (pass a string's `utf8`).
    static func isToken<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenByte)
    }

    /// `byte` with an ASCII capital letter made small (field names compare case-insensitively, RFC 9110 §5.1);
    /// every other byte as it is.
    static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The value of an RFC 5234 `HEXDIG` (`0`–`9`, `a`–`f`, `A`–`F`, either case), or nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
