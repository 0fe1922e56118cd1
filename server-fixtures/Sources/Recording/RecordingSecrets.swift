import Foundation

// MARK: - What a recording never saves

/// The names whose values are secrets, and the headers that mean nothing offline, for `--record`.
///
/// The secret names are the client's own (`Redaction.swift` in ServiceLayer; the server shares no code with
/// the client, so the lists are repeated here).
enum RecordingSecrets {
    /// Request and response header names whose values are credentials (lowercased).
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "x-access-token", "x-api-token", "x-csrf-token", "x-xsrf-token", "x-amz-security-token",
    ]

    /// Query item names whose values are credentials (lowercased).
    static let secretQueryItems: Set<String> = [
        "key", "api_key", "apikey", "api-key", "token", "access_token", "accesstoken", "refresh_token",
        "refreshtoken", "id_token", "idtoken", "auth_token", "session_token", "password", "passwd", "secret",
        "client_secret", "clientsecret", "sig", "signature", "x-amz-signature", "x-amz-security-token",
        "x-amz-credential",
    ]

    /// Request headers never forwarded upstream: the connection's own (hop-by-hop, RFC 9110 §7.6.1), the
    /// framing URLSession recomputes, and the conditionals (a recording keeps full answers, never a 304).
    static let unforwardedHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host",
        "content-length", "expect", "accept-encoding", "if-none-match", "if-modified-since", "if-range", "origin",
        "access-control-request-method", "access-control-request-headers",
    ]

    /// Response headers the live answer drops: the upstream connection's framing and `Date` (the server
    /// writes its own), the decoded `Content-Encoding`, and the upstream's validators (its conditionals are
    /// never forwarded, so they could not be used; the server makes its own where it makes any).
    static let unansweredHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "content-length", "content-encoding", "date", "etag", "last-modified",
    ]

    /// Response headers a recording also drops: the ones that only make sense from that server at that
    /// moment (cookies, timing, caches and CDNs on the way, validators the replaying server makes itself).
    static let unsavedHeaders: Set<String> = [
        "set-cookie", "server-timing", "server", "via", "age", "alt-svc", "report-to", "nel", "expect-ct",
        "strict-transport-security", "etag", "last-modified", "expires", "vary", "accept-ranges", "x-powered-by",
        "x-request-id", "x-runtime", "x-served-by", "x-timer", "x-cache", "x-cache-hits", "x-content-type-options",
    ]

    /// Prefixes of response headers a recording drops (Cloudflare, AWS, CDN caches, rate limits, CORS).
    static let unsavedPrefixes = [
        "cf-", "x-amz-", "x-amzn-", "x-cache", "x-ratelimit", "x-rate-limit", "ratelimit", "access-control-",
    ]

    /// Whether a recording drops the response header `name`.
    static func dropsFromRecording(_ name: String) -> Bool {
        let name = name.lowercased()
        return unansweredHeaders.contains(name) || unsavedHeaders.contains(name) || secretHeaders.contains(name)
            || unsavedPrefixes.contains { name.hasPrefix($0) }
    }

    /// The credential values in `request` (secret headers, their token after `Bearer `/`Basic `, cookie
    /// values, secret query items), at least 4 characters long, longest first: what is replaced by
    /// `<redacted>` wherever it would be saved.
    static func values(in request: HTTPRequest) -> [String] {
        var values: [String] = []
        for (name, value) in request.headers where secretHeaders.contains(name) {
            values.append(value)
            if let space = value.firstIndex(of: " ") {
                values.append(String(value[value.index(after: space)...]).trimmingCharacters(in: .whitespaces))
            }
            if name == "cookie" {
                for pair in value.split(separator: ";") {
                    if let equals = pair.firstIndex(of: "=") {
                        values.append(String(pair[pair.index(after: equals)...]))
                    }
                }
            }
        }
        for (name, value) in request.query where secretQueryItems.contains(name.lowercased()) {
            values.append(value)
            if let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != value {
                values.append(encoded)
            }
        }
        return Set(values.filter { $0.count >= 4 }).sorted { $0.count > $1.count }
    }

    /// `text` with every one of `secrets` replaced by `<redacted>`.
    static func redact(_ text: String, _ secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
    }

    /// `query` without its secret items.
    static func publicQuery(_ query: [String: String]) -> [String: String] {
        query.filter { !secretQueryItems.contains($0.key.lowercased()) }
    }
}
