import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives one line per finished request. Off (`nil`) by default; see ``APIClient/Options/logger``.
///
/// The line holds the method, the URL, the status (or error), the duration, the bytes sent and
/// received and the retry count (and `cache: hit|revalidated|miss` when a ``ResponseCache`` took
/// part), then the request headers and bodies with every secret replaced by `<redacted>`: the URL's
/// password; the values of `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`,
/// `X-Auth-Token` and the other API-key and token headers; query items and JSON fields named
/// `password`, `token`, `accessToken`, `refreshToken`, `api_key`, `sig`, `signature`, `client_secret`,
/// `secret` and the like; and any of those values the server echoes back (4 characters or more).
public typealias RequestLogger = @Sendable (_ line: String) -> Void

/// Formats the log line of one exchange: the logger is one user of ``APIClient/Options/resultObserver``.
enum RequestLogLine {
    static func make(_ report: ExchangeReport) -> String {
        let request = report.request
        let method = request.httpMethod ?? "GET"
        let url = request.url.map(Redaction.url) ?? "<no url>"
        let sent = report.sentBytes  // the body as sent, not its redacted copy
        let milliseconds = Int((report.duration * 1000).rounded())
        var line: String
        var responseBody: Data?
        switch (report.error, report.response) {
        case (nil, let response?):
            line = "\(method) \(url) -> \(response.statusCode)"
            line +=
                " in \(milliseconds) ms, sent \(sent) bytes, received \(report.receivedBytes) bytes, \(report.retries) retries"
        case (.httpStatus(let code, let body)?, _):
            line = "\(method) \(url) -> \(code)"
            line +=
                " in \(milliseconds) ms, sent \(sent) bytes, received \(report.receivedBytes) bytes, \(report.retries) retries"
            responseBody = body.data  // redacted: a non-JSON body reads `<N bytes>`, shown as it is
        case (let error, _):
            line = "\(method) \(url) -> \(error.map { $0.debugDescription } ?? "no response")"
            line += " in \(milliseconds) ms, sent \(sent) bytes, \(report.retries) retries"
        }
        if let cache = report.cache { line += ", cache: \(cache.rawValue)" }  // hit, revalidated or miss
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
        if !headers.isEmpty {
            let text = headers.map { "\($0.key): \(Redaction.headerValue($0.value, forName: $0.key))" }
            line += "; headers: " + text.joined(separator: ", ")
        }
        if let body = request.httpBody, !body.isEmpty {
            line += "; body: " + Redaction.body(body)
        }
        if let responseBody {
            line += "; response: " + Redaction.body(responseBody)
        }
        return Redaction.removing(Redaction.secrets(of: request), from: line)  // a secret the server echoed
    }
}
