import Foundation

/// Why a request could not be built, so nothing was sent: the payload of ``APIError/invalidRequest(_:)``.
///
/// Each case holds the facts its message names (every language writes its own sentence from them); a
/// reason your own code gives (a request hook's, say) is ``reason(_:)``, and a string literal makes one:
/// `throw APIError.invalidRequest("no user is selected")`.
public enum RequestProblem: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A reason the app wrote itself, shown as it is.
    case reason(String)
    /// The base URL has no `http://` or `https://` (`localhost:8090/` reads as the scheme `localhost`).
    /// `baseURL` is shown without its user, password, query and fragment.
    case baseURLWithoutScheme(baseURL: String)
    /// The base URL's scheme is not `http` or `https` (`htp`, `ftp`).
    case baseURLScheme(baseURL: String, scheme: String)
    /// The base URL's host holds a space.
    case baseURLHostSpace(baseURL: String, host: String)
    /// No `http(s)` URL can be formed for the endpoint's target.
    case noURL(RequestTarget)
    /// The endpoint's path holds `#`, which would start a fragment; `shown` is the path up to its first `?`
    /// or `#`, then `?…` or `#…` (what follows may be a secret).
    case fragmentInPath(shown: String)
    /// The body's model belongs to the main actor, and the call was not made there, so it was not encoded.
    case bodyNeedsMainActor
    /// An authorized endpoint's URL is on another origin than the base URL's `host`: its token stays home.
    case tokenOffOrigin(host: String?)
    /// A part of a multipart form contains the form's `boundary`.
    case multipartBoundary(boundary: String)
    /// A request hook threw an error that is not an ``APIError``; `detail` is that error as text.
    case hookFailed(detail: String)
    /// The JSON body holds a number JSON cannot hold (`value`: NaN or an infinity), at `codingPath` when known.
    case bodyNotFiniteNumber(value: String, codingPath: String?)
    /// The body could not be encoded as JSON (at `codingPath`, when known); `detail` is Foundation's text.
    case bodyNotEncodable(codingPath: String?, detail: String)

    /// What an endpoint asked for, as a message may show it: a path as written, or an absolute URL
    /// without its user, password, query and fragment.
    public enum RequestTarget: Sendable, Equatable {
        /// A path under the base URL, as the endpoint wrote it.
        case path(String)
        /// An absolute URL, shown without secrets.
        case url(String)
    }

    /// A ``reason(_:)`` from a string literal.
    /// - Parameter value: The reason, shown as it is.
    public init(stringLiteral value: String) { self = .reason(value) }

    /// The problem as one sentence in ``APIError/messageLanguage``: what happened and the fix.
    public var description: String { APIError.invalidRequest(self).explanation().description }

    /// The error that carries this problem.
    var error: APIError { .invalidRequest(self) }

    /// What is wrong with `baseURL`, if anything, for a request to a path under it.
    static func baseURLProblem(_ baseURL: URL) -> RequestProblem? {
        let text = Redaction.url(baseURL)
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        let scheme = baseURL.scheme?.lowercased()
        let host = components?.host ?? baseURL.host
        if let host, let decoded = host.removingPercentEncoding, decoded.contains(" ") {
            return .baseURLHostSpace(baseURL: text, host: decoded)
        }
        if scheme == nil || host == nil || host?.isEmpty == true {
            // `localhost:8090/` parses as the scheme `localhost` with no host: it lacks `http://`.
            return .baseURLWithoutScheme(baseURL: text)
        }
        if let scheme, scheme != "http", scheme != "https" {
            return .baseURLScheme(baseURL: text, scheme: scheme)
        }
        return nil
    }

    /// This problem with `transform` applied to every text that may echo something the app sent.
    func mapTexts(_ transform: (String) -> String) -> RequestProblem {
        switch self {
        case .reason(let text): return .reason(transform(text))
        case .hookFailed(let detail): return .hookFailed(detail: transform(detail))
        case .bodyNotEncodable(let path, let detail):
            return .bodyNotEncodable(codingPath: path, detail: transform(detail))
        default: return self
        }
    }
}
