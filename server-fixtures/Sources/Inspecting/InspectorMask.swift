import Foundation

// MARK: - What the inspector never shows

/// Masks what the client's reports mask: credential headers (`Authorization`, `Cookie`, `Set-Cookie`,
/// API-key headers), `api_key`/`token`/`password`-style query items, password-like members of JSON bodies,
/// and any of the request's credential values wherever they are echoed. Uses ``RecordingSecrets``' lists.
enum InspectorMask {
    /// What a masked value is shown as.
    static let mask = "••••••"

    /// JSON member names whose values are masked (lowercased, `_` and `-` removed).
    static let secretMembers: Set<String> = [
        "password", "passwd", "newpassword", "oldpassword", "currentpassword", "passwordconfirmation", "secret",
        "clientsecret", "token", "accesstoken", "refreshtoken", "idtoken", "apikey", "pin", "otp",
    ]

    /// Whether a header named `name` holds a credential.
    static func isSecretHeader(_ name: String) -> Bool {
        RecordingSecrets.secretHeaders.contains(name.lowercased())
    }

    /// `headers` with credential values masked (an `Authorization` keeps its scheme: `Bearer ••••••`).
    static func headers(_ headers: [String: String]) -> [String: String] {
        var masked = headers
        for (name, value) in headers where isSecretHeader(name) {
            if name == "authorization" || name == "proxy-authorization", let space = value.firstIndex(of: " ") {
                masked[name] = value[..<space] + " " + mask
            } else {
                masked[name] = mask
            }
        }
        return masked
    }

    /// `query` with secret items masked.
    static func query(_ query: [String: String]) -> [String: String] {
        var masked = query
        for name in query.keys where RecordingSecrets.secretQueryItems.contains(name.lowercased()) {
            masked[name] = mask
        }
        return masked
    }

    /// The credential values of `request` (as a recording finds them), longest first.
    static func values(in request: HTTPRequest) -> [String] {
        RecordingSecrets.values(in: request)
    }

    /// A body as text for the page: JSON with secret members masked, other UTF-8 text as it is, anything
    /// else as its size; at most ``Inspector/bodyLimit`` bytes; every one of `secrets` replaced.
    static func body(_ body: Data, contentType: String?, secrets: [String]) -> String {
        guard !body.isEmpty else { return "" }
        // A page (the server's /docs is 44 KB) is for a browser to show, not for a list of exchanges to hold.
        if contentType?.lowercased().hasPrefix("text/html") == true {
            return "(\(body.count) bytes of text/html: open the page itself to read it)"
        }
        var text: String
        if let parsed = try? JSONReader.parse(body).value {
            text = String(decoding: maskMembers(parsed).serialized(), as: UTF8.self)
        } else if let utf8 = String(data: body, encoding: .utf8), !utf8.contains("\u{0}") {
            text = utf8
            if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
                text = maskForm(utf8)
            }
        } else {
            return "(\(body.count) bytes of \(contentType ?? "binary data"))"
        }
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: mask) }
        if text.utf8.count > Inspector.bodyLimit {
            text = String(decoding: Array(text.utf8.prefix(Inspector.bodyLimit)), as: UTF8.self) + "… (cut)"
        }
        return text
    }

    /// Whether a JSON member named `name` holds a secret.
    static func isSecretMember(_ name: String) -> Bool {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: "")
        return secretMembers.contains(key) || key.hasSuffix("password")
    }

    /// `value` with every secret member (at any depth) masked.
    static func maskMembers(_ value: ServerJSON) -> ServerJSON {
        switch value {
        case .object(let members):
            var masked: [String: ServerJSON] = [:]
            for (key, member) in members {
                masked[key] = isSecretMember(key) && member != .null ? .string(mask) : maskMembers(member)
            }
            return .object(masked)
        case .array(let elements): return .array(elements.map(maskMembers))
        default: return value
        }
    }

    /// A form body (`a=1&password=x`) with secret fields masked.
    static func maskForm(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = name.removingPercentEncoding ?? name
            return isSecretMember(decoded) || RecordingSecrets.secretQueryItems.contains(decoded.lowercased())
                ? "\(name)=\(mask)" : String(pair)
        }.joined(separator: "&")
    }
}
