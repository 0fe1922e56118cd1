import Foundation

// MARK: - Request head parsing

/// The request line and header fields of a request, before its body is read.
struct RequestHead: Sendable {
    /// The method token.
    let method: String
    /// The raw request-target.
    let target: String
    /// The percent-decoded path.
    let path: String
    /// The percent-decoded query items.
    let query: [String: String]
    /// Lowercased header names to values.
    let headers: [String: String]
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    let minorVersion: Int
    /// The declared body length (0 when absent or when the body is chunked).
    let contentLength: Int
    /// Whether the body comes in `Transfer-Encoding: chunked` framing (decoded by ``ChunkedBody``).
    let isChunked: Bool
}

/// Why a request was rejected before routing; each maps to a status code, and the connection then closes.
/// What the answer says is written in each language by `Teaching.unreadableRequest`.
enum HTTPParseError: Error, Equatable {
    /// Malformed request line or header field: 400.
    case badRequest(Problem)
    /// Header block longer than ``HTTPParser/maxHeaderBytes``: 431.
    case headerTooLarge
    /// A transfer coding other than `chunked` (e.g. `gzip, chunked`): 501 (RFC 9112 §6.1).
    case notImplemented(String)
    /// Content-Length above ``HTTPParser/maxBodyBytes``: 413.
    case payloadTooLarge
    /// A well-formed but unsupported HTTP version: 505.
    case versionNotSupported

    /// What is malformed in a 400's request.
    enum Problem: Sendable, Equatable {
        case emptyRequest, malformedRequestLine, invalidMethod, invalidTarget, invalidVersion
        case asteriskNotOptions, targetNotAbsolutePath, invalidPercentEncoding
        case headerWithoutColon, invalidHeaderName, invalidHeaderValue
        case invalidContentLength, duplicateHost, missingHost, invalidHost
        case lengthAndChunked, chunkedInHTTP10, chunkedNotLast
        case malformedChunkSize, chunkSizeBareLF, chunkSizeLoneCR, chunkDataWithoutCRLF
        case trailerLoneCR, trailerBareLF, chunkExtensionControl
        /// Chunk framing over `limit` bytes in all (chunks too small).
        case chunkFramingTooLong(limit: Int)
        /// A chunk extension over `limit` bytes.
        case chunkExtensionTooLong(limit: Int)
    }

    /// The status code answered for this error.
    var status: Int {
        switch self {
        case .badRequest: return 400
        case .headerTooLarge: return 431
        case .notImplemented: return 501
        case .payloadTooLarge: return 413
        case .versionNotSupported: return 505
        }
    }
}

