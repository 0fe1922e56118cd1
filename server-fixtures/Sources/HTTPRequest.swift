import Foundation

// MARK: - A parsed request

/// One fully read HTTP request, as the router sees it.
struct HTTPRequest: Sendable {
    /// The method, as sent (methods are case-sensitive).
    let method: String
    /// The raw request-target, e.g. `/menu?category=a%20b`.
    let target: String
    /// The percent-decoded path without the query, e.g. `/menu`.
    let path: String
    /// The percent-decoded query items; a later duplicate name wins.
    let query: [String: String]
    /// Header fields with lowercased names; repeated fields are joined with ", ".
    let headers: [String: String]
    /// The body (Content-Length bytes).
    let body: Data
    /// The minor HTTP version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    let minorVersion: Int

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
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(bytes: bytes, encoding: .utf8)  // nil for invalid UTF-8; String(validating:as:) is macOS 15
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
