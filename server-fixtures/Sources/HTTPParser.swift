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
    /// The declared body length (0 when absent).
    let contentLength: Int
}

/// Why a request was rejected before routing; each maps to a status code, and the connection then closes.
enum HTTPParseError: Error, Equatable {
    /// Malformed request line or header field: 400.
    case badRequest(String)
    /// Header block longer than ``HTTPParser/maxHeaderBytes``: 431.
    case headerTooLarge
    /// A `Transfer-Encoding` body (chunked): 411, since only Content-Length bodies are read.
    case lengthRequired
    /// Content-Length above ``HTTPParser/maxBodyBytes``: 413.
    case payloadTooLarge
    /// A well-formed but unsupported HTTP version: 505.
    case versionNotSupported

    /// The status code answered for this error.
    var status: Int {
        switch self {
        case .badRequest: return 400
        case .headerTooLarge: return 431
        case .lengthRequired: return 411
        case .payloadTooLarge: return 413
        case .versionNotSupported: return 505
        }
    }

    /// The message put in the JSON error body.
    var message: String {
        switch self {
        case .badRequest(let reason): return "Bad request: \(reason)"
        case .headerTooLarge: return "Request header fields too large"
        case .lengthRequired: return "Length required (chunked bodies are not supported)"
        case .payloadTooLarge: return "Payload too large"
        case .versionNotSupported: return "HTTP version not supported"
        }
    }
}

/// Parses HTTP/1.x request heads from raw bytes. Pure functions, no I/O.
enum HTTPParser {
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
        guard let requestLine = lines.first else { throw .badRequest("empty request") }
        let (method, target, minorVersion) = try parseRequestLine(requestLine)
        let (path, query) = try parseTarget(target)

        var headers: [String: String] = [:]
        var contentLengths: Set<String> = []
        for line in lines.dropFirst() {
            let (name, value) = try parseField(line)
            if name == "content-length" { contentLengths.formUnion(value.split(separator: ",").map(trimmed)) }
            if let existing = headers[name] {
                headers[name] = existing + ", " + value
            } else {
                headers[name] = value
            }
        }
        if headers["transfer-encoding"] != nil { throw .lengthRequired }
        var contentLength = 0
        if !contentLengths.isEmpty {
            guard contentLengths.count == 1, let text = contentLengths.first, !text.isEmpty, text.count <= 18,
                text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let length = Int(text)
            else { throw .badRequest("invalid Content-Length") }
            contentLength = length
        }
        if contentLength > maxBodyBytes { throw .payloadTooLarge }
        return RequestHead(
            method: method, target: target, path: path, query: query, headers: headers,
            minorVersion: minorVersion, contentLength: contentLength)
    }

    // MARK: Pieces

    /// Splits on CRLF; a bare CR or LF inside a line is rejected later by the character checks.
    private static func splitLines(_ block: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
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
        guard parts.count == 3 else { throw .badRequest("malformed request line") }
        guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else { throw .badRequest("invalid method") }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("invalid request-target")
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
            throw isVersion ? .versionNotSupported : .badRequest("invalid HTTP version")
        }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), minor)
    }

    /// Accepts origin-form (`/path?query`) and absolute-form (`http://host/path`); drops any fragment.
    private static func parseTarget(_ target: String) throws(HTTPParseError) -> (String, [String: String]) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        for scheme in ["http://", "https://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard rest.hasPrefix("/") else { throw .badRequest("request-target must start with /") }
        let rawPath: Substring
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            rawPath = rest[..<mark]
            query = PercentDecoding.decodeQuery(rest[rest.index(after: mark)...])
        } else {
            rawPath = rest
        }
        guard let path = PercentDecoding.decode(rawPath) else { throw .badRequest("invalid percent-encoding in path") }
        return (path, query)
    }

    private static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (String, String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .badRequest("header line without colon") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .badRequest("invalid header name") }
        let value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .badRequest("invalid header value")
        }
        return (String(decoding: name, as: UTF8.self).lowercased(), trimmed(String(decoding: value, as: UTF8.self)))
    }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
