import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generic core every controller uses: one base URL, one long-lived `URLSession`, one callback
/// queue, and the rules that make a call correct.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)
/// client.send(Endpoint<[String: [String]]>(path: "categories")) { result in
///     print(result)  // on the main queue
/// }
/// ```
///
/// Every call's completion runs exactly once, on the callback queue: with the decoded value, with
/// an ``APIError``, or with ``APIError/cancelled``.
public final class APIClient: Sendable {
    /// Where relative endpoint paths are resolved; its path is kept (`https://host/api/` + `users`
    /// is `https://host/api/users`). It is also the only origin that receives the token.
    public let baseURL: URL
    /// The session every request of this client goes through, created once.
    public let session: URLSession
    /// The queue completions run on unless a call names its own. `.main` by default.
    public let callbackQueue: DispatchQueue
    /// The client's policies.
    public let options: Options

    let tokenProvider: (@Sendable () -> String?)?
    /// The session's `timeoutIntervalForRequest`, read once (a session's configuration never changes).
    let sessionTimeout: TimeInterval
    /// The base URL as text, when endpoint paths can be appended to it as text (see URLBuilding.swift).
    let plainBase: String?
    private let coalescing = Coalescing()

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The API's base URL; a trailing `/` is optional.
    ///   - session: The session to use for every request; ``makeSession(configuration:)`` by default.
    ///     Inject one built on a configuration with `protocolClasses` to stub the network in tests.
    ///     Its `configuration.timeoutIntervalForRequest` is the timeout of every request whose endpoint
    ///     and `options` name none.
    ///   - callbackQueue: Where completions run; `.main` by default.
    ///   - options: Timeout, retry, coalescing, connectivity, logging, headers and JSON coders;
    ///     ``Options/init(timeout:retryPolicy:coalescesGETs:connectivity:logger:headers:encoder:decoder:)``
    ///     defaults by default.
    ///   - tokenProvider: Returns the token sent as `Authorization: Bearer <token>` with endpoints that
    ///     require authorization, read at each send; `nil` (no token) by default.
    public init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        callbackQueue: DispatchQueue = .main,
        options: Options = Options(),
        tokenProvider: (@Sendable () -> String?)? = nil
    ) {
        self.baseURL = baseURL
        self.session = session
        self.callbackQueue = callbackQueue
        self.options = options
        self.tokenProvider = tokenProvider
        self.sessionTimeout = session.configuration.timeoutIntervalForRequest
        self.plainBase = URLBuilding.plainBase(baseURL)
    }

    /// A session for one client: `configuration` (`.default` by default) with URLSession's own
    /// response cache turned off, since API answers must be fresh and images are cached by the
    /// controllers.
    public static func makeSession(configuration: URLSessionConfiguration = .default) -> URLSession {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    // MARK: - Sending

    /// Sends `endpoint` and calls `completion` exactly once with its result.
    ///
    /// - Parameters:
    ///   - endpoint: What to send and how to read the answer.
    ///   - callbackQueue: Where `completion` runs; the client's ``callbackQueue`` (`.main` by default)
    ///     when `nil`, the default.
    ///   - completion: Receives the decoded value or an ``APIError``.
    /// - Returns: A handle to cancel the call; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func send<Response>(
        _ endpoint: Endpoint<Response>,
        callbackQueue: DispatchQueue? = nil,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        send(endpoint, callbackQueue: callbackQueue, token: nil, completion: completion)
    }

    /// The path of every call, top to bottom: build the request; say what becomes of the answer
    /// (validated by the ``Exchange``, decoded by ``Endpoint/parse(_:response:decoder:)``, delivered
    /// once by the ``Call``, its error body redacted when the endpoint says so); send it (retries,
    /// watchdog and redirect guard are the exchange's). `token`, when not `nil`, is sent instead of the
    /// token provider's: the accounts' refresh flow must know which token a request carried.
    func send<Response>(
        _ endpoint: Endpoint<Response>,
        callbackQueue: DispatchQueue?,
        token: String?,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        var completion = completion
        if endpoint.redactsErrorBodies { completion = { [completion] in completion($0.mapError(Redaction.error)) } }
        let call = Call<Response>(queue: callbackQueue ?? self.callbackQueue, completion: completion)
        let handle = RequestHandle(call)

        // 1. Build the request (see RequestBuilding.swift); nothing is sent when that fails.
        guard options.connectivity.isOnline(for: baseURL) else {
            call.finish(.failure(.offline))
            return handle
        }
        var request: URLRequest
        switch makeRequest(for: endpoint, token: token) {
        case .success(let built): request = built
        case .failure(let error):
            call.finish(.failure(error))
            return handle
        }

        // A GET through a ResponseCache (Caching/) adds its validators, or is answered without a request.
        let cache = ConditionalGET.prepare(&request, cache: endpoint.responseCacheChoice.resolve(options.responseCache))
        if let fresh = cache?.freshAnswer(for: request, logger: options.logger) {
            call.finish(endpoint.parse(fresh.body, response: fresh.response, decoder: options.decoder))
            return handle
        }

        // 2. What becomes of the answer: the exchange validates it, `Endpoint.parse` decodes it, the call
        //    delivers it, once (see Exchange.swift, Endpoint.swift, Call.swift).
        let decoder = options.decoder
        let deliver: @Sendable (Exchange.Outcome) -> Void = { outcome in
            let answer = cache?.settle(outcome) ?? outcome
            call.finish(answer.flatMap { body, response in endpoint.parse(body, response: response, decoder: decoder) })
        }

        // 3. Send it: an exchange of its own, or a running identical GET's (see Coalescing.swift).
        let mayRetry = endpoint.method.isIdempotent || endpoint.retriesNonIdempotent
        let policy = mayRetry ? (endpoint.retryPolicy ?? options.retryPolicy) : .never
        let makeExchange = { [request] (onEnd: @escaping @Sendable (Exchange.Outcome) -> Void) in
            Exchange(
                request: request, session: self.session, retryPolicy: policy, logger: self.options.logger,
                revalidates: cache?.isConditional, bodyCarriesSecret: endpoint.bodyCarriesSecret, onEnd: onEnd)
        }
        if endpoint.method == .get, endpoint.coalesces ?? options.coalescesGETs {
            call.onCancel(coalescing.join(request, subscriber: deliver, makeExchange: makeExchange))
        } else {
            let exchange = makeExchange(deliver)
            call.onCancel { exchange.cancel() }
            exchange.start()
        }
        return handle
    }
}

// MARK: - A description safe to log

extension APIClient: CustomStringConvertible, CustomReflectable {
    /// The base URL only, e.g. `APIClient(http://localhost:8090/)`.
    public var description: String {
        "APIClient(\(baseURL.absoluteString))"
    }

    /// A mirror with the base URL and the timeout that applies when an endpoint names none (the
    /// options', else the session's) only, so that `dump` of a controller never walks into the
    /// session's in-flight requests (whose headers may hold a token).
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeout": defaultTimeout], displayStyle: .class)
    }
}
