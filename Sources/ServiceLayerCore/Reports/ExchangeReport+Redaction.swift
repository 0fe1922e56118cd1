import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - What a report hides

extension ExchangeReport {
    /// `request` as a report shows it: the values of `secretHeaders` replaced, the URL's password and
    /// secret query items replaced, and the body cleaned (see ``redactedBody(of:bodyCarriesSecret:)``).
    static func redacted(_ request: URLRequest, secretHeaders: Set<String>, bodyCarriesSecret: Bool) -> URLRequest {
        var redacted = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where secretHeaders.contains(name.lowercased()) {
            redacted.setValue(Redaction.placeholder, forHTTPHeaderField: name)
        }
        if let url = request.url, let clean = redactedURL(url) { redacted.url = clean }
        redacted.httpBody = redactedBody(of: request, bodyCarriesSecret: bodyCarriesSecret)
        return redacted
    }

    /// The body of `request` as a report shows it: a JSON body with every secret field replaced (at any
    /// depth; a body without one as it was sent); the body of a request marked as carrying a secret
    /// (login, signup, refresh) with every value replaced, its field names kept, or the placeholder
    /// alone when it is not JSON; any other text body with every secret value the request carries (a
    /// form's `password=...`, a header's token) replaced; any other body as it was sent.
    static func redactedBody(of request: URLRequest, bodyCarriesSecret: Bool) -> Data? {
        guard let body = request.httpBody, !body.isEmpty else { return request.httpBody }
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            if bodyCarriesSecret {
                let names =
                    (try? JSONSerialization.data(withJSONObject: everyValueRedacted(object), options: [.sortedKeys]))
                return names ?? Data(Redaction.placeholder.utf8)
            }
            let cleaned = Redaction.body(body, limit: .max)
            return cleaned.contains(Redaction.placeholder) ? Data(cleaned.utf8) : body  // else the bytes as sent
        }
        if bodyCarriesSecret { return Data(Redaction.placeholder.utf8) }
        guard let text = String(data: body, encoding: .utf8) else { return body }
        return Data(Redaction.removing(Redaction.secrets(of: request), from: text).utf8)
    }

    /// `object` with the same field names and every value (string, number, boolean) the placeholder.
    private static func everyValueRedacted(_ object: Any) -> Any {
        if let dictionary = object as? [String: Any] { return dictionary.mapValues(everyValueRedacted) }
        if let array = object as? [Any] { return array.map(everyValueRedacted) }
        return object is NSNull ? object : Redaction.placeholder
    }

    /// `url` with its password and the values of its secret query items replaced by the placeholder
    /// (percent-encoded, as a URL must hold it); `nil` when it has neither.
    static func redactedURL(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        let encoded = "%3Credacted%3E"
        var changed = false
        if components.percentEncodedPassword != nil {
            components.percentEncodedPassword = encoded
            changed = true
        }
        if let items = components.percentEncodedQueryItems,
            items.contains(where: { Redaction.secretFields.contains($0.name.lowercased()) })
        {
            components.percentEncodedQueryItems = items.map { item in
                Redaction.secretFields.contains(item.name.lowercased())
                    ? URLQueryItem(name: item.name, value: encoded) : item
            }
            changed = true
        }
        return changed ? components.url : nil
    }

    /// `response` with every `Set-Cookie` value replaced by the placeholder (a session cookie is a
    /// credential); the same response when it sets none.
    static func redacted(_ response: HTTPURLResponse) -> HTTPURLResponse {
        var fields: [String: String] = [:]
        var found = false
        for (key, value) in response.allHeaderFields {
            guard let name = key as? String, let value = value as? String else { continue }
            let secret = name.lowercased() == "set-cookie"
            found = found || secret
            fields[name] = secret ? Redaction.placeholder : value
        }
        guard found, let url = response.url.map({ redactedURL($0) ?? $0 }),
            let copy = HTTPURLResponse(
                url: url, statusCode: response.statusCode, httpVersion: "HTTP/1.1", headerFields: fields)
        else { return response }
        return copy
    }
}
