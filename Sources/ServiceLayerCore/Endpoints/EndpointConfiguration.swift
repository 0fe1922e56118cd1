import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything an ``Endpoint`` carries except how its answer is read: one value, so that `map(_:)`,
/// `downloading(to:)` and every other change of response type copy it whole and no modifier is lost.
///
/// A new modifier adds its stored property here, never to `Endpoint` itself;
/// `EndpointModifiersSurviveMapTests` checks through `Mirror` that `Endpoint` stores only this and its
/// reading, and that every property here survives `map(_:)`.
struct EndpointConfiguration: Sendable {
    /// The HTTP method.
    var method: HTTPMethod
    /// Where the request goes.
    var target: EndpointTarget
    /// Query items appended to the URL, in order.
    var query: [URLQueryItem]
    /// What the request sends; none by default. Set with `body(_:)` or `body(_:contentType:)`.
    var body: RequestBody?
    /// Extra request headers; empty by default.
    var headers: [String: String] = [:]
    /// Whether the request carries the client's credential; `false` by default.
    var requiresAuthorization = false
    /// This request's timeout in seconds; `nil` (the client's) by default.
    var timeout: TimeInterval? = nil
    /// This request's retry policy; `nil` (the client's) by default.
    var retryPolicy: RetryPolicy? = nil
    /// Whether a non-idempotent request may be retried; `false` by default.
    var retriesNonIdempotent = false
    /// Whether identical in-flight requests share one; `nil` (the client's setting) by default.
    var coalesces: Bool? = nil
    /// Changes this endpoint's requests after the client's hook; `nil` by default; set with
    /// `adaptingRequest(_:)`.
    var requestHook: RequestHook?
    /// Which ``ResponseCache`` a `GET` goes through; the client's by default (see `Endpoint+Caching.swift`).
    var responseCacheChoice: ResponseCacheChoice = .client
    /// Whether the body carries a secret (a password, a refresh token): the request then never follows
    /// a redirect to another origin (see `RedirectGuard`). `false` by default; set with `carryingSecretBody()`.
    var bodyCarriesSecret = false
    /// Where a download's answer is moved; `nil` (an answer in memory) by default. Set with
    /// `downloading(to:)` (see Transfers/).
    var downloadDestination: URL?
    /// Where a coalescing `GET`'s body is kept and identical calls are answered from; `nil` by default.
    /// Set with `keepingBody(lookup:keep:)` (see KeptBody.swift).
    var keptBody: KeptBody?
    /// Counts this call's bytes for its progress watcher; set by the sends that take one, `nil` otherwise.
    var progress: ProgressCounter?
    /// Reads this call's answer as an event stream as it arrives; set by `APIClient.events`, `nil` otherwise.
    var eventSink: EventSink?
}
