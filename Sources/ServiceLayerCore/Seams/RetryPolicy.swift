import Foundation

/// When and how often a failed request is sent again.
///
/// Only idempotent requests (`GET`, `HEAD`, `PUT`, `DELETE`) are retried, unless the endpoint opts in
/// with ``Endpoint/retriesNonIdempotent``; only transient failures are retried (a timeout, a lost
/// connection, 408, 429, 502, 503, 504 — see ``APIError/isTransient``). Decoding failures and other
/// 4xx answers never are. Waits grow exponentially with random jitter; a `Retry-After` header (in
/// seconds) on a 429 or 503 is honoured, up to ``maximumDelay``.
///
/// A timeout is per try, not per call: each try may take the whole timeout (and the client's
/// watchdog ends a try URLSession has not ended 0.5 s after it), and the waits come on top. With the
/// default policy a call against a server that never answers ends after at most 3 × (timeout + 0.5)
/// + 1.5 seconds: 9 s for a 2 s timeout, 183 s for the 60 s of `URLSessionConfiguration.default`
/// (see ``worstCaseDuration(perTryTimeout:)``). For a bound on the whole call, lower the timeout or
/// ``maxRetries``, or cancel the call's handle (or Swift task) at your deadline.
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request may be sent again after its first try. 2 by default.
    public var maxRetries: Int
    /// The wait before the first retry, in seconds; each later wait doubles it. 0.5 by default.
    public var baseDelay: TimeInterval
    /// The longest wait between two tries, in seconds, `Retry-After` included. 30 by default.
    public var maximumDelay: TimeInterval
    /// The share of each wait that is random, from 0 (none) to 1 (the whole wait). 0.5 by default:
    /// a wait of 1 s becomes anything from 0.5 s to 1 s, so clients that failed together do not
    /// retry together.
    public var jitter: Double

    /// Creates a policy.
    /// - Parameters:
    ///   - maxRetries: Retries after the first try; 2 by default.
    ///   - baseDelay: The first wait in seconds; 0.5 by default.
    ///   - maximumDelay: The longest wait in seconds; 30 by default.
    ///   - jitter: The random share of each wait, 0...1; 0.5 by default.
    public init(
        maxRetries: Int = 2, baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 30, jitter: Double = 0.5
    ) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.jitter = min(1, max(0, jitter))
    }

    /// Two retries, 0.5 s then 1 s (each less up to half by jitter), at most 30 s.
    public static let `default` = RetryPolicy()

    /// No retries at all.
    public static let never = RetryPolicy(maxRetries: 0)

    /// The longest a call can take under this policy when every try times out: every try takes
    /// `timeout` plus the watchdog's 0.5 s grace, and every wait its full exponential length (jitter
    /// only shortens waits). A `Retry-After` on a 429 or 503 can make a wait as long as
    /// ``maximumDelay`` instead; that is not counted here.
    /// - Parameter timeout: The per-try timeout in seconds (rounded up to whole seconds, at least 1,
    ///   as the client does).
    /// - Returns: Seconds; `3 × (timeout + 0.5) + 1.5` for ``default``.
    public func worstCaseDuration(perTryTimeout timeout: TimeInterval) -> TimeInterval {
        let perTry = max(1, timeout.rounded(.up)) + 0.5
        let waits = (0..<maxRetries).reduce(0) { total, index in
            total + min(baseDelay * pow(2, Double(index)), maximumDelay)
        }
        return Double(maxRetries + 1) * perTry + waits
    }

    /// The wait before retry number `retry` (1 for the first), honouring a server's `Retry-After`.
    /// - Parameters:
    ///   - retry: Which retry this is, from 1.
    ///   - retryAfter: The server's `Retry-After` in seconds, if it sent one.
    ///   - random: A number in `0...1` (injectable for tests); random by default.
    public func delay(beforeRetry retry: Int, retryAfter: TimeInterval? = nil, random: Double = .random(in: 0...1))
        -> TimeInterval
    {
        if let retryAfter { return min(max(0, retryAfter), maximumDelay) }
        let exponential = baseDelay * pow(2, Double(max(0, retry - 1)))
        let capped = min(exponential, maximumDelay)
        return capped * (1 - jitter * random)
    }
}
