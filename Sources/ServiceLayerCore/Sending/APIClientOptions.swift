import Foundation

extension APIClient {
    /// The policies of a client. Every one has a default a typical app keeps.
    public struct Options: Sendable {
        /// Seconds a request may take from start to last byte, rounded up to whole seconds and at least
        /// 1 (Linux's URLSession fires sub-second timeouts at once). `nil` by default: the session's
        /// `configuration.timeoutIntervalForRequest` applies (60 s for `.default`).
        ///
        /// Which timeout wins: an endpoint's ``Endpoint/timeout-swift.property``, then this one, then the
        /// session's. The client's watchdog ends a try that URLSession does not end within the winner + 0.5 s.
        ///
        /// The timeout is per try: a retried call may take each try's timeout plus the waits between
        /// tries — with the default ``retryPolicy``, at most 3 × (timeout + 0.5) + 1.5 s (9 s for 2 s;
        /// ``RetryPolicy/worstCaseDuration(perTryTimeout:)`` computes it for any policy).
        public var timeout: TimeInterval?
        /// How idempotent requests are retried on transient failures. ``RetryPolicy/default`` (two
        /// retries) by default; ``RetryPolicy/never`` switches retries off.
        public var retryPolicy: RetryPolicy
        /// Whether identical in-flight `GET`s (same URL, headers and credentials) share one network
        /// request. `true` by default; an endpoint may override it.
        public var coalescesGETs: Bool
        /// Consulted before every send; when it says offline the call fails at once with
        /// ``APIError/offline(url:)``. ``defaultConnectivitySource()`` by default (always online on Linux).
        public var connectivity: any ConnectivitySource
        /// Receives one redacted line per request; `nil` (no logging) by default.
        public var logger: RequestLogger?
        /// Headers sent with every request to the base URL's origin (for example an API key), never to
        /// another origin (scheme, host and port): not with an absolute URL elsewhere, not after a
        /// ``requestHook`` that moves the request elsewhere (a header of any of these names is removed
        /// then, whoever set it), and not across a redirect to another origin (where only `Accept`,
        /// `Accept-Encoding`, `Accept-Language`, `Content-Language`, `Content-Type` and `User-Agent`
        /// survive). The rule is applied last, on every try and every redirect; it covers the
        /// authenticator's headers and the credential list (`Authorization`, `Cookie`, `X-API-Key`, ...)
        /// too. An endpoint's headers of the same name win. A
        /// ``responseCache`` keeps separate entries per value of the identity-bearing ones (`X-API-Key`,
        /// `Cookie`, ...). Empty by default.
        public var headers: [String: String]
        /// Encodes request bodies. A plain `JSONEncoder()` by default.
        public var encoder: JSONEncoder
        /// Decodes response bodies. A plain `JSONDecoder()` by default.
        public var decoder: JSONDecoder
        /// The conditional-GET cache every `GET` without `Authorization` goes through (it keeps only
        /// what a cache shared by the app's users may: see ``ResponseCache``); `nil` (no caching) by
        /// default. An endpoint may opt out with ``Endpoint/uncached()`` or use its own with
        /// ``Endpoint/cached(in:)``.
        public var responseCache: ResponseCache?
        /// Changes every request last, before it is coalesced, cached and sent (a header computed per
        /// request, say); see ``RequestHook`` for what it does to coalescing, the cache and credentials.
        /// `nil` (none) by default; an endpoint may add its own with ``Endpoint/adaptingRequest(_:)``.
        public var requestHook: RequestHook?
        /// Receives one ``ExchangeReport`` per finished exchange (and per cache hit), on the thread the
        /// exchange ended on: keep it quick. `nil` (none, and no report is made) by default.
        public var resultObserver: ResultObserver?
        /// The largest answer body kept in memory, in bytes, counted after decompression (a
        /// `Content-Encoding: gzip` answer is inflated by URLSession before it is counted): a JSON
        /// call's, an upload's answer. A larger one fails the call with ``APIError/transport(_:)`` of
        /// `URLError(.dataLengthExceedsMaximum)`, never retried; nothing of it is kept (no value, no
        /// error body, no cache entry). 32 MiB (33,554,432) by default; a download
        /// (``Endpoint/downloading(to:)``) goes to disk and is not limited by it.
        ///
        /// The body is checked once it has arrived: until then URLSession holds it in memory, and an
        /// endless body is ended by the call's ``timeout``.
        public var maximumResponseBodySize: Int = Options.defaultMaximumResponseBodySize

        /// The default of ``maximumResponseBodySize``: 32 MiB.
        public static let defaultMaximumResponseBodySize = 32 * 1024 * 1024

        /// Creates options; every parameter has the default described on its property.
        /// - Parameters:
        ///   - timeout: Seconds per try; `nil` (the session's `timeoutIntervalForRequest`) by
        ///     default. An endpoint's own timeout wins over it.
        ///   - retryPolicy: ``RetryPolicy/default`` by default.
        ///   - coalescesGETs: `true` by default.
        ///   - connectivity: ``defaultConnectivitySource()`` by default.
        ///   - logger: `nil` (no logging) by default.
        ///   - headers: Empty by default.
        ///   - encoder: A plain `JSONEncoder()` by default.
        ///   - decoder: A plain `JSONDecoder()` by default.
        ///   - responseCache: `nil` (no caching) by default.
        ///   - requestHook: `nil` (none) by default.
        ///   - resultObserver: `nil` (none) by default.
        public init(
            timeout: TimeInterval? = nil,
            retryPolicy: RetryPolicy = .default,
            coalescesGETs: Bool = true,
            connectivity: any ConnectivitySource = defaultConnectivitySource(),
            logger: RequestLogger? = nil,
            headers: [String: String] = [:],
            encoder: JSONEncoder = JSONEncoder(),
            decoder: JSONDecoder = JSONDecoder(),
            responseCache: ResponseCache? = nil,
            requestHook: RequestHook? = nil,
            resultObserver: ResultObserver? = nil
        ) {
            self.timeout = timeout
            self.retryPolicy = retryPolicy
            self.coalescesGETs = coalescesGETs
            self.connectivity = connectivity
            self.logger = logger
            self.headers = headers
            self.encoder = encoder
            self.decoder = decoder
            self.responseCache = responseCache
            self.requestHook = requestHook
            self.resultObserver = resultObserver
        }

        /// The result observer and the logger (one of its users) as one observer; `nil` when neither is set.
        var combinedObserver: ResultObserver? {
            switch (resultObserver, logger) {
            case (nil, nil): return nil
            case (let observer?, nil): return observer
            case (nil, let logger?): return { logger(RequestLogLine.make($0)) }
            case (let observer?, let logger?):
                return { report in
                    logger(RequestLogLine.make(report))
                    observer(report)
                }
            }
        }
    }
}
