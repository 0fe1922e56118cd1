import Foundation

// MARK: - Joining a base URL and an endpoint path

/// Builds request URLs with `URLComponents`, so that a base URL's path is kept and query values are
/// encoded strictly. Never force-unwraps: a URL that cannot be formed is reported as `nil`.
enum URLBuilding {
    /// The characters a query name or value may contain unencoded: RFC 3986's unreserved set.
    /// Everything else — space, `+`, `&`, `=`, `/`, `?`, `#`, non-ASCII — is percent-encoded, so the
    /// server decodes exactly the string that was given (a raw `+` would otherwise read as a space).
    static let queryValueAllowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// The URL for `path` under `baseURL`, with `query` appended after any query the base already has.
    ///
    /// `https://host/api/` + `users/2` and + `/users/2` both give `https://host/api/users/2`: a leading
    /// `/` does not erase the base's path (unlike `URL(string:relativeTo:)`).
    static func url(base baseURL: URL, path: String, query: [URLQueryItem]) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host != nil
        else { return nil }
        let relative = path.drop(while: { $0 == "/" })
        if !relative.isEmpty {
            var basePath = components.path
            if !basePath.hasSuffix("/") { basePath += "/" }
            components.path = basePath + relative
        }
        return url(components: components, appending: query)
    }

    /// `url` with `query` appended after its existing query.
    static func url(_ url: URL, appending query: [URLQueryItem]) -> URL? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host != nil
        else { return nil }
        return self.url(components: components, appending: query)
    }

    private static func url(components: URLComponents, appending query: [URLQueryItem]) -> URL? {
        var components = components
        if !query.isEmpty {
            let encoded = query.map { item -> String in
                let name = encode(item.name)
                guard let value = item.value else { return name }
                return name + "=" + encode(value)
            }
            let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
            components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
        }
        return components.url
    }

    /// Percent-encodes a query name or value, leaving only unreserved characters.
    static func encode(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? ""
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
