import Foundation

// MARK: - A parsed request

/// One fully read HTTP request, as the router sees it: the parsed head and the body.
struct HTTPRequest: Sendable {
    /// The request line and header fields, as ``HTTPParser`` parsed them.
    let head: RequestHead
    /// The body: `Content-Length` bytes, or the decoded chunks of a chunked body (empty when there was none).
    let body: Data

    /// The method, as sent (methods are case-sensitive).
    var method: String { head.method }
    /// The raw request-target, e.g. `/menu?category=a%20b`.
    var target: String { head.target }
    /// The percent-decoded path without the query, e.g. `/menu`.
    var path: String { head.path }
    /// The percent-decoded query items; a later duplicate name wins.
    var query: [String: String] { head.query }
    /// Header fields with lowercased names; repeated fields are joined with ", ".
    var headers: [String: String] { head.headers }
    /// The minor HTTP version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int { head.minorVersion }

    /// The path used for routing and fault matching: a single trailing slash removed (except for "/").
    var routePath: String { Self.normalize(path) }

    /// Whether the connection stays open after the response (HTTP/1.1 default, HTTP/1.0 only on request).
    var wantsKeepAlive: Bool {
        let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// Removes one trailing slash from `path` unless it is the root.
    static func normalize(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

// MARK: - Percent decoding

/// Percent-decoding that never turns `+` into a space.
enum PercentDecoding {
    /// Decodes `%XX` escapes in `text` as UTF-8. Returns nil for a bad escape or invalid UTF-8.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(HTTPGrammar.hexValue),
                let low = iterator.next().flatMap(HTTPGrammar.hexValue)
            else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        // `String(validating:as:)` is macOS 15 / iOS 18; decoding and comparing works at the floor (macOS 12).
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// Splits a raw query on `&` and `=` and decodes each part; undecodable parts are kept as sent.
    static func decodeQuery(_ query: Substring) -> [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0]) ?? String(parts[0])
            let value = parts.count > 1 ? (decode(parts[1]) ?? String(parts[1])) : ""
            items[name] = value
        }
        return items
    }
}
