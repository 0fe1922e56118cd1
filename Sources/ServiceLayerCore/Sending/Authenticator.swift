import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How an API's calls are authenticated, written once for a backend and plugged into its
/// ``APIClient``: every endpoint marked ``Endpoint/requiringAuthorization()`` then carries the
/// credential, and a rejected credential is refreshed and the call sent again — whoever wrote the
/// endpoint, our controllers or yours.
///
/// The client runs the flow; the authenticator only knows the backend:
///
/// ```text
///  call ──▶ needsRefresh? ──yes──▶ wait for the refresh ──▶ send
///             │ no
///             ▼
///           send ──▶ success / other failure ──▶ done
///             │ isAuthenticationFailure
///             ▼
///   isCurrent(sent)? ──no──▶ send again with the current credential (once)
///             │ yes
///             ▼
///   refresh running? ──yes──▶ wait for it
///             │ no
///             ▼
///   more than refreshLimit in the window? ──yes──▶ .tooManyTokenRefreshes
///             │ no
///             ▼
///   refresh(sent) ──ok──▶ every waiting call is sent again, once, with the new credential
///             │ throws
///             ▼
///   invalidate(sent) (log out); every waiting call ends with its own rejection
/// ```
///
/// Guarantees: one refresh in flight per client, however many calls were rejected; each call is sent
/// again at most once; cancelling a call cancels only that call (never a refresh others wait for); a
/// credential never goes to another origin (whichever header `apply` puts it in, after every hook and
/// on every redirect), into a log line or into an ``ExchangeReport``.
public protocol Authenticator: Sendable {
    /// What authenticates a call: a token, a token pair with an expiry, a key.
    associatedtype Credential: Sendable & Equatable

    /// The credential to send now; `nil` when logged out (an authorized call then fails with
    /// ``APIError/notAuthenticated`` and sends nothing).
    var credential: Credential? { get }

    /// Puts `credential` on `request`, for example as `Authorization: Bearer <token>`. Called only for
    /// requests to the client's own origin. Every header it sets (found by comparing the request before
    /// and after) goes only to the base URL's origin: a ``RequestHook`` or a redirect that takes the
    /// request elsewhere removes it. Its value is `<redacted>` in ``ExchangeReport``s and log lines.
    func apply(_ credential: Credential, to request: inout URLRequest)

    /// Gets a new credential after `credential` was rejected or is known expired, keeps it wherever
    /// ``credential`` reads from, and returns it. Send the refresh request through `client` (the client
    /// this authenticator belongs to; the refresh endpoint must not require authorization itself).
    ///
    /// Throw to log out: the client then calls ``invalidate(_:)``. Throwing ``APIError/tokenStorage(_:)``
    /// (the new credential could not be kept) ends the waiting calls with that error; any other error
    /// ends each with the rejection that made it wait.
    func refresh(_ credential: Credential, with client: APIClient) async throws(APIError) -> Credential

    /// Forgets `credential` if it is still the current one (a refresh failed, or the refreshed credential
    /// was rejected too): the user is logged out. A login made meanwhile is kept.
    func invalidate(_ credential: Credential)

    /// Whether `credential` should be refreshed before it is sent (it is known to have expired). `false`
    /// by default.
    func needsRefresh(_ credential: Credential) -> Bool

    /// Whether `error` says the credential was rejected. A 401 by default.
    func isAuthenticationFailure(_ error: APIError) -> Bool

    /// Whether a call sent with `credential` carried the current one; when not, a rejected call is sent
    /// again with the current one instead of refreshing. `credential == self.credential` by default.
    func isCurrent(_ credential: Credential) -> Bool

    /// Whether `credential` (of a new login, or refreshed) belongs to the same login as `sent`, the one a
    /// waiting call was sent with: a call is sent again only within the login it started in, never with
    /// the credential of whoever logged in meanwhile. `true` by default (an authenticator that cannot
    /// tell logins apart).
    func isSameLogin(_ sent: Credential, _ credential: Credential) -> Bool

    /// How many refreshes may start within how many seconds; more fail with
    /// ``APIError/tooManyTokenRefreshes`` (a server that rejects every new credential cannot make the
    /// client loop). 3 in 30 seconds by default.
    var refreshLimit: (count: Int, seconds: TimeInterval) { get }
}

extension Authenticator {
    /// Never refreshes ahead of a rejection.
    public func needsRefresh(_ credential: Credential) -> Bool { false }

    /// A 401.
    public func isAuthenticationFailure(_ error: APIError) -> Bool { error.statusCode == 401 }

    /// `credential == self.credential`.
    public func isCurrent(_ credential: Credential) -> Bool { self.credential == credential }

    /// Always the same login.
    public func isSameLogin(_ sent: Credential, _ credential: Credential) -> Bool { true }

    /// 3 refreshes in 30 seconds.
    public var refreshLimit: (count: Int, seconds: TimeInterval) { (3, 30) }
}
