import Foundation

/// What few endpoints set, kept out of every copy of an ``Endpoint``: one shared, immutable box, replaced
/// by a new one when a modifier changes it (copy on write). An endpoint that sets none of it shares one
/// empty box with every other, so a plain endpoint's copy moves 8 bytes for all of this.
///
/// Read and set a value through the box as if it were stored here: `endpoint.extras.timeout`,
/// `download.extras.coalesces = false`. A new rarely set modifier adds its stored property to
/// ``Values``; `EndpointModifiersSurviveMapTests` then fails until it applies it.
@dynamicMemberLookup
struct EndpointExtras: Sendable {
    /// The values themselves.
    struct Values: Sendable {
        /// This request's timeout in seconds; `nil` (the client's) by default.
        var timeout: TimeInterval?
        /// This request's retry policy; `nil` (the client's) by default.
        var retryPolicy: RetryPolicy?
        /// Whether a non-idempotent request may be retried; `false` by default.
        var retriesNonIdempotent = false
        /// Whether identical in-flight requests share one; `nil` (the client's setting) by default.
        var coalesces: Bool?
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

    /// The box: never changed once made.
    private final class Box: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    /// The box every endpoint that sets none of these shares.
    private static let none = Box(Values())

    private var box = EndpointExtras.none

    /// The values, as one value (for `Mirror`, in the tests).
    var values: Values { box.values }

    /// A value of the box.
    subscript<Value>(dynamicMember property: KeyPath<Values, Value>) -> Value {
        box.values[keyPath: property]
    }

    /// A value of the box; setting it puts a changed copy in a new box.
    subscript<Value>(dynamicMember property: WritableKeyPath<Values, Value>) -> Value {
        get { box.values[keyPath: property] }
        set {
            var values = box.values
            values[keyPath: property] = newValue
            box = Box(values)
        }
    }
}
