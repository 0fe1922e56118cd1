import Foundation

/// The one place that hides secrets in what the client writes to a log and in the bodies errors keep.
///
/// Header values of `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and API-key
/// headers (`X-API-Key`), query items
/// and JSON fields named `password`, `token`, `accessToken`, `refreshToken` (and their snake_case
/// spellings) are replaced by `<redacted>`, at any depth of a JSON body. Values the client holds
/// itself (passwords, tokens) are ``Secret``s, which print as the same placeholder.
enum Redaction {
    /// The text that stands in for a secret.
    static let placeholder = "<redacted>"

    /// Header names whose values are secrets (lowercased).
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
    ]

    /// JSON field and query item names whose values are secrets (lowercased).
    static let secretFields: Set<String> = [
        "password", "token", "accesstoken", "refreshtoken", "access_token", "refresh_token",
    ]

    /// `value`, or the placeholder when `name` is a secret header.
    static func headerValue(_ value: String, forName name: String) -> String {
        secretHeaders.contains(name.lowercased()) ? placeholder : value
    }

    /// `url` as text with the values of secret query items replaced.
    static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let items = components.percentEncodedQueryItems, !items.isEmpty
        else { return url.absoluteString }
        // `percentEncodedQueryItems` traps on a value that is not percent-encoded (`<`, `>`), so the
        // placeholder goes in encoded and is restored in the text.
        let encodedPlaceholder = placeholder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        components.percentEncodedQueryItems = items.map { item in
            secretFields.contains(item.name.lowercased())
                ? URLQueryItem(name: item.name, value: encodedPlaceholder) : item
        }
        return components.string?.replacingOccurrences(of: encodedPlaceholder, with: placeholder) ?? url.absoluteString
    }

    /// A JSON body as compact text with every secret field replaced, or `<N bytes>` when the body is
    /// not JSON (its content is then not shown at all). At most `limit` characters, 512 by default.
    static func body(_ data: Data, limit: Int = 512) -> String {
        if data.isEmpty { return "<empty>" }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            case let cleaned = redact(object), JSONSerialization.isValidJSONObject(cleaned),
            let redacted = try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys]),
            let text = String(data: redacted, encoding: .utf8)
        else { return "<\(data.count) bytes>" }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `error` with the body it keeps (`.httpStatus`, `.decoding`) cleaned: every secret JSON field
    /// replaced, at any depth; a body that is not JSON replaced by its size (`<N bytes>`). The server's
    /// `message` stays, so ``APIError/serverMessage`` still reads it. Other errors are returned as they are.
    static func error(_ error: APIError) -> APIError {
        switch error {
        case .httpStatus(let code, let body): return .httpStatus(code: code, body: cleaned(body))
        case .decoding(let description, let body): return .decoding(description: description, body: cleaned(body))
        default: return error
        }
    }

    private static func cleaned(_ body: Data) -> Data {
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
