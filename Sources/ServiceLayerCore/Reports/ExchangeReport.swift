import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one finished exchange did, handed to ``APIClient/Options/resultObserver``: for metrics, a
/// network-activity indicator, or "any 401 from any controller ends the session".
///
/// There is one report per exchange with the network (however many tries it took, and however many
/// coalesced calls shared it) and one per answer served from a ``ResponseCache`` without a request.
/// It redacts what a log line redacts (see `ExchangeReport+Redaction.swift`), each secret replaced by
/// `<redacted>`:
/// - in ``request``: the values of the credential headers (`Authorization`, `Proxy-Authorization`,
///   `Cookie`, `X-API-Key`, `X-Auth-Token` and the other key and token headers) and of every header
///   the ``Authenticator`` set; the URL's password and secret query items (`token`, `api_key`, `sig`,
///   ...); in a JSON body, every secret field (`password`, `refreshToken`, ...) at any depth; in any
///   other text body, every secret value the request carries; and in the body of the controllers'
///   login, signup and refresh requests, every value (the field names stay);
/// - in ``response``: the value of every `Set-Cookie` (a session the server hands out is a credential);
/// - in ``error``: the body it keeps has its secret JSON fields replaced, and any secret the request
///   sent that the server echoed back.
///
/// Other headers, and bodies without secrets, are as your app set them.
public struct ExchangeReport: Sendable {
    /// Where the answer came from when a ``ResponseCache`` took part.
    public enum CacheOutcome: String, Sendable {
        /// A fresh kept answer, served without a request.
        case hit
        /// The server answered 304: the kept body was used.
        case revalidated
        /// The server sent a new answer.
        case miss
    }

    /// The request as sent (the last try's), its secrets redacted: credential headers, the
    /// authenticator's headers, secret query items, secret JSON fields of the body.
    public let request: URLRequest
    /// The last HTTP response, every `Set-Cookie` value redacted; `nil` when none arrived (offline, a
    /// timeout, a cancel).
    public let response: HTTPURLResponse?
    /// Why the exchange failed; `nil` when it succeeded (a 2xx, or a 304 answered from the cache).
    public let error: APIError?
    /// Seconds from the first try's start to the end.
    public let duration: TimeInterval
    /// How many times the request was sent again after a transient failure.
    public let retries: Int
    /// How many calls received this exchange's outcome: 1, more when identical `GET`s were coalesced,
    /// 0 when every caller had cancelled.
    public let calls: Int
    /// The cache's part; `nil` when no ``ResponseCache`` took part.
    public let cache: CacheOutcome?
    /// Whether the client's ``Authenticator`` takes this failure: it renews the credential (or waits for a
    /// renewal under way) and sends the call again, so the call does not end with this ``error``. `false`
    /// for every other report: a success, an error the authenticator does not treat as a rejection, a
    /// replay's own rejection (a call is replayed once), a client without an authenticator, and the
    /// renewal's own request. When the renewal fails, its exchange is reported like any other (a refresh
    /// token the server refuses is a 401 with `willBeReplayed` `false`) and the call ends with this error;
    /// a renewal that sends nothing (no refresh token, ``APIError/tooManyTokenRefreshes``, a logout
    /// meanwhile) adds no report, so for those watch the call's own result.
    ///
    /// So an observer that ends the session on a 401 checks it, and ignores the 401s a refresh fixes:
    /// `if report.error?.statusCode == 401, !report.willBeReplayed { ... }`.
    public let willBeReplayed: Bool

    /// The bytes of the body received (a success's, or the one a failure keeps), counted before any
    /// redaction (the logger reports them).
    let receivedBytes: Int
    /// The bytes of the request body as sent (before redaction).
    let sentBytes: Int

    /// - Parameters:
    ///   - secretHeaders: The lowercased header names whose values are redacted; the credential list by
    ///     default (the exchange passes the authenticator's too, see `OwnOriginHeaders.swift`).
    ///   - bodyCarriesSecret: Whether the request is marked as carrying a secret body; `false` by default.
    ///   - willBeReplayed: Whether the authenticator replays the call after this failure; `false` by default.
    init(
        request: URLRequest, outcome: ExchangeOutcome, lastResponse: HTTPURLResponse?, duration: TimeInterval,
        retries: Int, calls: Int, cache: CacheOutcome?, secretHeaders: Set<String> = OwnOriginHeaders.credentials,
        bodyCarriesSecret: Bool = false, willBeReplayed: Bool = false
    ) {
        self.willBeReplayed = willBeReplayed
        self.request = Self.redacted(request, secretHeaders: secretHeaders, bodyCarriesSecret: bodyCarriesSecret)
        self.sentBytes = request.httpBody?.count ?? 0
        switch outcome {
        case .success(let (body, response)):
            self.response = Self.redacted(response)
            self.error = nil
            self.receivedBytes = body.count
        case .failure(let error):
            self.response = lastResponse.map(Self.redacted)
            let sent = Redaction.secrets(of: request, headerNames: secretHeaders.union(Redaction.secretHeaders))
            self.error = Redaction.error(Redaction.error(error), removing: sent)  // echoed ones too
            self.receivedBytes = error.responseBody?.count ?? 0  // the body's size, before redaction
        }
        self.duration = duration
        self.retries = retries
        self.calls = calls
        self.cache = cache
    }
}

/// Receives one ``ExchangeReport`` per finished exchange; see ``APIClient/Options/resultObserver``.
public typealias ResultObserver = @Sendable (ExchangeReport) -> Void
