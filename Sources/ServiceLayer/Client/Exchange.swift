import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One network exchange: sends a `URLRequest`, validates the answer, retries a transient failure by
/// its policy, ends a try that takes too long, and reports the outcome once — to its caller, and as an
/// ``ExchangeReport`` to the client's observer.
///
/// The outcome is a 2xx body and response (or a 304, when the request revalidates a cached answer),
/// or an ``APIError``: a non-2xx status becomes `.httpStatus` once no retry is left. It knows nothing
/// of decoding, callback queues or other callers: ``APIClient`` decodes, ``Call`` delivers, and
/// ``Coalescing`` shares one exchange among identical `GET`s.
final class Exchange: Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), APIError>
    /// Takes the outcome: returns how many calls it will reach (for the report, made first) and how to
    /// hand it to them.
    typealias OnEnd = @Sendable (Outcome) -> (calls: Int, deliver: @Sendable () -> Void)

    private struct State {
        /// Receives the outcome; `nil` once the exchange has ended (delivered or cancelled).
        var onEnd: OnEnd?
        /// Identifies the current try; a callback from an older try (or its watchdog) is ignored.
        var attempt = 0
        /// The last try whose end was handled. A try can end twice — its watchdog fires, cancels the
        /// task, and the task then completes with `cancelled` — and only the first end counts.
        var settledAttempt = 0
        var task: URLSessionDataTask?
        /// The watchdog of the try under way, or the wait before the next try.
        var timer: OneShotTimer?
    }

    let request: URLRequest
    private let session: URLSession
    private let retryPolicy: RetryPolicy
    private let observer: ResultObserver?
    /// `nil` when no ``ResponseCache`` takes part; `true` when the request carries its validators (a
    /// 304 is then an outcome, not an error), `false` when it does not.
    private let revalidates: Bool?
    /// The task delegate: ``RedirectGuard/secretBody`` for a request whose body carries a secret.
    private let redirectGuard: RedirectGuard
    private let state: Locked<State>
    private let startTime = DispatchTime.now()
    private static let timerQueue = DispatchQueue(label: "ServiceLayer.Exchange.timers", attributes: .concurrent)

    /// - Parameters:
    ///   - request: The request, complete with headers, body and a whole-second `timeoutInterval`: the
    ///     time one try may take from start to last byte. The exchange's own watchdog ends a try that
    ///     URLSession does not end in time.
    ///   - retryPolicy: `.never` for requests that must not be repeated.
    ///   - observer: Receives the exchange's report; `nil` when nobody listens (no report is made).
    ///   - revalidates: Whether a ``ResponseCache`` takes part (see `ConditionalGET.swift`).
    ///   - bodyCarriesSecret: Whether a redirect to another origin is refused (see `RedirectGuard.swift`);
    ///     `false` by default.
    ///   - onEnd: Receives the outcome, once, unless the exchange is cancelled first.
    init(
        request: URLRequest, session: URLSession, retryPolicy: RetryPolicy, observer: ResultObserver?,
        revalidates: Bool?, bodyCarriesSecret: Bool = false, onEnd: @escaping OnEnd
    ) {
        self.redirectGuard = bodyCarriesSecret ? .secretBody : .shared
        self.request = request
        self.session = session
        self.retryPolicy = retryPolicy
        self.observer = observer
        self.revalidates = revalidates
        self.state = Locked(State(onEnd: onEnd))
    }

    /// Sends the first try.
    func start() {
        startAttempt()
    }

    /// Stops the exchange: its task, its watchdog and any wait before a retry end at once, and
    /// `onEnd` is never called.
    func cancel() {
        let ended = state.withLock { state -> (URLSessionDataTask?, OneShotTimer?)? in
            guard state.onEnd != nil else { return nil }
            defer { state.onEnd = nil; state.task = nil; state.timer = nil }
            return (state.task, state.timer)
        }
        guard let (task, timer) = ended else { return }
        timer?.cancel()
        if let task { RedirectGuard.shared.cancel(task) }
        report(.failure(.cancelled), lastResponse: nil, retries: nil, calls: 0)
    }

    // MARK: - One try

    private func startAttempt() {
        guard
            let attempt = state.withLock({ state -> Int? in
                guard state.onEnd != nil else { return nil }
                state.attempt += 1
                return state.attempt
            })
        else { return }
        let accepts304 = revalidates == true
        // Weak: the session decides how long it keeps a task and its completion handler, and the exchange
        // holds the session. The watchdog holds the exchange strongly: the exchange always cancels it.
        let task = session.dataTask(with: request) { [weak self] data, response, error in
            let outcome = Self.validate(data: data, response: response, error: error, accepts304: accepts304)
            self?.attemptEnded(attempt, outcome: outcome, retryAfter: Self.retryAfter(in: response))
        }
        task.delegate = redirectGuard  // no credentials across origins; see RedirectGuard.swift
        let watchdog = makeTimer(after: request.timeoutInterval + 0.5) { [self] in
            attemptEnded(attempt, outcome: Self.stalledOutcome(of: task), retryAfter: nil, stalled: true)
        }
        let started = state.withLock { state -> Bool in
            guard state.onEnd != nil, state.attempt == attempt else { return false }
            state.task = task
            state.timer = watchdog
            watchdog.resume()  // under the lock: a cancel cannot come between storing it and arming it
            return true
        }
        guard started else { return redirectGuard.cancel(task) }  // cancelled meanwhile: end the new task too
        task.resume()
    }

    /// The outcome of one try: the body of a 2xx (or of an expected 304), else an ``APIError``.
    private static func validate(data: Data?, response: URLResponse?, error: (any Error)?, accepts304: Bool)
        -> Outcome
    {
        if let error { return .failure(APIError(wrapping: error)) }
        guard let http = response as? HTTPURLResponse else { return .failure(.transport(URLError(.badServerResponse))) }
        let body = data ?? Data()
        guard (200...299).contains(http.statusCode) || (accepts304 && http.statusCode == 304) else {
            return .failure(.httpStatus(code: http.statusCode, body: body))
        }
        return .success((body, http))
    }

    /// The outcome of a try that did not end in time: `.timedOut`, except for a 401 whose response has
    /// arrived. Linux's URLSession never completes a 401 carrying a `WWW-Authenticate: Basic` challenge
    /// when it has no credential to offer (swift-corelibs-foundation #5456); that call ends here, and
    /// must end as the 401 it is (not retried), not as a timeout (retried).
    private static func stalledOutcome(of task: URLSessionTask) -> Outcome {
        guard let http = task.response as? HTTPURLResponse, http.statusCode == 401 else { return .failure(.timedOut) }
        return .failure(.httpStatus(code: 401, body: Data()))
    }

    /// Handles the end of try `attempt`: retries a transient failure while the policy allows,
    /// otherwise reports the outcome. `stalled` says the watchdog ended the try, whose task is then
    /// cancelled; a task that completed is never cancelled.
    private func attemptEnded(_ attempt: Int, outcome: Outcome, retryAfter: TimeInterval?, stalled: Bool = false) {
        var retryDelay: TimeInterval?
        if case .failure(let error) = outcome, error.isTransient, attempt <= retryPolicy.maxRetries {
            retryDelay = retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter)
        }
        let ended = state.withLock { state -> (URLSessionDataTask?, OneShotTimer?, OnEnd?)? in
            guard state.onEnd != nil, state.attempt == attempt, state.settledAttempt < attempt else { return nil }
            state.settledAttempt = attempt
            defer { state.task = nil; state.timer = nil; if retryDelay == nil { state.onEnd = nil } }
            return (state.task, state.timer, state.onEnd)
        }
        guard let (task, watchdog, onEnd) = ended else { return }  // a stale or settled try, or cancelled
        watchdog?.cancel()
        if stalled, let task { RedirectGuard.shared.cancel(task) }  // the watchdog fired: end the hung task
        if let retryDelay { return scheduleRetry(after: retryDelay, attempt: attempt) }
        guard let (calls, deliver) = onEnd?(outcome) else { return }
        report(outcome, lastResponse: task?.response as? HTTPURLResponse, retries: attempt - 1, calls: calls)
        deliver()
    }

    // MARK: - Retrying

    private func scheduleRetry(after delay: TimeInterval, attempt: Int) {
        let wait = makeTimer(after: delay) { [self] in
            let stillWaiting = state.withLock { state -> Bool in
                guard state.onEnd != nil, state.attempt == attempt else { return false }
                state.timer = nil
                return true
            }
            if stillWaiting { startAttempt() }
        }
        state.withLock { state in
            guard state.onEnd != nil else { return }
            state.timer = wait
            wait.resume()  // under the lock, as the watchdog
        }
    }

    /// The `Retry-After` of a 429 or 503 answer, in seconds (the HTTP-date form is not honoured).
    private static func retryAfter(in response: URLResponse?) -> TimeInterval? {
        guard let http = response as? HTTPURLResponse, http.statusCode == 429 || http.statusCode == 503,
            let value = http.value(forHTTPHeaderField: "Retry-After"),
            let seconds = TimeInterval(value.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return seconds
    }

    // MARK: - Helpers

    private func makeTimer(after seconds: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> OneShotTimer {
        OneShotTimer(after: seconds, queue: Self.timerQueue, handler: handler)
    }

    /// Hands the observer the exchange's report; `retries` is `nil` for a cancelled exchange (then the
    /// tries made).
    private func report(_ outcome: Outcome, lastResponse: HTTPURLResponse?, retries: Int?, calls: Int) {
        guard let observer else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startTime.uptimeNanoseconds) / 1e9
        let retries = retries ?? max(0, state.withLock { $0.attempt } - 1)
        let cache = revalidates.map { _ -> ExchangeReport.CacheOutcome in
            guard case .success(let (_, response)) = outcome, response.statusCode == 304 else { return .miss }
            return .revalidated
        }
        observer(
            ExchangeReport(
                request: request, outcome: outcome, lastResponse: lastResponse, duration: elapsed, retries: retries,
                calls: calls, cache: cache))
    }
}
