import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generic core every controller uses, ours and yours: one base URL, one long-lived `URLSession`,
/// and the rules that make a call correct.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)
/// client.send(Endpoint<[String: [String]]>("categories")) { result in
///     print(result)  // on the main actor
/// }
/// ```
///
/// Every call's completion runs exactly once, asynchronously: with the decoded value, with an
/// ``APIError``, or with ``APIError/cancelled``. ``send(_:completion:)`` delivers on the main actor, as
/// the controllers do; ``send(_:callbackQueue:completion:)`` on a queue of your choice, for code off the
/// main actor; ``send(_:)`` is the `async` twin.
public final class APIClient: Sendable {
    /// Where relative endpoint paths are resolved; its path is kept (`https://host/api/` + `users`
    /// is `https://host/api/users`). It is also the only origin that receives the token.
    public let baseURL: URL
    /// The session every request of this client goes through, created once.
    public let session: URLSession
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
    ///   - options: Timeout, retry, coalescing, connectivity, logging, headers, JSON coders and the
    ///     response cache; ``Options/init(timeout:retryPolicy:coalescesGETs:connectivity:logger:headers:encoder:decoder:responseCache:)``
    ///     defaults by default.
    ///   - tokenProvider: Returns the token sent as `Authorization: Bearer <token>` with endpoints that
    ///     require authorization, read at each send; `nil` (no token) by default.
    public init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: Options = Options(),
        tokenProvider: (@Sendable () -> String?)? = nil
    ) {
        self.baseURL = baseURL
        self.session = session
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

    /// Sends `endpoint` and calls `completion` exactly once, on the main actor, with its result: the
    /// controllers' rule, so a completion may update views and screen state directly. It may be called
    /// from any thread; the completion never runs inside the call.
    ///
    /// - Parameters:
    ///   - endpoint: What to send and how to read the answer.
    ///   - completion: Receives the value or an ``APIError``, on the main actor.
    /// - Returns: A handle to cancel the call; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func send<Response>(
        _ endpoint: Endpoint<Response>,
        completion: @escaping @MainActor (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        send(endpoint, delivery: .mainActor(completion))
    }

    /// Sends `endpoint` and calls `completion` exactly once, on `callbackQueue`, with its result: for
    /// code off the main actor (a background sync, a command-line tool with its own queue).
    ///
    /// - Parameters:
    ///   - endpoint: What to send and how to read the answer.
    ///   - callbackQueue: Where `completion` runs.
    ///   - completion: Receives the value or an ``APIError``.
    /// - Returns: A handle to cancel the call; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func send<Response: Sendable>(
        _ endpoint: Endpoint<Response>,
        callbackQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        send(endpoint, delivery: .queue(callbackQueue, completion))
    }

    /// The path of every call, top to bottom: build the request; say what becomes of the answer
    /// (validated by the ``Exchange``, read by the endpoint's ``ResponseReading``, delivered once by the
    /// ``Call``); send it (retries, watchdog and redirect guard are the exchange's). `token`, when not
    /// `nil`, is sent instead of the token provider's: the accounts' refresh flow must know which token
    /// a request carried.
    func send<Response>(_ endpoint: Endpoint<Response>, delivery: Delivery<Response>, token: String? = nil)
        -> RequestHandle
    {
        let call = Call(delivery)
        if endpoint.body?.encodesOnMainActor == true {
            // 0. A body whose Encodable conformance is main-actor isolated is encoded there first.
            MainQueue.async { [self] in
                guard !call.isFinished else { return }
                switch endpoint.body?.encodedOnMainActor(with: options.encoder) ?? .success(Data()) {
                case .success(let data):
                    start(endpoint.body(data, contentType: endpoint.body?.contentType ?? ""), call, token: token)
                case .failure(let error): call.finish(.failure(error))
                }
            }
        } else {
            start(endpoint, call, token: token)
        }
        return RequestHandle(call)
    }

    /// Steps 1 to 3 of ``send(_:delivery:token:)``.
    private func start<Response>(_ endpoint: Endpoint<Response>, _ call: Call<Response>, token: String?) {
        // 1. Build the request (see RequestBuilding.swift); nothing is sent when that fails.
        guard options.connectivity.isOnline else { return call.finish(.failure(.offline)) }
        var request: URLRequest
        switch makeRequest(for: endpoint, token: token) {
        case .success(let built): request = built
        case .failure(let error): return call.finish(.failure(error))
        }

        // A GET through a ResponseCache (Caching/) adds its validators, or is answered without a request.
        let reading = endpoint.reading
        let decoder = options.decoder
        let cache = ConditionalGET.prepare(&request, cache: endpoint.responseCacheChoice.resolve(options.responseCache))
        if let fresh = cache?.freshAnswer(for: request, logger: options.logger) {
            return call.finish(.success((fresh.body, fresh.response)), reading: reading, decoder: decoder)
        }

        // 2. What becomes of the answer: the exchange validates it, the endpoint's reading decodes it
        //    (off the main actor unless its conformance is isolated there), the call delivers it, once
        //    (see Exchange.swift, ResponseReading.swift, Call.swift).
        let deliver: @Sendable (Exchange.Outcome) -> Void = { outcome in
            call.finish(cache?.settle(outcome) ?? outcome, reading: reading, decoder: decoder)
        }

        // 3. Send it: an exchange of its own, or a running identical GET's (see Coalescing.swift).
        let mayRetry = endpoint.method.isIdempotent || endpoint.retriesNonIdempotent
        let policy = mayRetry ? (endpoint.retryPolicy ?? options.retryPolicy) : .never
        let makeExchange = { [request] (onEnd: @escaping @Sendable (Exchange.Outcome) -> Void) in
            Exchange(
                request: request, session: self.session, retryPolicy: policy, logger: self.options.logger,
                revalidates: cache?.isConditional, onEnd: onEnd)
        }
        if endpoint.method == .get, endpoint.coalesces ?? options.coalescesGETs {
            call.onCancel(coalescing.join(request, subscriber: deliver, makeExchange: makeExchange))
        } else {
            let exchange = makeExchange(deliver)
            call.onCancel { exchange.cancel() }
            exchange.start()
        }
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
