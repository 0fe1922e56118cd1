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

    private let tokenProvider: (@Sendable () -> String?)?
    /// The session's `timeoutIntervalForRequest`, read once (a session's configuration never changes).
    private let sessionTimeout: TimeInterval
    private let inFlight = Locked<[CoalescingKey: Transfer]>([:])

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

    /// ``send(_:callbackQueue:completion:)`` with `token` as the `Authorization` token instead of the
    /// token provider's, when not `nil`: the accounts' refresh flow must know which token a request carried.
    func send<Response>(
        _ endpoint: Endpoint<Response>,
        callbackQueue: DispatchQueue?,
        token: String?,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        let call = Call<Response>(queue: callbackQueue ?? self.callbackQueue, completion: completion)
        let handle = RequestHandle(call)
        guard options.connectivity.isOnline else {
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
        let decoder = options.decoder
        let cache = endpoint.responseCacheChoice.resolve(options.responseCache)
        let conditional = ConditionalGET.prepare(&request, cache: cache)  // see ConditionalGET.swift
        if let url = request.url, let fresh = conditional?.freshAnswer(url: url) {
            options.logger?(
                RequestLogLine.make(request: request, outcome: .success(fresh), duration: 0, retries: 0, cache: "hit"))
            call.finish(Self.decode(.success(fresh), with: endpoint, decoder: decoder))
            return handle
        }
        let joined = joinTransfer(for: endpoint, request: request, revalidates: conditional?.isConditional) { outcome in
            call.finish(Self.decode(conditional?.settle(outcome) ?? outcome, with: endpoint, decoder: decoder))
        }
        let leave: @Sendable () -> Void = { joined.transfer.unsubscribe(joined.subscription) }
        if !call.setDetach(leave) { leave() }
        if joined.isNew { joined.transfer.start() }
        return handle
    }

    // MARK: - Building the request

    /// The `URLRequest` for `endpoint`, or the reason it cannot be built. An endpoint that requires
    /// authorization carries `token`, or the token provider's when `token` is `nil` (the default).
    func makeRequest<Response>(for endpoint: Endpoint<Response>, token explicitToken: String? = nil)
        -> Result<URLRequest, APIError>
    {
        let url: URL?
        switch endpoint.target {
        case .path(let path): url = URLBuilding.url(base: baseURL, path: path, query: endpoint.query)
        case .url(let absolute): url = URLBuilding.url(absolute, appending: endpoint.query)
        }
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(.invalidRequest("no valid http(s) URL can be formed for \(endpoint.target)"))
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.timeoutInterval = wholeSecondTimeout(for: endpoint)
        let isOwnOrigin = URLBuilding.sameOrigin(url, baseURL)
        if isOwnOrigin {  // the client's headers (an API key, say) never go to another host
            for (name, value) in options.headers { request.setValue(value, forHTTPHeaderField: name) }
        }
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        if let body = endpoint.body {
            do {
                request.httpBody = try options.encoder.encode(body)
            } catch {
                return .failure(.invalidRequest("the request body could not be encoded as JSON (\(error))"))
            }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        if endpoint.requiresAuthorization {
            guard isOwnOrigin else {
                return .failure(.invalidRequest("the token is only sent to \(baseURL.host ?? "the API host")"))
            }
            guard let token = explicitToken ?? tokenProvider?(), !token.isEmpty else {
                return .failure(.notAuthenticated)
            }
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return .success(request)
    }

    /// The timeout that applies to `endpoint`, rounded up to whole seconds and at least 1: the endpoint's
    /// own, else the client's ``Options/timeout``, else the session's `timeoutIntervalForRequest`.
    func wholeSecondTimeout<Response>(for endpoint: Endpoint<Response>) -> TimeInterval {
        max(1, (endpoint.timeout ?? defaultTimeout).rounded(.up))
    }

    /// The timeout of an endpoint that names none: ``Options/timeout``, else the session's
    /// `timeoutIntervalForRequest` (not rounded).
    var defaultTimeout: TimeInterval {
        options.timeout ?? sessionTimeout
    }

    // MARK: - Coalescing

    /// Identical requests in flight at the same time: same method, URL and headers (credentials included).
    private struct CoalescingKey: Hashable {
        let method: String
        let url: URL
        let headers: [String: String]
    }

    /// Subscribes a call to a transfer: a running identical one when the endpoint coalesces, else a new
    /// one (which the caller must start). Joining happens under the registry's lock, so a call never
    /// joins a transfer that has already delivered.
    private func joinTransfer<Response>(
        for endpoint: Endpoint<Response>, request: URLRequest, revalidates: Bool?,
        subscriber: @escaping Transfer.Subscriber
    ) -> (transfer: Transfer, subscription: Int, isNew: Bool) {
        let mayRetry = endpoint.method.isIdempotent || endpoint.retriesNonIdempotent
        let policy = mayRetry ? (endpoint.retryPolicy ?? options.retryPolicy) : .never
        let coalesces = endpoint.method == .get && (endpoint.coalesces ?? options.coalescesGETs)
        guard coalesces, let url = request.url else {
            let transfer = Transfer(
                request: request, session: session, retryPolicy: policy, timeout: request.timeoutInterval,
                logger: options.logger, revalidates: revalidates)
            return (transfer, transfer.subscribe(subscriber) ?? 0, true)
        }
        let key = CoalescingKey(method: endpoint.method.rawValue, url: url, headers: request.allHTTPHeaderFields ?? [:])
        return inFlight.withLock { inFlight in
            if let running = inFlight[key], let subscription = running.subscribe(subscriber) {
                return (running, subscription, false)
            }
            let transfer = Transfer(
                request: request, session: session, retryPolicy: policy, timeout: request.timeoutInterval,
                logger: options.logger,
                onDone: { [registry = self.inFlight] done in Self.leave(registry, key, done) }, revalidates: revalidates
            )
            inFlight[key] = transfer
            return (transfer, transfer.subscribe(subscriber) ?? 0, true)
        }
    }

    /// Forgets `transfer` once it has ended, unless a newer transfer already took its place. The
    /// registry is captured strongly (no weak reference): the transfer drops this closure when it ends.
    private static func leave(_ inFlight: Locked<[CoalescingKey: Transfer]>, _ key: CoalescingKey, _ transfer: Transfer)
    {
        inFlight.withLock { inFlight in
            if inFlight[key] === transfer { inFlight.removeValue(forKey: key) }
        }
    }

    // MARK: - Decoding

    /// Reads a transfer's outcome into the endpoint's response type.
    static func decode<Response>(
        _ outcome: Transfer.Outcome, with endpoint: Endpoint<Response>, decoder: JSONDecoder
    ) -> Result<Response, APIError> {
        outcome.flatMap { body, response in endpoint.parse(body, response: response, decoder: decoder) }
    }
}
