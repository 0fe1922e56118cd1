import Foundation

// MARK: - Joining a base URL and an endpoint path

/// Builds request URLs with `URLComponents`, so that a base URL's path is kept and query values are
/// encoded strictly. Never force-unwraps: a URL that cannot be formed is reported as `nil`.
enum URLBuilding {
    /// The URL for `path` under `baseURL`, with `query` appended after any query the base already has.
    ///
    /// `https://host/api/` + `users/2` and + `/users/2` both give `https://host/api/users/2`: a leading
    /// `/` does not erase the base's path (unlike `URL(string:relativeTo:)`).
    ///
    /// A `?` in `path` starts a query, as it would in a browser: `search/movie?query=x` is the path
    /// `search/movie` with the query `query=x`, sent after the base's query and before `query`'s items
    /// (a name given in both is sent twice, in that order, as the server then sees it). The query text
    /// is kept as written — `%20` stays `%20`, a `+` stays a `+` (which many servers read as a space) —
    /// and only characters a query may not contain (a space, a stray `%`, non-ASCII) are
    /// percent-encoded. A `#` must be rejected before: see ``fragmentProblem(inPath:)``.
    static func url(base baseURL: URL, path: String, query: [URLQueryItem]) -> URL? {
        url(base: baseURL, plainBase: plainBase(baseURL), path: path, query: query)
    }

    /// ``url(base:path:query:)`` with `plainBase`, the base's ``plainBase(_:)`` (a client computes it once).
    /// The common case — a plain base, a path of letters, digits and `-._~/` — is joined as text, with
    /// no parsing; the result is the URL the `URLComponents` route gives.
    static func url(base baseURL: URL, plainBase: String?, path: String, query: [URLQueryItem]) -> URL? {
        let (pathPart, pathQuery) = splitQuery(path)
        let relative = pathPart.drop(while: { $0 == "/" })
        if var text = plainBase, pathQuery == nil, !relative.isEmpty,
            relative.utf8.allSatisfy({ isUnreserved($0) || $0 == 0x2F })
        {
            text += (text.hasSuffix("/") ? "" : "/") + relative
            if !query.isEmpty { text += "?" + encodedQuery(query) }
            if let url = URL(string: text) { return url }
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host?.isEmpty == false
        else { return nil }
        if !relative.isEmpty {
            var basePath = components.path
            if !basePath.hasSuffix("/") { basePath += "/" }
            components.path = basePath + relative
        }
        if let pathQuery, !pathQuery.isEmpty {
            let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
            components.percentEncodedQuery = (existing + [normalizedQuery(pathQuery)]).joined(separator: "&")
        }
        return url(components: components, appending: query)
    }

    /// `path` split at its first `?`: the path, and the query text after the `?` (`nil` without one).
    static func splitQuery(_ path: String) -> (path: Substring, query: Substring?) {
        guard let mark = path.firstIndex(of: "?") else { return (path[...], nil) }
        return (path[..<mark], path[path.index(after: mark)...])
    }

    /// Why `path` cannot be sent, when it contains a `#`; `nil` otherwise.
    ///
    /// A `#` starts a URL fragment, which a client never sends (RFC 9110 §4.2.4): everything after it
    /// would silently not reach the server. Most often the `#` is data (`tags/c#`, `q=c#`) that should
    /// have been encoded; sometimes it is a fragment copied from a browser. Either way the call fails
    /// before anything is sent. The message shows the path only up to its first `?` or `#`, so a
    /// secret in its query or fragment is never printed.
    static func fragmentProblem(inPath path: String) -> APIError? {
        guard let hash = path.firstIndex(of: "#") else { return nil }
        let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? hash
        let shown = String(path[..<end]) + (path[end] == "?" ? "?…" : "#…")
        return .invalidRequest(.fragmentInPath(shown: shown))
    }

    /// A query written in a path string, kept as written except for what a query may not contain:
    /// every byte other than RFC 3986's query characters (unreserved, sub-delimiters, `:@/?`) is
    /// percent-encoded, and so is a `%` not followed by two hex digits. `%20` stays `%20`; ` ` becomes
    /// `%20`; `100%` becomes `100%25`.
    static func normalizedQuery(_ query: Substring) -> String {
        let bytes = Array(query.utf8)
        var encoded = [UInt8]()
        encoded.reserveCapacity(bytes.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for (index, byte) in bytes.enumerated() {
            let isEscape =
                byte == 0x25 && index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            if isEscape || (byte != 0x25 && isQueryCharacter(byte)) {
                encoded.append(byte)
            } else {
                encoded += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Whether `byte` may appear as itself in a query (RFC 3986 §3.4): unreserved, a sub-delimiter
    /// (`!$&'()*+,;=`), `:`, `@`, `/` or `?`.
    private static func isQueryCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            return true
        default: return false
        }
    }

    /// `baseURL` as text when paths can be appended to it as text: a URL with a scheme and a host, and
    /// neither query nor fragment, whose text join of a probe path gives the URL the `URLComponents` route
    /// gives (found by fuzzing: `https://host:` kept its empty port as text and lost it through
    /// `URLComponents`); `nil` otherwise. A client computes it once.
    static func plainBase(_ baseURL: URL) -> String? {
        guard baseURL.scheme != nil, baseURL.host?.isEmpty == false, baseURL.query == nil, baseURL.fragment == nil
        else {
            return nil
        }
        let text = baseURL.absoluteString
        let probe = URL(string: text + (text.hasSuffix("/") ? "" : "/") + "x")
        guard let probe,
            probe.absoluteString == url(base: baseURL, plainBase: nil, path: "x", query: [])?.absoluteString
        else { return nil }
        return text
    }

    /// `url` with `query` appended after its existing query.
    static func url(_ url: URL, appending query: [URLQueryItem]) -> URL? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host?.isEmpty == false
        else { return nil }
        return self.url(components: components, appending: query)
    }

    static func url(components: URLComponents, appending query: [URLQueryItem]) -> URL? {
        var components = components
        if !query.isEmpty {
            let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
            components.percentEncodedQuery = (existing + [encodedQuery(query)]).joined(separator: "&")
        }
        return components.url
    }

    /// `name=value&...`, each name and value percent-encoded.
    private static func encodedQuery(_ query: [URLQueryItem]) -> String {
        query.map { item in item.value.map { encode(item.name) + "=" + encode($0) } ?? encode(item.name) }
            .joined(separator: "&")
    }

    /// Percent-encodes a query name or value strictly: only RFC 3986's unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`) stay as they are. Everything else — space, `+`, `&`, `=`, `/`, `?`, `#`,
    /// non-ASCII — is encoded, so the server decodes exactly the string that was given (a raw `+`
    /// would otherwise read as a space).
    static func encode(_ string: String) -> String {
        var encoded = [UInt8]()
        encoded.reserveCapacity(string.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Whether `byte` is an unreserved character (RFC 3986 §2.3).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
