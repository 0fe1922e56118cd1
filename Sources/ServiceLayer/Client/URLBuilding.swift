import Foundation

// MARK: - Joining a base URL and an endpoint path

/// Builds request URLs with `URLComponents`, so that a base URL's path is kept and query values are
/// encoded strictly. Never force-unwraps: a URL that cannot be formed is reported as `nil`.
enum URLBuilding {
    /// The URL for `path` under `baseURL`, with `query` appended after any query the base already has.
    ///
    /// `https://host/api/` + `users/2` and + `/users/2` both give `https://host/api/users/2`: a leading
    /// `/` does not erase the base's path (unlike `URL(string:relativeTo:)`).
    static func url(base baseURL: URL, path: String, query: [URLQueryItem]) -> URL? {
        url(base: baseURL, plainBase: plainBase(baseURL), path: path, query: query)
    }

    /// ``url(base:path:query:)`` with `plainBase`, the base's ``plainBase(_:)`` (a client computes it once).
    /// The common case — a plain base, a path of letters, digits and `-._~/` — is joined as text, with
    /// no parsing; the result is the URL the `URLComponents` route gives.
    static func url(base baseURL: URL, plainBase: String?, path: String, query: [URLQueryItem]) -> URL? {
        let relative = path.drop(while: { $0 == "/" })
        if var text = plainBase, !relative.isEmpty, relative.utf8.allSatisfy({ isUnreserved($0) || $0 == 0x2F }) {
            text += (text.hasSuffix("/") ? "" : "/") + relative
            if !query.isEmpty { text += "?" + encodedQuery(query) }
            if let url = URL(string: text) { return url }
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host != nil
        else { return nil }
        if !relative.isEmpty {
            var basePath = components.path
            if !basePath.hasSuffix("/") { basePath += "/" }
            components.path = basePath + relative
        }
        return url(components: components, appending: query)
    }

    /// `baseURL` as text when paths can be appended to it as text: a URL with a scheme and a host, and
    /// neither query nor fragment; `nil` otherwise.
    static func plainBase(_ baseURL: URL) -> String? {
        guard baseURL.scheme != nil, baseURL.host != nil, baseURL.query == nil, baseURL.fragment == nil else {
            return nil
        }
        return baseURL.absoluteString
    }

    /// `url` with `query` appended after its existing query.
    static func url(_ url: URL, appending query: [URLQueryItem]) -> URL? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host != nil
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

    /// Whether two URLs share scheme, host and port (the "origin"): the only URLs a client's
    /// `Authorization` header may be sent to. Hosts compare case-insensitively; a missing port is the
    /// scheme's default.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        guard let lhsHost = lhs.host?.lowercased(), let rhsHost = rhs.host?.lowercased() else { return false }
        let lhsScheme = lhs.scheme?.lowercased(), rhsScheme = rhs.scheme?.lowercased()
        return lhsScheme == rhsScheme && lhsHost == rhsHost && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
