import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A task delegate that keeps credentials from following a redirect to another origin.
///
/// When a redirect leads to another scheme, host or port than the request it came from, every header
/// but the ``safeAcrossOrigins`` ones (`Accept`, `Accept-Encoding`, `Accept-Language`,
/// `Content-Language`, `Content-Type`, `User-Agent`: they say how to answer, not who asks) is removed
/// from the new request before URLSession sends it: `Authorization`, `Cookie`, an API key from
/// ``APIClient/Options/headers``, an endpoint's custom header, and the conditional headers of the
/// original URL's cached answer alike. Redirects within the same origin keep every header.
///
/// On Linux it also refuses a redirect that keeps a request's method but would lose its body: Foundation
/// there sends a redirected `PUT`, `PATCH` or 307/308'd `POST` with `Content-Length: 0`, whatever body
/// the new request holds. Such a redirect is not followed; the call ends with the 3xx as
/// ``APIError/httpStatus(code:body:)`` instead of a body-less write reaching the new URL. (A `POST`
/// turned into a `GET` by a 301/302/303 carries no body by design, and is followed.)
///
/// A request whose body carries a secret (login, signup and refresh send a password or a refresh
/// token) goes through ``secretBody`` instead: it never follows a redirect to another origin, on any
/// platform. Apple's URLSession resends the body of a 307/308'd `POST` to wherever `Location` points;
/// the call ends with the 3xx as ``APIError/httpStatus(code:body:)`` instead, nothing sent there.
///
/// A guard made for one exchange also holds that request's own-origin rule (see `OwnOriginHeaders.swift`):
/// a redirect to any origin but the base URL's — even within a foreign origin the request already went
/// to — carries none of the client's headers, the authenticator's or the credential list's.
///
/// Each task's own delegate (see ``SessionTask``) asks it; its decisions are serialized with the
/// cancels of ``SessionTask/cancel()``.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    /// Held while a redirect decision is handed to URLSession and while a task is cancelled (by
    /// ``SessionTask/cancel()``), so the two never interleave.
    static let decisionLock = Locked(())

    static let shared = RedirectGuard(bodyCarriesSecret: false)
    /// The guard of requests whose body carries a secret (see ``Endpoint/bodyCarriesSecret``).
    static let secretBody = RedirectGuard(bodyCarriesSecret: true)

    /// Whether this guard's requests refuse every redirect to another origin.
    let bodyCarriesSecret: Bool
    /// The own-origin rule of the request's headers, applied to every redirect; `nil` for the shared guards.
    let rule: OwnOriginHeaders?

    /// A guard for one exchange.
    /// - Parameters:
    ///   - bodyCarriesSecret: Whether every redirect to another origin is refused.
    ///   - rule: The request's own-origin rule; `nil` (none) by default.
    init(bodyCarriesSecret: Bool, rule: OwnOriginHeaders? = nil) {
        self.bodyCarriesSecret = bodyCarriesSecret
        self.rule = rule
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let sendsBody = task.originalRequest?.httpBody.map { !$0.isEmpty } ?? false
        decide(
            redirectTo: request, from: response, for: task, sendsBody: sendsBody, completionHandler: completionHandler)
    }

    /// Decides the redirect of `task` (whose request sends a body when `sendsBody`, from memory or a
    /// file) to `request`, and hands the decision to URLSession: `request` stripped of credentials,
    /// the same request, or `nil` (not followed).
    func decide(
        redirectTo request: URLRequest, from response: HTTPURLResponse, for task: URLSessionTask, sendsBody: Bool,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let decision: URLRequest? =
            Self.redirectLosesBody(request, original: task.originalRequest, sendsBody: sendsBody)
                || refusesSecretBody(to: request, redirectedFrom: response.url)
            ? nil : Self.strippingCredentials(from: request, redirectedFrom: response.url)
        let ruled = decision.map { rule?.applied(to: $0) ?? $0 }
        RedirectGuard.decisionLock.withLock { _ in Self.answer(completionHandler, with: ruled, for: task) }
    }

    /// Hands `decision` to URLSession. Apple's URLSession must get an answer on every path, a cancelled
    /// or completed task's included (`nil` for those). Linux's traps on an answer for a task cancelled
    /// since it asked ("Received callback for HTTP redirection, but we're not waiting for it"), and has
    /// already reported that task's end, so there a cancelled or completed task gets none.
    private static func answer(
        _ completionHandler: @Sendable (URLRequest?) -> Void, with decision: URLRequest?, for task: URLSessionTask
    ) {
        let ended = task.state == .canceling || task.state == .completed
        #if canImport(FoundationNetworking)
        if ended { return }
        #endif
        completionHandler(ended ? nil : decision)
    }

    /// Whether this guard refuses the redirect to `request`: it carries a secret body and leaves the
    /// origin of `previousURL` (an unknown previous URL counts as another origin).
    func refusesSecretBody(to request: URLRequest, redirectedFrom previousURL: URL?) -> Bool {
        guard bodyCarriesSecret else { return false }
        guard let target = request.url, let previousURL else { return true }
        return !Origin.same(target, previousURL)
    }

    /// Whether following to `request` would send `original`'s method without its body (`sendsBody`: in
    /// memory or from a file): always
    /// `false` where Foundation resends the body (Apple platforms).
    static func redirectLosesBody(_ request: URLRequest, original: URLRequest?, sendsBody: Bool) -> Bool {
        #if canImport(FoundationNetworking)
        guard let original, sendsBody else { return false }
        return request.httpMethod == original.httpMethod
        #else
        return false
        #endif
    }

    /// The headers a redirect may carry to another origin (lowercased): they describe the answer
    /// wanted, never the caller, so no identity, key or app-specific value leaves the API's origin.
    static let safeAcrossOrigins: Set<String> = [
        "accept", "accept-encoding", "accept-language", "content-language", "content-type", "user-agent",
    ]

    /// `request` with only the ``safeAcrossOrigins`` headers unless it goes to the same origin as
    /// `previousURL` (then unchanged).
    static func strippingCredentials(from request: URLRequest, redirectedFrom previousURL: URL?) -> URLRequest {
        guard let target = request.url, let previousURL, Origin.same(target, previousURL) else {
            var stripped = request
            for name in (request.allHTTPHeaderFields ?? [:]).keys where !safeAcrossOrigins.contains(name.lowercased()) {
                stripped.setValue(nil, forHTTPHeaderField: name)
            }
            return stripped
        }
        return request
    }
}
