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
/// ``APIError``, or with ``APIError/cancelled``. `send(_:completion:)` delivers on the main actor, as
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

    /// Puts the token provider's token on a request; `nil` without a token provider.
    private let tokenProvider: (@Sendable () -> String?)?
    /// The authenticator's flow, for endpoints that require authorization; `nil` without an authenticator.
    private let authentication: (any AuthenticatedSending)?
    /// Receives every exchange's report: the result observer and the logger; `nil` when neither is set.
    let observer: ResultObserver?
    /// The session's `timeoutIntervalForRequest`, read once (a session's configuration never changes).
    let sessionTimeout: TimeInterval
    /// Whether the session's configuration sends its own `Accept-Language` (`httpAdditionalHeaders`), which
    /// request building then leaves alone; read once.
    let sessionSetsAcceptLanguage: Bool
    /// The base URL as text, when endpoint paths can be appended to it as text (see URLBuilding.swift).
    let plainBase: String?
    /// The redirect policies of this client's calls whose credential step set no header (most calls):
    /// one per client, with the rule of its base URL and ``Options/headers``, for a body without a secret
    /// and for one with (see `RedirectGuard.swift`); a call whose credential step set headers gets its own.
    private let redirectGuards: (plain: RedirectGuard, secretBody: RedirectGuard)
    /// What is wrong with the base URL for a path under it (no scheme, another scheme, a space in its
    /// host), found once; `nil` when nothing is.
    let baseURLProblem: RequestProblem?
    private let coalescing = Coalescing()

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The API's base URL; a trailing `/` is optional.
    ///   - session: The session to use for every request; ``makeSession(configuration:)`` by default.
    ///     Inject one built on a configuration with `protocolClasses` to stub the network in tests.
    ///     Its `configuration.timeoutIntervalForRequest` is the timeout of every request whose endpoint
    ///     and `options` name none.
    ///   - options: Timeout, retry, coalescing, connectivity, logging, headers, JSON coders, the response
    ///     cache and the hooks; the defaults of ``Options/init(timeout:retryPolicy:coalescesGETs:connectivity:logger:headers:encoder:decoder:responseCache:requestHook:resultObserver:)``
    ///     by default.
    ///   - authenticator: Authenticates every endpoint that requires authorization and refreshes its
    ///     credential when the server rejects it (see ``Authenticator``); `nil` (none) by default.
    public convenience init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: Options = Options(),
        authenticator: (any Authenticator)? = nil
    ) {
        self.init(
            baseURL: baseURL, session: session, options: options, tokenProvider: nil,
            authentication: authenticator.map { Self.flow($0) })
    }

    /// Creates a client that sends a token it does not refresh: the simplest authentication.
    /// - Parameters:
    ///   - baseURL: The API's base URL; a trailing `/` is optional.
    ///   - session: The session to use for every request; ``makeSession(configuration:)`` by default.
    ///   - options: The client's policies; the defaults of ``Options`` by default.
    ///   - tokenProvider: Returns the token sent as `Authorization: Bearer <token>` with endpoints that
    ///     require authorization, read at each send; a `nil` or empty token (or no provider) fails them
    ///     with ``APIError/notAuthenticated``.
    public convenience init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: Options = Options(),
        tokenProvider: (@Sendable () -> String?)?
    ) {
        self.init(
            baseURL: baseURL, session: session, options: options, tokenProvider: tokenProvider, authentication: nil)
    }

    /// The one initializer the others call; `authentication` is an authenticator's flow (tests give one
    /// with their own clock).
    init(
        baseURL: URL, session: URLSession, options: Options, tokenProvider: (@Sendable () -> String?)?,
        authentication: (any AuthenticatedSending)?
    ) {
        self.baseURL = baseURL
        self.session = session
        self.options = options
        self.tokenProvider = tokenProvider
        self.authentication = authentication
        self.observer = options.combinedObserver
        let configuration = session.configuration
        self.sessionTimeout = configuration.timeoutIntervalForRequest
        self.sessionSetsAcceptLanguage = (configuration.httpAdditionalHeaders ?? [:]).keys.contains {
            ($0 as? String)?.lowercased() == "accept-language"
        }
        self.plainBase = URLBuilding.plainBase(baseURL)
        let rule = OwnOriginHeaders(baseURL: baseURL, clientHeaders: options.headers.keys)
        self.redirectGuards = (
            RedirectGuard(bodyCarriesSecret: false, rule: rule), RedirectGuard(bodyCarriesSecret: true, rule: rule)
        )
        self.baseURLProblem = RequestProblem.baseURLProblem(baseURL)
        MainQueueWatchdog.texts.withLock { $0 = $0 ?? { APIError.messageLanguage.watchdogTexts } }
    }

    /// The redirect policy of a call with `rule` (see ``redirectGuards``).
    private func redirectGuard(bodyCarriesSecret: Bool, rule: OwnOriginHeaders) -> RedirectGuard {
        guard rule.credentialStepHeaders.isEmpty else {
            return RedirectGuard(bodyCarriesSecret: bodyCarriesSecret, rule: rule)
        }
        return bodyCarriesSecret ? redirectGuards.secretBody : redirectGuards.plain
    }

    private static func flow(_ authenticator: some Authenticator) -> any AuthenticatedSending {
        AuthenticationFlow(authenticator)
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

    /// Sends `endpoint` from the main actor and calls `completion` exactly once, on the main actor: the
    /// same call as `send(_:completion:)`, for a completion parameter of your own passed straight on
    /// (`client.send(endpoint, completion: completion)` in a main-actor controller, as Xcode's app
    /// template makes every type), whose type does not say `@MainActor`.
    ///
    /// - Parameters:
    ///   - endpoint: What to send and how to read the answer.
    ///   - completion: Receives the value or an ``APIError``, on the main actor.
    /// - Returns: A handle to cancel the call; the completion then receives ``APIError/cancelled``.
    @MainActor
    @_disfavoredOverload
    @discardableResult
    public func send<Response>(
        _ endpoint: Endpoint<Response>,
        completion: @escaping (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        send(endpoint, delivery: .mainActor { completion($0) })
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

    /// The path of every call, top to bottom, each step named for what it decides: make the call; encode a
    /// main-actor body on the main actor; ``chooseAuthorization(_:for:)`` (the authenticator's tries, or one
    /// try with the token provider's token); ``sendOneTry(_:authorize:replaysAfter:onCancel:answer:)`` (the
    /// request, the hooks); ``answerFromCacheOrNetwork(_:rule:later:of:onCancel:answer:)``; the outcome is read
    /// by the endpoint's reading and delivered once by the ``ExactlyOnceCompletion``.
    func send<Response>(_ endpoint: Endpoint<Response>, delivery: CompletionRoute<Response>) -> RequestHandle {
        let counter = endpoint.extras.progress  // stopped as the call finishes: no progress after the completion
        // A finished download's file is already at its destination: its result is kept, never turned
        // into .cancelled by a cancel that comes after it.
        let call = ExactlyOnceCompletion(
            delivery.watched(), finishing: counter.map { counter in { @Sendable in counter.stop() } },
            keepsResults: endpoint.extras.downloadDestination != nil)
        if endpoint.body?.encodesOnMainActor == true {
            // A body whose Encodable conformance is main-actor isolated is encoded there first.
            MainQueue.async { [self] in
                guard !call.isFinished else { return }
                switch endpoint.body?.encodedOnMainActor(with: options.encoder) ?? .success(Data()) {
                case .success(let data):
                    chooseAuthorization(endpoint.body(data, contentType: endpoint.body?.contentType ?? ""), for: call)
                case .failure(let error): call.finish(.failure(error))
                }
            }
        } else {
            chooseAuthorization(endpoint, for: call)
        }
        return call.handle
    }

    /// Decides how `endpoint` is authorized for `call`: through the authenticator's flow when it requires
    /// authorization and the client has one, else in one try carrying the token provider's token (or none).
    private func chooseAuthorization<Response>(
        _ endpoint: Endpoint<Response>, for call: ExactlyOnceCompletion<Response>
    ) {
        let reading = endpoint.reading
        let decoder = options.decoder
        let answer: @Sendable (EndedTry) -> Void = { end in
            call.finish(end.outcome, reading: end.checking(reading), decoder: decoder)
        }
        if endpoint.requiresAuthorization, let authentication {
            return authentication.start(endpoint, for: call, client: self, answer: answer)
        }
        let authorize = endpoint.requiresAuthorization ? providedToken() : nil
        sendOneTry(endpoint, authorize: authorize, onCancel: { call.onCancel($0) }, answer: answer)
    }

    /// Puts the token provider's token on a request as `Authorization: Bearer <token>`; `nil` when there
    /// is no provider, or it has no token now.
    func providedToken() -> (@Sendable (inout URLRequest) -> Void)? {
        guard let token = tokenProvider?(), !token.isEmpty else { return nil }
        return { $0.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    }

    /// One try of `endpoint`, top to bottom: build the request (see RequestBuilding.swift), with
    /// `authorize` putting the credential on; run the request hooks; look it up in the response cache;
    /// send it (an exchange of its own, or a running identical GET's: see Coalescing.swift). The
    /// outcome — validated by the ``RequestTries``, settled by the cache — goes to `answer`, once, unless the
    /// stop given to `onCancel` runs first. `replaysAfter` says which errors the authenticator answers
    /// with a replay (for ``ExchangeReport/willBeReplayed``); `nil` (none) by default.
    func sendOneTry<Response>(
        _ endpoint: Endpoint<Response>,
        authorize: (@Sendable (inout URLRequest) -> Void)?,
        replaysAfter: (@Sendable (APIError) -> Bool)? = nil,
        onCancel: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        answer: @escaping @Sendable (EndedTry) -> Void
    ) {
        // 1. Build the request; nothing is sent when that fails.
        guard options.connectivity.isOnline(for: baseURL) else {
            let url = try? makeRequestAndRule(for: endpoint, authorize: nil).get().0.url
            return answer(EndedTry(.failure(.offline(url: APIError.shown(url ?? baseURL)))))
        }
        let request: URLRequest
        let rule: OwnOriginHeaders
        switch makeRequestAndRule(for: endpoint, authorize: authorize) {
        case .success(let built): (request, rule) = built
        case .failure(let error): return answer(EndedTry(.failure(error)))
        }

        // 2. The request hooks (RequestHook.swift), the client's then the endpoint's, change it; then the
        // own-origin rule (OwnOriginHeaders.swift) removes what may not go where it now goes. They run
        // again before each retry (`perTry`); a replay after a refresh is a new attempt, so they run again.
        let hooks = [options.requestHook, endpoint.extras.requestHook].compactMap { $0 }
        let later = LaterTries(
            perTry: RequestHook.perTry(hooks, built: request, rule: rule), replaysAfter: replaysAfter)
        if hooks.allSatisfy(\.isSync) {
            switch RequestHook.run(hooks, on: request, rule: rule) {
            case .success(let adapted):
                return answerFromCacheOrNetwork(
                    adapted, rule: rule, later: later, of: endpoint, onCancel: onCancel, answer: answer)
            case .failure(let error): return answer(EndedTry(.failure(error)))
            }
        }
        let steps = CurrentStep()
        onCancel { steps.cancel() }
        guard let step = steps.begin() else { return }
        let task = Task { [self] in
            switch await RequestHook.run(hooks, on: request, rule: rule) {
            case .success(let adapted):
                guard let next = steps.begin() else { return }
                answerFromCacheOrNetwork(
                    adapted, rule: rule, later: later, of: endpoint, onCancel: { steps.onCancel(step: next, $0) },
                    answer: answer)
            case .failure(let error): answer(EndedTry(.failure(error)))
            }
        }
        steps.onCancel(step: step) { task.cancel() }
    }

    /// Decides where the answer comes from — steps 3 and 4 of
    /// ``sendOneTry(_:authorize:replaysAfter:onCancel:answer:)``: a fresh entry of the response cache (whose
    /// entry on disk is read off the caller's thread, so what follows may run on a background queue), else
    /// the network, in an exchange of its own or a running identical `GET`'s.
    private func answerFromCacheOrNetwork<Response>(
        _ request: URLRequest, rule: OwnOriginHeaders, later: LaterTries, of endpoint: Endpoint<Response>,
        onCancel: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        answer: @escaping @Sendable (EndedTry) -> Void
    ) {
        // 3. A GET through a ResponseCache (Caching/) adds its validators, or is answered without a request.
        let cacheChoice = endpoint.extras.responseCacheChoice.resolve(options.responseCache)
        ConditionalGET.prepare(request, cache: cacheChoice) { [self] request, cache in
            if let cache, let fresh = cache.freshAnswer(for: request) {
                let outcome: RequestTries.Outcome = .success((fresh.body, fresh.response))
                observer?(
                    ExchangeReport(
                        request: request, outcome: outcome, lastResponse: fresh.response, duration: 0, retries: 0,
                        calls: 1, cache: .hit, secretHeaders: rule.secretNames))
                return answer(EndedTry(outcome, request: request, cache: cache, secretHeaders: rule.secretNames))
            }

            // 4. Send it: an exchange of its own, or a running identical GET's.
            let plan = endpoint.transferPlan  // a body from disk, a download, progress: see Transfers/
            // A non-idempotent request may be retried only when asked, and never an upload.
            let isUpload = endpoint.body?.isUpload ?? false
            let mayRetry = endpoint.method.isIdempotent || (endpoint.retriesNonIdempotent && !isUpload)
            let policy = mayRetry ? (endpoint.retryPolicy ?? options.retryPolicy) : .never
            let secretHeaders = rule.secretNames
            // Captures the cache step only when there is one (a call in flight keeps this closure).
            let deliver: @Sendable (RequestTries.Outcome) -> Void =
                if let cache {
                    { outcome in
                        answer(
                            EndedTry(
                                cache.settle(outcome), request: request, cache: cache, secretHeaders: secretHeaders))
                    }
                } else {
                    { outcome in answer(EndedTry(outcome, request: request, secretHeaders: secretHeaders)) }
                }
            let role: RequestTries.CacheRole =
                if let cache { cache.isConditional ? .revalidates : .stores } else { .none }
            let redirectGuard = redirectGuard(bodyCarriesSecret: endpoint.extras.bodyCarriesSecret, rule: rule)
            let makeTries = { [request] (onEnd: @escaping RequestTries.OnEnd) in
                RequestTries(
                    request: request, session: self.session, retryPolicy: policy, observer: self.observer,
                    cache: role, redirectGuard: redirectGuard, plan: plan,
                    maximumBodySize: self.options.maximumResponseBodySize, perTry: later.perTry,
                    replaysAfter: later.replaysAfter, onEnd: onEnd)
            }
            if endpoint.method == .get, endpoint.coalesces ?? options.coalescesGETs, plan.progress == nil {
                onCancel(
                    coalescing.join(
                        request, subscriber: deliver, kept: endpoint.extras.keptBody, makeTries: makeTries))
            } else {
                let tries = makeTries { outcome in (1, { deliver(outcome) }) }
                onCancel { tries.cancel() }
                tries.start()
            }
        }
    }
}

/// What an exchange needs for its later tries: the request hooks to run again before each retry, and which
/// errors the authenticator answers with a replay.
private struct LaterTries: Sendable {
    let perTry: RequestHook.PerTry?
    let replaysAfter: (@Sendable (APIError) -> Bool)?
}

/// How one try ended: its outcome, and what reading it needs besides — the request as sent (whose
/// secrets an error must not keep, should the server echo them; `secretHeaders` names its secret
/// headers, the authenticator's among them) and the cache step (which forgets a kept answer that does
/// not decode).
struct EndedTry: Sendable {
    let outcome: RequestTries.Outcome
    let request: URLRequest?
    let cache: ConditionalGET?
    let secretHeaders: Set<String>

    init(
        _ outcome: RequestTries.Outcome, request: URLRequest? = nil, cache: ConditionalGET? = nil,
        secretHeaders: Set<String> = Redaction.secretHeaders
    ) {
        self.outcome = outcome
        self.request = request
        self.cache = cache
        self.secretHeaders = secretHeaders  // joined with Redaction.secretHeaders only for an error
    }

    /// `reading`, then: an answer that does not decode is forgotten by the cache, and an error keeps none
    /// of the secrets the request sent (the values of ``secretHeaders`` and of ``Redaction/secretHeaders``)
    /// and names its URL (without secrets) when it named none.
    func checking<Response>(_ reading: ResponseReading<Response>) -> ResponseReading<Response> {
        guard request != nil || cache != nil else { return reading }
        let (request, cache, headerNames) = (self.request, self.cache, secretHeaders)
        return reading.map { result in
            let checked = cache?.forgettingUndecodable(result) ?? result
            guard let request else { return checked }
            return checked.mapError {
                let names = headerNames.union(Redaction.secretHeaders)
                return Redaction.error($0, removing: Redaction.secrets(of: request, headerNames: names))
                    .located(at: request.url)
            }
        }
    }
}

// MARK: - A description safe to log

extension APIClient: CustomStringConvertible, CustomReflectable {
    /// The base URL only, e.g. `APIClient(http://localhost:8090/)`.
    public var description: String {
        "APIClient(\(Redaction.url(baseURL)))"
    }

    /// A mirror with the base URL and the timeout that applies when an endpoint names none (the
    /// options', else the session's) only, so that `dump` of a controller never walks into the
    /// session's in-flight requests (whose headers may hold a token).
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeout": defaultTimeout], displayStyle: .class)
    }
}
