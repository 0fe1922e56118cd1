import Foundation

/// Why a request could not be built, as facts every language's table can write: what travels in
/// ``APIError/invalidRequest(_:)``'s string as compact JSON (as ``DecodingFacts`` do in
/// ``APIError/decoding(description:body:)``); a reason the client did not write is shown as it is.
struct RequestProblem: Sendable, Codable, Equatable {
    enum Kind: String, Sendable, Codable, CaseIterable {
        /// The base URL has no `http://` or `https://` (`localhost:8090/` reads as the scheme `localhost`).
        case baseURLWithoutScheme
        /// The base URL's scheme is not `http` or `https` (`htp`, `ftp`).
        case baseURLScheme
        /// The base URL's host holds a space.
        case baseURLHostSpace
        /// No `http(s)` URL can be formed for `target`.
        case noURL
        /// The endpoint's path holds `#`, which would start a fragment (`shown` is the path up to it).
        case fragmentInPath
        /// A body of a main-actor model was not encoded on the main actor first.
        case bodyNeedsMainActor
        /// The token would go to another origin than `host`'s.
        case tokenOffOrigin
        /// A part of a multipart form contains its `boundary`.
        case multipartBoundary
        /// A request hook threw `detail`.
        case hookFailed
        /// The body holds a number JSON cannot hold (`value`, NaN or infinity) at `path`.
        case bodyNotFiniteNumber
        /// The body could not be encoded as JSON (at `path`, when known): `detail` is Foundation's text.
        case bodyNotEncodable
    }

    var kind: Kind
    /// The base URL as given (without its user, password, query and fragment).
    var baseURL: String?
    var scheme: String?
    var host: String?
    /// What a URL was to be formed for: `path "…"` or an absolute URL without secrets.
    var target: String?
    /// The path up to the `#`, then `#…` (or `?…`).
    var shown: String?
    var boundary: String?
    /// A coding path in the body (`items[0].price`).
    var path: String?
    var value: String?
    /// Text from elsewhere (Foundation, a hook's error), shown as it is.
    var detail: String?

    init(_ kind: Kind) { self.kind = kind }

    /// The facts in an ``APIError/invalidRequest(_:)``'s string, or `nil` for a reason the client did not write.
    init?(reason: String) {
        guard reason.hasPrefix("{\""), let facts = try? JSONDecoder().decode(Self.self, from: Data(reason.utf8))
        else { return nil }
        self = facts
    }

    /// The text that goes in the ``APIError/invalidRequest(_:)`` payload.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? kind.rawValue
    }

    /// The error that carries these facts.
    var error: APIError { .invalidRequest(encoded) }

    /// What is wrong with `baseURL`, if anything, for a request to a path under it.
    static func baseURLProblem(_ baseURL: URL) -> RequestProblem? {
        let text = Redaction.url(baseURL)
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        let scheme = baseURL.scheme?.lowercased()
        let host = components?.host ?? baseURL.host
        if let host, let decoded = host.removingPercentEncoding, decoded.contains(" ") {
            var problem = RequestProblem(.baseURLHostSpace)
            (problem.baseURL, problem.host) = (text, decoded)
            return problem
        }
        if scheme == nil || host == nil || host?.isEmpty == true {
            // `localhost:8090/` parses as the scheme `localhost` with no host: it lacks `http://`.
            var problem = RequestProblem(.baseURLWithoutScheme)
            problem.baseURL = text
            return problem
        }
        if let scheme, scheme != "http", scheme != "https" {
            var problem = RequestProblem(.baseURLScheme)
            (problem.baseURL, problem.scheme) = (text, scheme)
            return problem
        }
        return nil
    }
}
