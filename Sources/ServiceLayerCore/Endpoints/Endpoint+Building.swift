import Foundation

// MARK: - Adjusting an endpoint
//
// Every builder returns a changed copy, so endpoints read as one expression:
// `Endpoint<Review>(method: .post, "reviews").body(review).timeout(10)`.

extension Endpoint {
    /// A copy of this endpoint that sends `value` as JSON (`Content-Type: application/json`), encoded
    /// with the client's encoder when the request is built, on any thread.
    /// - Parameter value: The body.
    public func body(_ value: some Encodable & Sendable) -> Endpoint {
        with { copy in
            copy.body = RequestBody(encoding: .json { try $0.encode(value) }, contentType: "application/json")
        }
    }

    /// A copy of this endpoint that sends `value` as JSON, for a type whose `Encodable` conformance is
    /// main-actor isolated (a plain `Codable` struct in an app target with main-actor default
    /// isolation): it is encoded on the main actor, then sent like any other body.
    /// - Parameter value: The body.
    @MainActor
    public func body(_ value: some Encodable) -> Endpoint {
        with { copy in
            copy.body = RequestBody(
                encoding: .jsonOnMainActor { try $0.encode(value) }, contentType: "application/json")
        }
    }

    /// A copy of this endpoint that sends `data` as it is.
    /// - Parameters:
    ///   - data: The body's bytes.
    ///   - contentType: Its `Content-Type`, for example `"text/plain; charset=utf-8"`.
    public func body(_ data: Data, contentType: String) -> Endpoint {
        with { $0.body = RequestBody(encoding: .bytes(data), contentType: contentType) }
    }

    /// A copy of this endpoint with these query items after its own (a name in both is sent twice, in
    /// that order), encoded like ``query``. A way to make an endpoint's reading once and give each call
    /// its own values: `static let menu = Endpoint<MenuItems>("menu").map(\.items)`, then
    /// `menu.query([URLQueryItem(name: "category", value: category)])` per call.
    /// - Parameter items: The items to append.
    public func query(_ items: [URLQueryItem]) -> Endpoint {
        with { $0.query = query + items }
    }

    /// A copy of this endpoint with these extra headers; they override the client's headers and this
    /// endpoint's earlier ones of the same name.
    /// - Parameter headers: Header names and values.
    public func headers(_ headers: [String: String]) -> Endpoint {
        with { $0.headers = self.headers.merging(headers) { _, new in new } }
    }

    /// A copy of this endpoint that carries the client's token as `Authorization: Bearer <token>`. It is
    /// only sent to the base URL's origin; without a token the call fails with
    /// ``APIError/notAuthenticated`` and sends nothing.
    public func requiringAuthorization() -> Endpoint {
        with { $0.requiresAuthorization = true }
    }

    /// A copy of this endpoint with its own timeout (whole seconds; a fraction is rounded up), which
    /// wins over the client's and the session's.
    /// - Parameter seconds: The time one try may take, from start to last byte.
    public func timeout(_ seconds: TimeInterval) -> Endpoint {
        with { $0.extras.timeout = seconds }
    }

    /// A copy of this endpoint with its own retry policy (``RetryPolicy/never`` turns retries off).
    /// - Parameters:
    ///   - policy: How transient failures are retried.
    ///   - evenIfNotIdempotent: Whether a `POST` or `PATCH` may be retried too: only for endpoints whose
    ///     server side is known to be safe to repeat. `false` by default.
    public func retry(_ policy: RetryPolicy, evenIfNotIdempotent: Bool = false) -> Endpoint {
        with {
            $0.extras.retryPolicy = policy
            $0.extras.retriesNonIdempotent = evenIfNotIdempotent
        }
    }

    /// A copy of this endpoint with coalescing of identical in-flight requests switched on or off.
    /// - Parameter enabled: Whether identical requests in flight share one network request.
    public func coalescing(_ enabled: Bool) -> Endpoint {
        with { $0.extras.coalesces = enabled }
    }

    /// A copy of this endpoint whose requests `hook` changes last, after the client's
    /// ``APIClient/Options/requestHook`` (see ``RequestHook``).
    /// - Parameter hook: The change.
    public func adaptingRequest(_ hook: RequestHook) -> Endpoint {
        with { $0.extras.requestHook = hook }
    }

    /// A copy of this endpoint whose errors keep their bodies with every secret replaced (the accounts'
    /// answers carry tokens): the status and the server's message stay readable. Use it on an endpoint
    /// whose answers may carry a token or a password; errors keep their bodies as they came by default.
    public func redactingErrorBodies() -> Endpoint {
        with { copy in copy.reading = reading.map { $0.mapError(Redaction.error) } }
    }

    /// A copy of this endpoint whose errors keep and say none of `secrets` (a password the server may
    /// quote in a refusal): each is replaced wherever an error's message or body holds it.
    /// - Parameter secrets: The strings to remove (the password the call sends, say).
    public func redactingErrors(removing secrets: [String]) -> Endpoint {
        with { copy in copy.reading = reading.map { $0.mapError { Redaction.error($0, removing: secrets) } } }
    }

    /// A copy of this endpoint whose body carries a secret (a password, a refresh token): a redirect to
    /// another origin ends the call with the 3xx instead of being followed (Apple's URLSession would
    /// resend the body there). By default a redirect is followed, without the client's own headers.
    public func carryingSecretBody() -> Endpoint {
        with { $0.extras.bodyCarriesSecret = true }
    }

    /// A copy changed by `change`. A closure, not a `WritableKeyPath`: a key path into a generic type is
    /// instantiated at run time on every use (about 10 µs, the most costly step of a `fetchMenuItems`
    /// call's building before; see BENCHMARKS.md).
    private func with(_ change: (inout Endpoint) -> Void) -> Endpoint {
        var copy = self
        change(&copy)
        return copy
    }
}