/// Parses HTTP/1.x request heads from raw bytes. Pure functions, no I/O.
enum HTTPParser {
    /// The `Accept-Language` value of a head the parser refused, from its raw bytes: the first field line
    /// named `Accept-Language` (any case) before the empty line, trimmed; nil when there is none. Looks at 16
    /// KiB at most and trusts nothing else of the head (so a refusal can still answer in the asker's language).
    static func rawAcceptLanguage<Bytes: Collection<UInt8>>(_ head: Bytes) -> String? {
        let text = String(decoding: head.prefix(maxHeaderBytes), as: UTF8.self)
        // `\r\n` is one Character in Swift: split on every line end, CRLF or a bare LF.
        for field in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst() {
            if field.isEmpty { break }
            guard let colon = field.firstIndex(of: ":"),
                field[..<colon].lowercased() == "accept-language"
            else { continue }
            return String(field[field.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The largest accepted header block, terminator included: 16 KiB.
    static let maxHeaderBytes = 16 * 1024
    /// The largest accepted body: 1 MiB.
    static let maxBodyBytes = 1 << 20

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Returns the index just past the first `\r\n\r\n` in `buffer`, searching from `start`.
    static func headerEnd(in buffer: [UInt8], from start: Int) -> Int? {
        var index = max(0, start)
        while index + 3 < buffer.count {
            if buffer[index] == cr && buffer[index + 1] == lf && buffer[index + 2] == cr && buffer[index + 3] == lf {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    /// Parses a header block (request line and fields, without the final empty line).
    static func parseHead(_ block: ArraySlice<UInt8>) throws(HTTPParseError) -> RequestHead {
        let lines = splitLines(block)
        guard let requestLine = lines.first else { throw .badRequest(.emptyRequest) }
        let (method, target, minorVersion) = try parseRequestLine(requestLine)
        let (path, query) = try parseTarget(target, method: method)

        var headers: [String: String] = [:]
        var contentLengths: Set<String> = []
        var hasLengthField = false
        var hostLines = 0
        for line in lines.dropFirst() {
            let (name, value) = try parseField(line)
            if name == "content-length" {
                // An empty value (or a list of empty elements) is a field without a length: a 400, never
                // "no Content-Length" (found by fuzzing: `Content-Length:` beside `Transfer-Encoding` was read
                // as chunked, a framing another parser on the way may read differently).
                hasLengthField = true
                contentLengths.formUnion(value.split(separator: ",").map(trimmed).filter { !$0.isEmpty })
            }
            if name == "host" { hostLines += 1 }
            // Repeated lines join with ", " (RFC 9110 §5.3); an empty one adds no list element (found by
            // fuzzing: `Accept: a` then `Accept:` gave "a, ", a value no single line can carry).
            if let existing = headers[name], !existing.isEmpty {
                if !value.isEmpty { headers[name] = existing + ", " + value }
            } else {
                headers[name] = value
            }
        }
        let isChunked = try transferCoding(headers["transfer-encoding"], minorVersion, hasLength: hasLengthField)
        var contentLength = 0
        if hasLengthField {
            guard contentLengths.count == 1, let text = contentLengths.first, !text.isEmpty, text.count <= 18,
                text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let length = Int(text)
            else { throw .badRequest(.invalidContentLength) }
            contentLength = length
        }
        if contentLength > maxBodyBytes { throw .payloadTooLarge }
        // RFC 9112 §3.2: exactly one Host in HTTP/1.1, at most one in HTTP/1.0, and a valid value.
        if hostLines > 1 { throw .badRequest(.duplicateHost) }
        if hostLines == 0 && minorVersion >= 1 { throw .badRequest(.missingHost) }
        if let host = headers["host"], !isValidHost(host) { throw .badRequest(.invalidHost) }
        return RequestHead(
            method: method, target: target, path: path, query: query, headers: headers,
            minorVersion: minorVersion, contentLength: contentLength, isChunked: isChunked)
    }

    /// RFC 9112 §6: whether the body is chunked. `Transfer-Encoding` beside `Content-Length`, in HTTP/1.0,
    /// or not ending in `chunked` is a framing error (400); codings before `chunked` are not decoded (501).
    private static func transferCoding(
        _ value: String?, _ minorVersion: Int, hasLength: Bool
    ) throws(HTTPParseError) -> Bool {
        guard let value else { return false }
        if hasLength { throw .badRequest(.lengthAndChunked) }
        if minorVersion == 0 { throw .badRequest(.chunkedInHTTP10) }
        let codings = value.split(separator: ",").map { trimmed($0).lowercased() }
        guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
            throw .badRequest(.chunkedNotLast)
        }
        if codings.count > 1 { throw .notImplemented(codings.dropLast().joined(separator: ", ")) }
        return true
    }

    /// RFC 9110 §7.2 `uri-host [ ":" port ]`: a reg-name (unreserved, `%XX`, sub-delims) or an `[IP-literal]`,
    /// optionally followed by digits after a colon. An empty value is allowed (RFC 9112 §3.2).
    static func isValidHost(_ value: String) -> Bool {
        var host = Substring(value)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") })
            else {
                return false
            }
            host = host[host.index(after: close)...]
            return host.isEmpty || (host.hasPrefix(":") && host.dropFirst().allSatisfy(\.isASCIIDigit))
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return false }
            host = host[..<colon]
        }
        return host.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~%!$&'()*+,;=".unicodeScalars.contains($0))
        }
    }

    // MARK: Pieces

    /// Splits on CRLF; a bare CR or LF inside a line is rejected later by the character checks.
    static func splitLines(_ block: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = block.startIndex
        var index = block.startIndex
        while index < block.endIndex {
            if block[index] == cr, index + 1 < block.endIndex, block[index + 1] == lf {
                lines.append(block[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        if start < block.endIndex { lines.append(block[start..<block.endIndex]) }
        return lines
    }

    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(HTTPParseError) -> (String, String, Int) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .badRequest(.malformedRequestLine) }
        guard HTTPGrammar.isToken(parts[0]) else { throw .badRequest(.invalidMethod) }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest(.invalidTarget)
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minor: Int
        switch version {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default:
            let isVersion =
                version.hasPrefix("HTTP/") && version.count == 8
                && version.utf8.dropFirst(5).enumerated().allSatisfy { offset, byte in
                    offset == 1 ? byte == UInt8(ascii: ".") : (byte >= 0x30 && byte <= 0x39)
                }
            throw isVersion ? .versionNotSupported : .badRequest(.invalidVersion)
        }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), minor)
    }

    /// Accepts origin-form (`/path?query`), absolute-form (`http://host/path`) and, for OPTIONS only,
    /// asterisk-form (`*`, routed as the path `*`); drops any fragment.
    private static func parseTarget(
        _ target: String, method: String
    ) throws(HTTPParseError) -> (String, [String: String]) {
        if target == "*" {
            guard method == "OPTIONS" else { throw .badRequest(.asteriskNotOptions) }
            return ("*", [:])
        }
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        for scheme in ["http://", "https://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard rest.hasPrefix("/") else { throw .badRequest(.targetNotAbsolutePath) }
        let rawPath: Substring
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            rawPath = rest[..<mark]
            query = PercentDecoding.decodeQuery(rest[rest.index(after: mark)...])
        } else {
            rawPath = rest
        }
        guard let path = PercentDecoding.decode(rawPath) else { throw .badRequest(.invalidPercentEncoding) }
        return (path, query)
    }

    /// One `name: value` line: the name a token, the value without control characters but HTAB (so no bare CR
    /// or LF); the name lowercased and the value trimmed. Also used for trailers and multipart part headers.
    static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (String, String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .badRequest(.headerWithoutColon) }
        let name = line[line.startIndex..<colon]
        guard HTTPGrammar.isToken(name) else { throw .badRequest(.invalidHeaderName) }
        let value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .badRequest(.invalidHeaderValue)
        }
        return (String(decoding: name, as: UTF8.self).lowercased(), trimmed(String(decoding: value, as: UTF8.self)))
    }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9 (not any Unicode digit).
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
