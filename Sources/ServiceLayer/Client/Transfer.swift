import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One network exchange: sends a `URLRequest`, retries it by its policy, enforces its timeout, and
/// hands the outcome to every subscriber. Several calls share one transfer when they coalesce.
///
/// Its outcome is a 2xx body and response, or an ``APIError`` (a non-2xx status becomes
/// `.httpStatus` once no retry is left). It knows nothing of decoding or callback queues: that is
/// the ``Call``'s part.
final class Transfer: Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), APIError>
    typealias Subscriber = @Sendable (Outcome) -> Void

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextSubscriberID = 0
        /// Identifies the current try; a callback from an older try (or its watchdog) is ignored.
        var attempt = 0
        /// The last try whose end was handled. A try can end twice — its watchdog fires, cancels the
        /// task, and the task then completes with `cancelled` — and only the first end counts.
        var settledAttempt = 0
        var task: URLSessionDataTask?
        var timer: OneShotTimer?
        var isDone = false
        var onDone: (@Sendable (Transfer) -> Void)?
    }

    let request: URLRequest
    private let session: URLSession
    private let retryPolicy: RetryPolicy
    private let timeout: TimeInterval
    private let logger: RequestLogger?
    /// nil when no ``ResponseCache`` takes part; true when the request carries its validators (a 304 is
    /// then an outcome, not an error), false when it does not.
    private let revalidates: Bool?
    private let state = Locked(State())
    private let startTime = DispatchTime.now()
    private static let timerQueue = DispatchQueue(label: "ServiceLayer.Transfer.timers", attributes: .concurrent)

    /// - Parameters:
    ///   - request: The request, complete with headers, body and `timeoutInterval`.
    ///   - retryPolicy: `.never` for requests that must not be repeated.
    ///   - timeout: Whole seconds one try may take from start to last byte; the client's own watchdog
    ///     ends a try that URLSession does not end in time.
    ///   - onDone: Called once when the transfer ends (delivered or abandoned); used to leave the
    ///     coalescing registry.
    ///   - revalidates: Whether a ``ResponseCache`` takes part (see `ConditionalGET.swift`): nil when
    ///     none does, the default; true when the request carries its validators.
    init(
        request: URLRequest, session: URLSession, retryPolicy: RetryPolicy, timeout: TimeInterval,
        logger: RequestLogger?, onDone: (@Sendable (Transfer) -> Void)? = nil, revalidates: Bool? = nil
    ) {
        self.revalidates = revalidates
        self.request = request
        self.session = session
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.logger = logger
        state.withLock { $0.onDone = onDone }
    }

    // MARK: Subscribers

    /// Adds a subscriber; `nil` when the transfer has already ended (the caller then starts a new one).
    func subscribe(_ subscriber: @escaping Subscriber) -> Int? {
        state.withLock { state in
            guard !state.isDone else { return nil }
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            state.subscribers[id] = subscriber
            return id
        }
    }

    /// Removes a subscriber. When none is left the transfer is cancelled: its task, its watchdog and
    /// any backoff wait stop at once, and no further try is made.
    func unsubscribe(_ id: Int) {
        let abandoned: (URLSessionDataTask?, OneShotTimer?, (@Sendable (Transfer) -> Void)?)? = state.withLock {
            state in
            guard !state.isDone, state.subscribers.removeValue(forKey: id) != nil, state.subscribers.isEmpty else {
                return nil
            }
            state.isDone = true
            defer { state.task = nil; state.timer = nil; state.onDone = nil }
            return (state.task, state.timer, state.onDone)
        }
        guard let (task, timer, onDone) = abandoned else { return }
        timer?.cancel()
        if let task { RedirectGuard.shared.cancel(task) }
        onDone?(self)
        log(.failure(.cancelled))
    }

    // MARK: Tries

    /// Sends the first try.
    func start() {
        startAttempt()
    }

    private func startAttempt() {
        var request = self.request
        request.timeoutInterval = timeout
        let attempt = state.withLock { state -> Int? in
            guard !state.isDone else { return nil }
            state.attempt += 1
            return state.attempt
        }
        guard let attempt else { return }
        let accepts304 = revalidates == true
        let task = session.dataTask(with: request) { [weak self] data, response, error in
            let retryAfter = Self.retryAfter(in: response)
            let outcome = Self.outcome(data: data, response: response, error: error, accepts304: accepts304)
            self?.attemptFinished(attempt, outcome: outcome, retryAfter: retryAfter)
        }
        task.delegate = RedirectGuard.shared
        let watchdog = makeTimer(after: timeout + 0.5) { [weak self] in
            self?.attemptFinished(attempt, outcome: Self.stalledOutcome(of: task), retryAfter: nil, stalled: true)
        }
        let started = state.withLock { state -> Bool in
            guard !state.isDone, state.attempt == attempt else { return false }
            state.task = task
            state.timer = watchdog
            return true
        }
        guard started else {
            watchdog.cancel()
            return
        }
        watchdog.resume()
        task.resume()
    }

    private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?, accepts304: Bool) -> Outcome {
        if let error { return .failure(APIError(wrapping: error)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(URLError(.badServerResponse)))
        }
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
    /// otherwise delivers the outcome. `stalled` says the watchdog ended the try, whose task is then
    /// cancelled; a task that completed is never cancelled.
    private func attemptFinished(_ attempt: Int, outcome: Outcome, retryAfter: TimeInterval?, stalled: Bool = false) {
        let retryDelay: TimeInterval? = {
            guard case .failure(let error) = outcome, error.isTransient, attempt <= retryPolicy.maxRetries else {
                return nil
            }
            return retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter)
        }()
        let finished: (URLSessionDataTask?, OneShotTimer?)? = state.withLock { state in
            guard !state.isDone, state.attempt == attempt, state.settledAttempt < attempt else { return nil }
            state.settledAttempt = attempt
            defer { state.task = nil; state.timer = nil }
            return (state.task, state.timer)
        }
        guard let (task, watchdog) = finished else { return }  // a stale or settled try, or the transfer ended
        watchdog?.cancel()
        if stalled, let task { RedirectGuard.shared.cancel(task) }  // the watchdog fired: end the hung task
        if let retryDelay {
            scheduleRetry(after: retryDelay, attempt: attempt)
        } else {
            deliver(outcome, retries: attempt - 1)
        }
    }

    private func scheduleRetry(after delay: TimeInterval, attempt: Int) {
        let wait = makeTimer(after: delay) { [weak self] in
            guard let self else { return }
            let stillWaiting = self.state.withLock { state -> Bool in
                guard !state.isDone, state.attempt == attempt else { return false }
                state.timer = nil
                return true
            }
            if stillWaiting { self.startAttempt() }
        }
        let scheduled = state.withLock { state -> Bool in
            guard !state.isDone else { return false }
            state.timer = wait
            return true
        }
        if scheduled { wait.resume() } else { wait.cancel() }
    }

    /// The `Retry-After` of a 429 or 503 answer, in seconds (the HTTP-date form is not honoured).
    private static func retryAfter(in response: URLResponse?) -> TimeInterval? {
        guard let http = response as? HTTPURLResponse, http.statusCode == 429 || http.statusCode == 503,
            let value = http.value(forHTTPHeaderField: "Retry-After"),
            let seconds = TimeInterval(value.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return seconds
    }

    private func deliver(_ outcome: Outcome, retries: Int) {
        let ending: ([Subscriber], (@Sendable (Transfer) -> Void)?)? = state.withLock { state in
            guard !state.isDone else { return nil }
            state.isDone = true
            defer { state.subscribers = [:]; state.onDone = nil }
            return (state.subscribers.sorted { $0.key < $1.key }.map(\.value), state.onDone)
        }
        guard let (subscribers, onDone) = ending else { return }
        onDone?(self)
        log(outcome, retries: retries)
        for subscriber in subscribers { subscriber(outcome) }
    }

    // MARK: Helpers

    private func makeTimer(after seconds: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> OneShotTimer {
        OneShotTimer(after: seconds, queue: Self.timerQueue, handler: handler)
    }

    private func log(_ outcome: Outcome, retries: Int? = nil) {
        guard let logger else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startTime.uptimeNanoseconds) / 1e9
        let retries = retries ?? max(0, state.withLock { $0.attempt } - 1)
        let cache = revalidates.map { _ -> String in
            guard case .success(let (_, response)) = outcome, response.statusCode == 304 else { return "miss" }
            return "revalidated"
        }
        logger(
            RequestLogLine.make(request: request, outcome: outcome, duration: elapsed, retries: retries, cache: cache))
    }
}
