import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One API call described as data: where it goes, what it sends, and how its answer is read.
///
/// An endpoint does not send anything by itself; hand it to ``APIClient/send(_:callbackQueue:completion:)``.
/// The response type decides how a 2xx body is read:
/// - a `Decodable` type: the body is decoded as JSON with the client's decoder;
/// - `Data`: the body is returned as is (images, files);
/// - `Void`: the body is ignored, so 204, 205, `HEAD` and empty bodies succeed.
///
/// ```swift
/// let categories = Endpoint<CategoriesResponse>(path: "categories")
/// let order = Endpoint<OrderResponse>(method: .post, path: "order", body: ["menuIds": [1, 2]])
/// ```
public struct Endpoint<Response: Sendable>: Sendable {
    /// Where a request goes: a path relative to the client's base URL, or an absolute URL.
    public enum Target: Sendable, Hashable {
        /// A path appended to the base URL's path (`users/2` or `/users/2` under `https://host/api/`
        /// both give `https://host/api/users/2`). Characters that are not allowed in a path are
        /// percent-encoded.
        case path(String)
        /// An absolute URL, used as is (for example an image URL the server returned). The client's
        /// `Authorization` header is only attached if its host and port are the base URL's.
        case url(URL)
    }

    /// The HTTP method. `.get` by default.
    public var method: HTTPMethod
    /// Where the request goes.
    public var target: Target
    /// Query items appended to the URL, in order. Names and values are percent-encoded strictly
    /// (only `A–Z a–z 0–9 - . _ ~` stay as they are), so `+`, `&`, `=`, `#` and spaces arrive intact.
    /// Empty by default.
    public var query: [URLQueryItem]
    /// A JSON body, encoded with the client's encoder; `nil` (no body) by default.
    public var body: (any Encodable & Sendable)?
    /// Extra request headers; they override the client's headers of the same name. Empty by default.
    public var headers: [String: String]
    /// Whether the request carries the client's `Authorization: Bearer <token>` header. When `true`
    /// and the client has no token, the call fails with ``APIError/notAuthenticated`` and sends
    /// nothing. `false` by default.
    public var requiresAuthorization: Bool
    /// The timeout in seconds for this request, rounded up to whole seconds and at least 1; it wins
    /// over the client's ``APIClient/Options/timeout`` and the session's `timeoutIntervalForRequest`.
    /// `nil` (the client's timeout, else the session's) by default.
    public var timeout: TimeInterval? = nil
    /// How often this request may be retried; `nil` (the client's policy) by default.
    public var retryPolicy: RetryPolicy? = nil
    /// Whether this request may be retried although its method is not idempotent (`POST`, `PATCH`):
    /// only for endpoints whose server side is known to be safe to repeat. `false` by default.
    public var retriesNonIdempotent = false
    /// Whether identical in-flight requests may share one network request; `nil` (the client's
    /// setting, which applies to `GET` only) by default.
    public var coalesces: Bool? = nil
    /// Which ``ResponseCache`` a `GET` goes through; the client's by default (see `Endpoint+Caching.swift`).
    var responseCacheChoice: ResponseCacheChoice = .client
    /// Whether an error's kept body has its secrets replaced (see ``Redaction/error(_:)``): for endpoints
    /// whose answers carry tokens. `false` by default; set with ``redactingErrorBodies()``.
    var redactsErrorBodies = false
    /// Whether the body carries a secret (a password, a refresh token): the request then never follows
    /// a redirect to another origin (see `RedirectGuard`). `false` by default; set with ``carryingSecretBody()``.
    var bodyCarriesSecret = false
    /// Reads a 2xx response into `Response`; chosen by the initializer for the response type.
    let decode: @Sendable (_ body: Data, _ response: HTTPURLResponse, _ decoder: JSONDecoder) throws -> Response

    init(
        method: HTTPMethod,
        target: Target,
        query: [URLQueryItem],
        body: (any Encodable & Sendable)?,
        headers: [String: String],
        requiresAuthorization: Bool,
        decode: @escaping @Sendable (Data, HTTPURLResponse, JSONDecoder) throws -> Response
    ) {
        self.method = method
        self.target = target
        self.query = query
        self.body = body
        self.headers = headers
        self.requiresAuthorization = requiresAuthorization
        self.decode = decode
    }
}

// MARK: - Response types

