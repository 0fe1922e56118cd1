import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one finished exchange did, handed to ``APIClient/Options/resultObserver``: for metrics, a
/// network-activity indicator, or "any 401 from any controller ends the session".
///
/// There is one report per exchange with the network (however many tries it took, and however many
/// coalesced calls shared it) and one per answer served from a ``ResponseCache`` without a request.
/// It holds no secret the core put there: `Authorization`, `Proxy-Authorization` and `Cookie` are
/// `<redacted>` in ``request``, and the body an ``error`` keeps has its secret JSON fields (`password`,
/// `token`, ...) replaced, as in the logger's lines. Other headers and the request body are as your app
/// set them.
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

    /// The request as sent (the last try's), credential headers redacted.
    public let request: URLRequest
    /// The last HTTP response; `nil` when none arrived (offline, a timeout, a cancel).
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

    /// The bytes of the body received (a success's, or the one a failure keeps), counted before any
    /// redaction (the logger reports them).
    let receivedBytes: Int

    init(
        request: URLRequest, outcome: Exchange.Outcome, lastResponse: HTTPURLResponse?, duration: TimeInterval,
        retries: Int, calls: Int, cache: CacheOutcome?
    ) {
        var redacted = request
        for name in ["Authorization", "Proxy-Authorization", "Cookie"]
        where request.value(forHTTPHeaderField: name) != nil {
            redacted.setValue(Redaction.placeholder, forHTTPHeaderField: name)
        }
        self.request = redacted
        switch outcome {
        case .success(let (body, response)):
            self.response = response
            self.error = nil
            self.receivedBytes = body.count
        case .failure(let error):
            self.response = lastResponse
            self.error = Redaction.error(Redaction.error(error), removingSecretsOf: request)  // echoed ones too
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
