import Foundation

/// The one place that hides secrets in what the client writes to a log and in the bodies errors keep.
///
/// The values of the ``secretHeaders`` (`Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie`, API-key and token headers such as `X-API-Key` and `X-Auth-Token`), of query items and
/// JSON fields named in ``secretFields`` (`password`, `token`, `api_key`, `sig`, `client_secret`, ...),
/// at any depth of a JSON body, and a URL's password (`https://user:password@host/`) are replaced by
/// `<redacted>`. A secret the request sent that the server echoes back (in an error body or its
/// `message`) is replaced too (see `Redaction+Echoes.swift`). Values the client holds itself
/// (passwords, tokens) are ``Secret``s, which print as the same placeholder.
enum Redaction {
    /// The text that stands in for a secret.
    static let placeholder = "<redacted>"

    /// Header names whose values are secrets (lowercased).
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "x-access-token", "x-api-token", "x-csrf-token", "x-xsrf-token", "x-amz-security-token",
    ]

    /// JSON field and query item names whose values are secrets (lowercased).
    static let secretFields: Set<String> = [
        "password", "passwd", "token", "accesstoken", "refreshtoken", "access_token", "refresh_token", "id_token",
        "idtoken", "auth_token", "session_token", "api_key", "apikey", "api-key", "client_secret", "clientsecret",
        "secret", "sig", "signature", "x-amz-signature", "x-amz-security-token", "x-amz-credential",
    ]

    /// `value`, or the placeholder when `name` is a secret header.
    static func headerValue(_ value: String, forName name: String) -> String {
        secretHeaders.contains(name.lowercased()) ? placeholder : value
    }

    /// `url` as text with its password and the values of secret query items replaced.
    static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url.password == nil ? url.absoluteString : "<a URL with a password>"
        }
        if components.percentEncodedPassword != nil {
            components.percentEncodedPassword = "%3Credacted%3E"
        }
        guard let items = components.percentEncodedQueryItems, !items.isEmpty else {
            return components.string?.replacingOccurrences(of: "%3Credacted%3E", with: placeholder)
                ?? "<a URL that cannot be shown>"
        }
        // `percentEncodedQueryItems` traps on a value that is not percent-encoded (`<`, `>`), so the
        // placeholder goes in encoded and is restored in the text.
        let encodedPlaceholder = placeholder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        components.percentEncodedQueryItems = items.map { item in
            secretFields.contains(item.name.lowercased())
                ? URLQueryItem(name: item.name, value: encodedPlaceholder) : item
        }
        return components.string?.replacingOccurrences(of: encodedPlaceholder, with: placeholder)
            .replacingOccurrences(of: "%3Credacted%3E", with: placeholder) ?? "<a URL that cannot be shown>"
    }

    /// A JSON body as compact text with every secret field replaced, or `<N bytes>` when the body is
    /// not JSON (its content is then not shown at all). At most `limit` characters, 512 by default. A
    /// body already redacted to its size (``cleaned(_:)``: `<196 bytes>`) is shown as it is, not as the
    /// size of that placeholder (`<11 bytes>`).
    static func body(_ data: Data, limit: Int = 512) -> String {
        if data.isEmpty { return "<empty>" }
        if let size = sizePlaceholder(data) { return size }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            case let cleaned = redact(object), JSONSerialization.isValidJSONObject(cleaned),
            let redacted = try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys]),
            let text = String(data: redacted, encoding: .utf8)
        else { return "<\(data.count) bytes>" }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `<N bytes>` when `data` is exactly such a placeholder, else `nil`.
    private static func sizePlaceholder(_ data: Data) -> String? {
        guard data.count < 32, data.first == UInt8(ascii: "<"), let text = String(data: data, encoding: .utf8),
            text.hasSuffix(" bytes>"), Int(text.dropFirst().dropLast(7)) != nil
        else { return nil }
        return text
    }

    static func cleaned(_ body: Data) -> Data {
        body.isEmpty ? body : Data(self.body(body, limit: .max).utf8)
    }

    private static func redact(_ object: Any) -> Any {
        if let dictionary = object as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, value) in dictionary {
                copy[key] = secretFields.contains(key.lowercased()) ? placeholder : redact(value)
            }
            return copy
        }
        if let array = object as? [Any] { return array.map(redact) }
        return object
    }
}