extension Endpoint where Response: Decodable {
    /// An endpoint whose 2xx body is JSON decoded as `Response`.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - path: The path relative to the client's base URL.
    ///   - query: Query items; none by default.
    ///   - body: A JSON body; none by default.
    ///   - headers: Extra headers; none by default.
    ///   - requiresAuthorization: Whether to send the client's token; `false` by default.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], body: (any Encodable & Sendable)? = nil,
        headers: [String: String] = [:], requiresAuthorization: Bool = false
    ) {
        self.init(
            method: method, target: .path(path), query: query, body: body, headers: headers,
            requiresAuthorization: requiresAuthorization,
            decode: { body, _, decoder in
                try decoder.decode(Response.self, from: body)
            })
    }

    /// An endpoint at an absolute URL whose 2xx body is JSON decoded as `Response`; the client's token
    /// is never sent with it.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - url: The absolute URL.
    ///   - headers: Extra headers; none by default.
    public init(method: HTTPMethod = .get, url: URL, headers: [String: String] = [:]) {
        self.init(method: method, path: "", headers: headers)
        target = .url(url)
    }
}

extension Endpoint where Response == Data {
    /// An endpoint whose 2xx body is returned as raw bytes (an image, a file).
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - path: The path relative to the client's base URL.
    ///   - query: Query items; none by default.
    ///   - headers: Extra headers; none by default.
    ///   - requiresAuthorization: Whether to send the client's token; `false` by default.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        requiresAuthorization: Bool = false
    ) {
        self.init(
            method: method, target: .path(path), query: query, body: nil, headers: headers,
            requiresAuthorization: requiresAuthorization, decode: { body, _, _ in body })
    }

    /// An endpoint at an absolute URL (for example an image URL from the server) whose 2xx body is
    /// returned as raw bytes; the client's token is never sent with it.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - url: The absolute URL.
    ///   - headers: Extra headers; none by default.
    public init(method: HTTPMethod = .get, url: URL, headers: [String: String] = [:]) {
        self.init(method: method, path: "", headers: headers)
        target = .url(url)
    }
}

extension Endpoint where Response == Void {
    /// An endpoint whose answer has no useful body: any 2xx succeeds, including 204, 205, `HEAD` and
    /// an empty body.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - path: The path relative to the client's base URL.
    ///   - query: Query items; none by default.
    ///   - body: A JSON body; none by default.
    ///   - headers: Extra headers; none by default.
    ///   - requiresAuthorization: Whether to send the client's token; `false` by default.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], body: (any Encodable & Sendable)? = nil,
        headers: [String: String] = [:], requiresAuthorization: Bool = false
    ) {
        self.init(
            method: method, target: .path(path), query: query, body: body, headers: headers,
            requiresAuthorization: requiresAuthorization, decode: { _, _, _ in () })
    }
}

// MARK: - Reading a response

extension Endpoint {
    /// Reads a 2xx response body the way the client does: decodes JSON for a `Decodable` response,
    /// returns the bytes for `Data`, ignores the body for `Void`. A body that does not decode gives
    /// ``APIError/decoding(description:body:)`` naming the coding path, with the body kept.
    ///
    /// The client calls this after validating the status; call it yourself to test an endpoint's
    /// decoding against a saved response without any network.
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The HTTP response it came with.
    ///   - decoder: The JSON decoder; a plain `JSONDecoder()` by default.
    public func parse(_ body: Data, response: HTTPURLResponse, decoder: JSONDecoder = JSONDecoder())
        -> Result<Response, APIError>
    {
        do {
            return .success(try decode(body, response, decoder))
        } catch {
            let description = DecodingErrorDescription.describe(
                error, bodyIsEmpty: body.isEmpty, status: response.statusCode)
            return .failure(.decoding(description: description, body: body))
        }
    }
}

// MARK: - Adjusting an endpoint

extension Endpoint {
    /// A copy of this endpoint with its own timeout (whole seconds; a fraction is rounded up), which
    /// wins over the client's and the session's.
    public func timeout(_ seconds: TimeInterval) -> Endpoint {
        var copy = self
        copy.timeout = seconds
        return copy
    }

    /// A copy of this endpoint with its own retry policy (``RetryPolicy/never`` turns retries off).
    public func retry(_ policy: RetryPolicy) -> Endpoint {
        var copy = self
        copy.retryPolicy = policy
        return copy
    }

    /// A copy of this endpoint with coalescing of identical in-flight requests switched on or off.
    public func coalescing(_ enabled: Bool) -> Endpoint {
        var copy = self
        copy.coalesces = enabled
        return copy
    }

    /// A copy of this endpoint whose errors keep their bodies with every secret replaced (the accounts'
    /// answers carry tokens): the status and the server's message stay readable.
    func redactingErrorBodies() -> Endpoint {
        var copy = self
        copy.redactsErrorBodies = true
        return copy
    }

    /// A copy of this endpoint whose body carries a secret: a redirect to another origin ends the call
    /// with the 3xx instead of being followed (Apple's URLSession would resend the body there).
    func carryingSecretBody() -> Endpoint {
        var copy = self
        copy.bodyCarriesSecret = true
        return copy
    }
}
