import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A change to every request, made in app code: a header computed per request (a request ID,
/// `Accept-Language`, a signature), a query item, a different timeout.
///
/// ```swift
/// var options = APIClient.Options()
/// options.requestHook = RequestHook { request in
///     request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
/// }
/// ```
///
/// It runs last, on the finished `URLRequest` (URL, method, body, headers and credential in place),
/// before the request is coalesced, looked up in a ``ResponseCache`` and sent; the client's hook first,
/// then the endpoint's (``Endpoint/adaptingRequest(_:)``). What it means elsewhere:
/// - **Coalescing** keys on the method, the URL and every header: a header unique to each request (a
///   request ID) turns coalescing off for those requests; the same value for identical requests keeps it.
/// - **The response cache** keys on the URL and the request headers named by the answer's `Vary`: a
///   header the hook adds is part of the key only when the server says it varies on it.
/// - **Credentials stay with the API's origin**: after the hooks, a request to another origin than the base
///   URL's (a hook that rewrote the URL, or an absolute image URL) loses every header of
///   ``APIClient/Options/headers``, every header the ``Authenticator`` set, and every header on the
///   credential list (`Authorization`, `Proxy-Authorization`, `Cookie`, `X-API-Key`, `X-Auth-Token`, and
///   the other key and token headers), whoever set them — the hook included. A hook that moves a request
///   away from the API's origin also takes off every other header it carried before the hook (an
///   endpoint's header), but the safe ones (`Accept`, `Content-Type`, ...), as a redirect would. A hook
///   cannot send a credential elsewhere; only a header it sets itself, on none of those lists, goes
///   where it sends the request.
/// - A hook that throws fails the call with the ``APIError`` it threw, or with
///   ``APIError/invalidRequest(_:)`` naming any other error; nothing is sent.
///
/// A hook runs before **every try**: the first, each retry of a transient failure (on the request as built
/// again, so a hook that appends never appends twice), and the ``Authenticator``'s replay after a refresh
/// (with the new credential already on the request), as kean/Get's `willSendRequest` does. A signature or a
/// timestamp is therefore fresh on every try, and the own-origin rule above is applied after the hooks on
/// every try too. A hook runs on the thread that sends the try (any thread). An `async` hook (``async(_:)``)
/// runs in a task, which a cancel of the call cancels (a retry's task is left to finish, and nothing is
/// sent after it); a retry's hook that throws ends the call with its error.
public struct RequestHook: Sendable {
    enum Adapt: Sendable {
        case sync(@Sendable (inout URLRequest) throws -> Void)
        case async(@Sendable (inout URLRequest) async throws -> Void)
    }

    let adapt: Adapt

    /// A hook that changes the request in place, at once.
    /// - Parameter adapt: Changes the request; may throw to fail the call.
    public init(_ adapt: @escaping @Sendable (inout URLRequest) throws -> Void) {
        self.adapt = .sync(adapt)
    }

    private init(adapt: Adapt) {
        self.adapt = adapt
    }

    /// A hook that may wait before the request is sent (to read a keychain, sign with a key that must be
    /// fetched first).
    /// - Parameter adapt: Changes the request; may throw to fail the call.
    public static func async(_ adapt: @escaping @Sendable (inout URLRequest) async throws -> Void) -> RequestHook {
        RequestHook(adapt: .async(adapt))
    }

    /// Whether the hook runs at once (no task needed).
    var isSync: Bool {
        if case .sync = adapt { return true }
        return false
    }

    /// `request` changed by `hooks` in order, which must all be synchronous; then the own-origin `rule`
    /// applied (see `OwnOriginHeaders.swift`).
    static func run(
        _ hooks: [RequestHook], on request: URLRequest, rule: OwnOriginHeaders
    ) -> Result<URLRequest, APIError> {
        var adapted = request
        do {
            for hook in hooks {
                if case .sync(let adapt) = hook.adapt { try adapt(&adapted) }
            }
        } catch {
            return .failure(failure(error))
        }
        return .success(rule.applied(to: adapted, builtAs: request))
    }

    /// `request` changed by `hooks` in order, waiting for the `async` ones; then the own-origin `rule`
    /// applied. A cancelled task fails with ``APIError/cancelled``.
    static func run(
        _ hooks: [RequestHook], on request: URLRequest, rule: OwnOriginHeaders
    ) async -> Result<URLRequest, APIError> {
        var adapted = request
        do {
            for hook in hooks {
                switch hook.adapt {
                case .sync(let adapt): try adapt(&adapted)
                case .async(let adapt): try await adapt(&adapted)
                }
            }
        } catch {
            return .failure(failure(error))
        }
        guard !Task.isCancelled else { return .failure(.cancelled) }
        return .success(rule.applied(to: adapted, builtAs: request))
    }

    /// The request of a retry (see ``PerTry``), or `nil` when `hooks` is empty: a retry then sends the
    /// first try's request again.
    static func perTry(_ hooks: [RequestHook], built: URLRequest, rule: OwnOriginHeaders) -> PerTry? {
        hooks.isEmpty ? nil : PerTry(hooks: hooks, built: built, rule: rule)
    }

    /// Makes the request of each retry: the hooks run again on the request as built (credential on), then
    /// the own-origin rule; the cache's validators the first try carried are kept.
    struct PerTry: Sendable {
        let hooks: [RequestHook]
        let built: URLRequest
        let rule: OwnOriginHeaders

        /// Calls `ready` once with the retry's request, or the error a hook threw; at once when every hook
        /// is synchronous, else from a task.
        func request(
            after first: URLRequest, ready: @escaping @Sendable (Result<URLRequest, APIError>) -> Void
        ) {
            let keep = { @Sendable (adapted: URLRequest) -> URLRequest in
                var request = adapted
                for name in ["If-None-Match", "If-Modified-Since"] {
                    if let value = first.value(forHTTPHeaderField: name) {
                        request.setValue(value, forHTTPHeaderField: name)
                    }
                }
                return request
            }
            if hooks.allSatisfy(\.isSync) {
                return ready(RequestHook.run(hooks, on: built, rule: rule).map(keep))
            }
            let (hooks, built, rule) = (self.hooks, self.built, self.rule)
            Task { ready(await RequestHook.run(hooks, on: built, rule: rule).map(keep)) }
        }
    }

    /// The hook's error as the call's: an ``APIError`` as it is, anything else as
    /// ``APIError/invalidRequest(_:)``.
    static func failure(_ error: any Error) -> APIError {
        if let apiError = error as? APIError { return apiError }
        return .invalidRequest(.hookFailed(detail: "\(error)"))
    }
}
