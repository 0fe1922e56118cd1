import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Secrets a server echoes back

extension Redaction {
    /// The shortest secret searched for in a server's answer: shorter values would match ordinary words.
    static let shortestEchoedSecret = 4

    /// The secret values `request` carries: the values of its headers named in `headerNames` (the
    /// ``secretHeaders`` by default; the exchange adds those its authenticator set) and the credentials
    /// after an `Authorization` scheme (a Basic password decoded), of its secret query items, its URL's
    /// password, and the secret fields of a JSON or form body. Each at least ``shortestEchoedSecret``
    /// characters long; the longest first.
    static func secrets(of request: URLRequest, headerNames: Set<String> = secretHeaders) -> [String] {
        var found: [String] = []
        for (name, value) in request.allHTTPHeaderFields ?? [:] where headerNames.contains(name.lowercased()) {
            found.append(value)
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                found.append(parts[1])
                if parts[0].lowercased() == "basic", let decoded = Data(base64Encoded: parts[1]),
                    let text = String(data: decoded, encoding: .utf8)
                {
                    found.append(text)
                    if let colon = text.firstIndex(of: ":") { found.append(String(text[text.index(after: colon)...])) }
                }
            }
            if name.lowercased() == "cookie" {
                for pair in value.split(separator: ";") {
                    if let equals = pair.firstIndex(of: "=") {
                        found.append(String(pair[pair.index(after: equals)...]))
                    }
                }
            }
        }
        if let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
            if let password = components.password { found.append(password) }
            for item in components.queryItems ?? [] where secretFields.contains(item.name.lowercased()) {
                if let value = item.value { found.append(value) }
            }
        }
        if let body = request.httpBody, !body.isEmpty {
            if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
                collectSecretFields(in: object, into: &found)
            } else if let text = String(data: body, encoding: .utf8),
                // A form body; anything else (a multipart body, plain text) is not a query: setting
                // `percentEncodedQuery` to it would trap, so it is parsed with the failable initializer.
                let form = URLComponents(string: "http://x/?" + text.replacingOccurrences(of: "+", with: "%20"))
            {
                for item in form.queryItems ?? [] where secretFields.contains(item.name.lowercased()) {
                    if let value = item.value { found.append(value) }
                }
            }
        }
        let long = Set(
            found.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= shortestEchoedSecret })
        return long.sorted { $0.count > $1.count }
    }

    /// `text` with every one of `secrets` replaced by the placeholder, as written and as a JSON string
    /// escapes it.
    static func removing(_ secrets: [String], from text: String) -> String {
        var text = text
        for secret in secrets {
            text = text.replacingOccurrences(of: secret, with: placeholder)
            let escaped = jsonEscaped(secret)
            if escaped != secret { text = text.replacingOccurrences(of: escaped, with: placeholder) }
        }
        return text
    }

    /// `body` without `secrets`: in each string of a JSON body (where a secret may itself appear JSON-
    /// escaped, the server having quoted the request's body), else in its text, else in its bytes.
    static func removing(_ secrets: [String], from body: Data) -> Data {
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let cleaned = removing(secrets, fromStringsIn: object)
            guard cleaned.changed else { return body }
            return (try? JSONSerialization.data(withJSONObject: cleaned.object, options: [.fragmentsAllowed])) ?? body
        }
        if let text = String(data: body, encoding: .utf8) { return Data(removing(secrets, from: text).utf8) }
        var body = body
        for secret in secrets {
            let bytes = Data(secret.utf8)
            while let range = body.range(of: bytes) { body.replaceSubrange(range, with: Data(placeholder.utf8)) }
        }
        return body
    }

    /// `text` as it appears inside a JSON string (`/` as `\/`, quotes and controls escaped), without the quotes.
    private static func jsonEscaped(_ text: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [text]),
            let array = String(data: data, encoding: .utf8), array.count >= 4
        else { return text }
        return String(array.dropFirst(2).dropLast(2))
    }

    static func removing(_ secrets: [String], fromStringsIn object: Any) -> (object: Any, changed: Bool) {
        if let text = object as? String {
            let cleaned = removing(secrets, from: text)
            return (cleaned, cleaned != text)
        }
        var changed = false
        if let dictionary = object as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, value) in dictionary {
                let cleaned = removing(secrets, fromStringsIn: value)
                copy[key] = cleaned.object
                changed = changed || cleaned.changed
            }
            return (copy, changed)
        }
        if let array = object as? [Any] {
            let cleaned = array.map { removing(secrets, fromStringsIn: $0) }
            return (cleaned.map(\.object), cleaned.contains { $0.changed })
        }
        return (object, false)
    }

    private static func collectSecretFields(in object: Any, into found: inout [String]) {
        if let dictionary = object as? [String: Any] {
            for (key, value) in dictionary {
                if secretFields.contains(key.lowercased()), let text = value as? String {
                    found.append(text)
                } else {
                    collectSecretFields(in: value, into: &found)
                }
            }
        } else if let array = object as? [Any] {
            for value in array { collectSecretFields(in: value, into: &found) }
        }
    }
}
