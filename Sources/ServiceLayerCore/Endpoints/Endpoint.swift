import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One API call described as data: where it goes, what it sends, and how its answer is read.
///
/// An endpoint does not send anything by itself; hand it to `APIClient.send(_:completion:)` (or its
/// `async` twin). It is made with one initializer for its kind of response, then adjusted with builder
/// methods, each of which returns a changed copy:
///
/// ```swift
/// let popular = Endpoint<MoviePage>("movie/popular", query: [URLQueryItem(name: "page", value: "1")])
/// let review = Endpoint<Review>(method: .post, "reviews").body(NewReview(movieID: 7, stars: 5))
/// let picture = Endpoint<Data>(.url(imageURL)).headers(["Accept": "image/*"])
/// let removal = Endpoint<Void>(method: .delete, "reviews/\(id)").requiringAuthorization()
/// ```
///
/// The response type decides how a 2xx body is read (see `Endpoint+Responses.swift`):
/// - a `Decodable` type: the body is decoded as JSON with the client's decoder — off the main actor,
///   unless the type's `Decodable` conformance is main-actor isolated (a plain `Codable` struct in an app
///   target with main-actor default isolation), in which case it is decoded on the main actor;
/// - `Data`: the body is returned as is (images, files);
/// - `Void`: the body is ignored, so 204, 205, `HEAD` and empty bodies succeed.
///
/// `map(_:)` turns the response into what the caller wants (an envelope's `items`, say), so the
/// endpoint carries the whole reading and a controller method is one `send`.
public struct Endpoint<Response>: Sendable {
    /// Where a request goes: a path relative to the client's base URL, or an absolute URL.
    public typealias Target = EndpointTarget

    // A copy of an endpoint is small (see BENCHMARKS.md, "Issue 57"): what most endpoints set is stored
    // here; what few set is in `extras`, one shared box. `reading(_:)` copies every stored property but
    // the reading, so no modifier is ever lost (`EndpointModifiersSurviveMapTests` enumerates them).

    /// The HTTP method. `.get` by default.
    public internal(set) var method: HTTPMethod
    /// Where the request goes.
    public internal(set) var target: Target
    /// Query items appended to the URL, in order. Names and values are percent-encoded strictly
    /// (only `A–Z a–z 0–9 - . _ ~` stay as they are), so `+`, `&`, `=`, `#` and spaces arrive intact.
    /// Empty by default.
    public internal(set) var query: [URLQueryItem]
    /// Extra request headers; they override the client's headers of the same name. Empty by default;
    /// set with ``headers(_:)``.
    public internal(set) var headers: [String: String]
    /// Whether the request carries the client's `Authorization: Bearer <token>` header. When `true`
    /// and the client has no token, the call fails with ``APIError/notAuthenticated`` and sends
    /// nothing. `false` by default; set with ``requiringAuthorization()``.
    public internal(set) var requiresAuthorization: Bool
    /// What the request sends; none by default. Set with `body(_:)` or `body(_:contentType:)`.
    var body: RequestBody?
    /// What few endpoints set: a timeout, a retry policy, a cache choice, a download... (see
    /// `EndpointExtras.swift`). Read and set as `extras.timeout`.
    var extras: EndpointExtras
    /// Turns the exchange's outcome into the call's result; chosen by the initializer for the response
    /// type, extended by `map(_:)` and ``redactingErrorBodies()``.
    var reading: ResponseReading<Response>

    /// The timeout in seconds for this request, rounded up to whole seconds and at least 1; it wins
    /// over the client's ``APIClient/Options/timeout`` and the session's `timeoutIntervalForRequest`.
    /// `nil` (the client's timeout, else the session's) by default; set with ``timeout(_:)``.
    public var timeout: TimeInterval? { extras.timeout }
    /// How often this request may be retried; `nil` (the client's policy) by default; set with
    /// ``retry(_:evenIfNotIdempotent:)``.
    public var retryPolicy: RetryPolicy? { extras.retryPolicy }
    /// Whether this request may be retried although its method is not idempotent (`POST`, `PATCH`):
    /// only for endpoints whose server side is known to be safe to repeat. `false` by default.
    public var retriesNonIdempotent: Bool { extras.retriesNonIdempotent }
    /// Whether identical in-flight requests may share one network request; `nil` (the client's
    /// setting, which applies to `GET` only) by default; set with ``coalescing(_:)``.
    public var coalesces: Bool? { extras.coalesces }

    /// The one place every initializer ends up.
    init(method: HTTPMethod, target: Target, query: [URLQueryItem], reading: ResponseReading<Response>) {
        self.method = method
        self.target = target
        self.query = query
        self.headers = [:]
        self.requiresAuthorization = false
        self.body = nil
        self.extras = EndpointExtras()
        self.reading = reading
    }

    /// This endpoint with another reading, and so another response type; every other stored property is
    /// copied, so every modifier, present or future, is kept.
    func reading<Other>(_ reading: ResponseReading<Other>) -> Endpoint<Other> {
        var other = Endpoint<Other>(method: method, target: target, query: query, reading: reading)
        other.headers = headers
        other.requiresAuthorization = requiresAuthorization
        other.body = body
        other.extras = extras
        return other
    }
}

// MARK: - Where a request goes

/// Where a request goes: a path relative to the client's base URL, or an absolute URL. A string
/// literal is a path: `Endpoint<User>("users/\(id)")`.
public enum EndpointTarget: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// A path appended to the base URL's path (`users/2` or `/users/2` under `https://host/api/`
    /// both give `https://host/api/users/2`). Characters that are not allowed in a path are
    /// percent-encoded.
    ///
    /// A `?` starts a query, as in a browser's address bar: `"search/movie?query=star%20wars&page=2"`
    /// is the path `search/movie` with that query. The query is sent as written (`%20` stays `%20`, a
    /// `+` stays `+`, which many servers read as a space), with only what a query may not contain (a
    /// space, a stray `%`, non-ASCII) percent-encoded; it comes after the base URL's query and before
    /// the endpoint's `query` items, and a name in both is sent twice, in that order. Values you did
    /// not write yourself belong in `query` items, which encode `&`, `=`, `+` and `#` for you.
    ///
    /// A `#` fails the call with ``APIError/invalidRequest(_:)`` before anything is sent: it would start
    /// a fragment, which never reaches the server, so the rest of the path would be lost silently.
    /// Write a `#` that is data as `%23`, or pass the value as a query item.
    case path(String)
    /// An absolute URL, used as is (for example an image URL the server returned). The client's
    /// headers and token only go with it when its scheme, host and port are the base URL's.
    case url(URL)

    /// A path, from a string literal.
    public init(stringLiteral path: String) {
        self = .path(path)
    }
}

// MARK: - Reading a response

extension Endpoint {
    /// Reads a 2xx response body the way the client does: decodes JSON for a `Decodable` response,
    /// returns the bytes for `Data`, ignores the body for `Void`, then applies `map(_:)`. A body that
    /// does not decode gives ``APIError/decoding(_:)`` naming the coding path, with the
    /// body kept.
    ///
    /// Call it yourself to test an endpoint's decoding against a saved response without any network.
    /// An endpoint whose response decodes on the main actor (see ``Endpoint``) must be parsed there.
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The HTTP response it came with.
    ///   - decoder: The JSON decoder; a plain `JSONDecoder()` by default.
    public func parse(_ body: Data, response: HTTPURLResponse, decoder: JSONDecoder = JSONDecoder())
        -> Result<Response, APIError>
    {
        reading.readHere(.success((body, response)), decoder: decoder)
    }

}
