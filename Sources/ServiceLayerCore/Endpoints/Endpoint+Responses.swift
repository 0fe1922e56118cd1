import Foundation

// MARK: - One initializer per kind of response

extension Endpoint where Response: Decodable & Sendable {
    /// An endpoint whose 2xx body is JSON decoded as `Response`, off the main actor.
    ///
    /// This is the initializer the compiler picks for our models and for any type whose `Decodable`
    /// conformance is not isolated to an actor. A type declared in an app target with main-actor default
    /// isolation gets the main-actor initializer below instead, with the same spelling.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - target: A path relative to the client's base URL (a string literal), or `.url(_:)`. A `?` in
    ///     the path starts a query (`"search/movie?query=x"`), sent before `query`'s items; a `#` fails
    ///     the call with ``APIError/invalidRequest(_:)`` (see ``EndpointTarget/path(_:)``).
    ///   - query: Query items, percent-encoded strictly; none by default.
    public init(method: HTTPMethod = .get, _ target: Target, query: [URLQueryItem] = []) {
        self.init(
            method: method, target: target, query: query,
            reading: .anywhere { outcome, decoder in
                ResponseReading<Response>.decodeJSON(Response.self, outcome, decoder: decoder)
            })
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose 2xx body is JSON decoded as `Response` on the main actor: for a type whose
    /// `Decodable` conformance is main-actor isolated, as a plain `Codable` struct is in an app target
    /// with main-actor default isolation (Xcode's template). The network work stays off the main
    /// actor; only `init(from:)` runs there. Mark a big payload's type `nonisolated` to decode it off
    /// the main actor instead.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - target: A path relative to the client's base URL (a string literal), or `.url(_:)`. A `?` in
    ///     the path starts a query (`"search/movie?query=x"`), sent before `query`'s items; a `#` fails
    ///     the call with ``APIError/invalidRequest(_:)`` (see ``EndpointTarget/path(_:)``).
    ///   - query: Query items, percent-encoded strictly; none by default.
    @MainActor
    public init(method: HTTPMethod = .get, _ target: Target, query: [URLQueryItem] = []) {
        self.init(
            method: method, target: target, query: query,
            reading: .onMainActor { outcome, decoder in
                ResponseReading<Response>.decodeJSON(Response.self, outcome, decoder: decoder)
            })
    }
}

extension Endpoint where Response == Data {
    /// An endpoint whose 2xx body is returned as raw bytes (an image, a file).
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - target: A path relative to the client's base URL (a string literal), or `.url(_:)`. A `?` in
    ///     the path starts a query (`"search/movie?query=x"`), sent before `query`'s items; a `#` fails
    ///     the call with ``APIError/invalidRequest(_:)`` (see ``EndpointTarget/path(_:)``).
    ///   - query: Query items, percent-encoded strictly; none by default.
    public init(method: HTTPMethod = .get, _ target: Target, query: [URLQueryItem] = []) {
        self.init(
            method: method, target: target, query: query,
            reading: .anywhere { outcome, _ in outcome.map { body, _ in body } })
    }
}

extension Endpoint where Response == Void {
    /// An endpoint whose answer has no useful body: any 2xx succeeds, including 204, 205, `HEAD` and
    /// an empty body.
    /// - Parameters:
    ///   - method: The HTTP method; `.get` by default.
    ///   - target: A path relative to the client's base URL (a string literal), or `.url(_:)`. A `?` in
    ///     the path starts a query (`"search/movie?query=x"`), sent before `query`'s items; a `#` fails
    ///     the call with ``APIError/invalidRequest(_:)`` (see ``EndpointTarget/path(_:)``).
    ///   - query: Query items, percent-encoded strictly; none by default.
    public init(method: HTTPMethod = .get, _ target: Target, query: [URLQueryItem] = []) {
        self.init(
            method: method, target: target, query: query,
            reading: .anywhere { outcome, _ in outcome.map { _ in () } })
    }
}

// MARK: - Turning the response into what the caller wants

extension Endpoint {
    /// A copy of this endpoint whose result is `transform`ed: an envelope unwrapped
    /// (`Endpoint<MenuItems>("menu").map(\.items)`), or a reply checked (throw an ``APIError`` to fail the
    /// call). The transform runs where the response is decoded, before the completion.
    ///
    /// In an app target with main-actor default isolation, write the transform as a closure
    /// (`.map { $0.results }`): a key path to a main-actor-isolated property is not `Sendable`.
    /// - Parameter transform: Turns the decoded response into the call's value.
    public func map<Value: Sendable>(_ transform: @escaping @Sendable (Response) throws(APIError) -> Value)
        -> Endpoint<Value>
    {
        reading(
            reading.map { result in
                result.flatMap { response in
                    do throws(APIError) { return .success(try transform(response)) } catch { return .failure(error) }
                }
            })
    }

    /// A copy of this endpoint whose result is the value at `keyPath` of the response
    /// (`Endpoint<MenuItems>("menu").map(\.items)`).
    /// - Parameter keyPath: Where the call's value is in the response.
    public func map<Value: Sendable>(_ keyPath: KeyPath<Response, Value> & Sendable) -> Endpoint<Value> {
        reading(reading.map { $0.map { $0[keyPath: keyPath] } })
    }
}
