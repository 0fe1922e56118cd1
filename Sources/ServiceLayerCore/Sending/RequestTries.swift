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
/// of decoding, callback queues or other callers: ``APIClient`` decodes, ``ExactlyOnceCompletion`` delivers, and
/// ``Coalescing`` shares one exchange among identical `GET`s.
final class RequestTries: Sendable {
    typealias Outcome = ExchangeOutcome
    /// Takes the outcome: returns how many calls it will reach (for the report, made first) and how to
    /// hand it to them.
    typealias OnEnd = @Sendable (Outcome) -> (calls: Int, deliver: @Sendable () -> Void)

    /// How a ``ResponseCache`` takes part (see `ConditionalGET.swift`).
    enum CacheRole: Sendable {
        /// No cache: the answer is only the caller's.
        case none
        /// A cache keeps the answer; the request carries no validators.
        case stores
        /// The request carries a kept answer's validators: a 304 is then an outcome, not an error.
        case revalidates
    }

    /// Every call in flight holds one, so it is kept small (64 bytes; see BENCHMARKS.md): the tries
    /// counted in 32 bits, a form's body file behind a reference, the watchdog by its token.
    private struct State {
        /// Receives the outcome; `nil` once the exchange has ended (delivered or cancelled).
        var onEnd: OnEnd?
        private var tries: (attempt: Int32, settled: Int32) = (0, 0)
        var task: SessionTask?
        /// A form with file parts written to disk before the first try; removed when the exchange ends.
        var bodyFile: BodyFile?
        /// The watchdog of the try under way, or the wait before the next try; `.none` between them.
        var timer = OneShotTimer.Token.none
        /// The request of the try under way (the request hooks run again before each retry).
        var request: URLRequest

        init(onEnd: OnEnd?, request: URLRequest) {
            self.onEnd = onEnd
            self.request = request
        }

        /// Identifies the current try; a callback from an older try (or its watchdog) is ignored.
        var attempt: Int {
            get { Int(tries.attempt) }
            set { tries.attempt = Int32(newValue) }
        }
        /// The last try whose end was handled. A try can end twice — its watchdog fires, cancels the
        /// task, and the task then completes with `cancelled` — and only the first end counts.
        var settledAttempt: Int {
            get { Int(tries.settled) }
            set { tries.settled = Int32(newValue) }
        }
    }

    /// A form's body file: a reference, 8 bytes in every exchange's state where a `URL?` takes 16.
    private final class BodyFile: Sendable {
        let url: URL
        init(_ url: URL) { self.url = url }
    }

    /// What few exchanges have: a retry policy other than the default, request hooks, an authenticator,
    /// a transfer, a body-size limit of their own. One object, made only when one of them is there, so that a plain call in flight holds none
    /// of it (see BENCHMARKS.md, "Where the layer's per-call bytes go").
    private final class Extras: Sendable {
        let retryPolicy: RetryPolicy
        let perTry: RequestHook.PerTry?
        let replaysAfter: (@Sendable (APIError) -> Bool)?
        let plan: TransferPlan
        let maximumBodySize: Int

        init(
            retryPolicy: RetryPolicy, perTry: RequestHook.PerTry?, replaysAfter: (@Sendable (APIError) -> Bool)?,
            plan: TransferPlan, maximumBodySize: Int
        ) {
            self.retryPolicy = retryPolicy
            self.perTry = perTry
            self.replaysAfter = replaysAfter
            self.plan = plan
            self.maximumBodySize = maximumBodySize
        }
    }

    // Every call in flight holds one exchange: its stored properties are laid out in as few bytes as
    // they fit (the one-byte `cache` right after the nine-byte request).
    /// The first try's request.
    let request: URLRequest
    private let cache: CacheRole
    private let session: URLSession
    private let observer: ResultObserver?
    /// The task delegate: the redirect policy, with the own-origin rule of this request's headers.
    private let redirectGuard: RedirectGuard
    private let extras: Extras?
    private let state: Locked<State>
    private let startTime = DispatchTime.now()
    private static let timerQueue = DispatchQueue(label: "ServiceLayer.RequestTries.timers", attributes: .concurrent)

    private var retryPolicy: RetryPolicy { extras?.retryPolicy ?? .default }
    /// Makes each retry's request with the request hooks; `nil` when there are none (a retry sends
    /// ``request`` again).
    private var perTry: RequestHook.PerTry? { extras?.perTry }
    /// Whether the client's ``Authenticator`` replays the call after this error (see
    /// ``ExchangeReport/willBeReplayed``); `nil` when no authenticator takes part.
    private var replaysAfter: (@Sendable (APIError) -> Bool)? { extras?.replaysAfter }
    /// A body sent from disk, a download's destination, a progress counter (see Transfers/).
    private var plan: TransferPlan { extras?.plan ?? TransferPlan() }
    /// The largest answer body kept in memory; a larger one fails the try.
    private var maximumBodySize: Int { extras?.maximumBodySize ?? APIClient.Options.defaultMaximumResponseBodySize }
    /// Whether the request's body carries a secret (its report then shows the body redacted).
    private var bodyCarriesSecret: Bool { redirectGuard.bodyCarriesSecret }
    /// The header names an ``ExchangeReport`` redacts (see `OwnOriginHeaders.swift`).
    private var secretHeaders: Set<String> { redirectGuard.rule?.secretNames ?? OwnOriginHeaders.credentials }

    /// - Parameters:
    ///   - request: The request, complete with headers, body and a whole-second `timeoutInterval`: the
    ///     time one try may take from start to last byte. The exchange's own watchdog ends a try that
    ///     URLSession does not end in time.
    ///   - retryPolicy: `.never` for requests that must not be repeated.
    ///   - observer: Receives the exchange's report; `nil` when nobody listens (no report is made).
    ///   - cache: How a ``ResponseCache`` takes part; none by default.
    ///   - redirectGuard: The redirect policy: whether a redirect to another origin is refused (a body that
    ///     carries a secret), and which headers go only to the base URL's origin, on every redirect too
    ///     (its rule); ``RedirectGuard/shared`` (only the cross-origin stripping) by default.
    ///   - plan: A body from disk, a download, a progress counter; none (a plain data task) by default.
    ///   - maximumBodySize: The largest answer body kept in memory (see
    ///     ``APIClient/Options/maximumResponseBodySize``); its default by default.
    ///   - perTry: Makes each retry's request with the request hooks; `nil` (a retry sends `request`
    ///     again) by default.
    ///   - replaysAfter: Whether the authenticator replays the call after an error; `nil` (never) by default.
    ///   - onEnd: Receives the outcome, once, unless the exchange is cancelled first.
    init(
        request: URLRequest, session: URLSession, retryPolicy: RetryPolicy, observer: ResultObserver?,
        cache: CacheRole = .none, redirectGuard: RedirectGuard = .shared, plan: TransferPlan = TransferPlan(),
        maximumBodySize: Int = APIClient.Options.defaultMaximumResponseBodySize, perTry: RequestHook.PerTry? = nil,
        replaysAfter: (@Sendable (APIError) -> Bool)? = nil, onEnd: @escaping OnEnd
    ) {
        let plain =
            retryPolicy == .default && perTry == nil && replaysAfter == nil && plan.isPlain
            && maximumBodySize == APIClient.Options.defaultMaximumResponseBodySize
        self.extras =
            plain
            ? nil
            : Extras(
                retryPolicy: retryPolicy, perTry: perTry, replaysAfter: replaysAfter, plan: plan,
                maximumBodySize: maximumBodySize)
        self.redirectGuard = redirectGuard
        self.request = request
        self.session = session
        self.observer = observer
        self.cache = cache
        self.state = Locked(State(onEnd: onEnd, request: request))
    }

    /// Sends the first try. A form with file parts is first written to disk, off the caller's thread. A
    /// whole-body file is sent from where it is, no copy made: refused when it is a link or no regular
    /// file, and each try checks that it did not change while it was sent (see ``UploadSource``).
    func start() {
        let form: MultipartForm
        switch plan.upload {
        case .none: return startAttempt()
        case .form(let value): form = value
        case .file(let source):
            do throws(APIError) {
                _ = try UploadSource(source)
            } catch {
                return DispatchQueue.global(qos: .utility).async { [self] in end(with: .failure(error)) }
            }
            return startAttempt()
        }
        DispatchQueue.global(qos: .utility).async { [self] in
            let file: URL
            do throws(APIError) {
                file = try form.writeToTemporaryFile()
            } catch {
                return end(with: .failure(error))
            }
            let keep = state.withLock { state -> Bool in
                guard state.onEnd != nil else { return false }
                state.bodyFile = BodyFile(file)
                return true
            }
            guard keep else { return Self.remove(file) }  // cancelled meanwhile
            startAttempt()
        }
    }

    /// Stops the exchange: its task, its watchdog and any wait before a retry end at once, and
    /// `onEnd` is never called.
    func cancel() {
        let ended = state.withLock { state -> (SessionTask?, OneShotTimer.Token, URL?)? in
            guard state.onEnd != nil else { return nil }
            defer { state.onEnd = nil; state.task = nil; state.timer = .none; state.bodyFile = nil }
            return (state.task, state.timer, state.bodyFile?.url)
        }
        guard let (task, timer, bodyFile) = ended else { return }
        timer.cancel()
        task?.cancel()
        if let bodyFile { Self.remove(bodyFile) }
        report(.failure(.cancelled), lastResponse: nil, retries: nil, calls: 0)
    }

    // MARK: - One try

    private func startAttempt() {
        guard
            let (attempt, request) = state.withLock({ state -> (Int, URLRequest)? in
                guard state.onEnd != nil else { return nil }
                state.attempt += 1
                return (state.attempt, state.request)
            })
        else { return }
        let url = request.url
        // One task of the kind the plan needs, with its own delegate: no credentials across origins
        // (RedirectGuard.swift), the bytes counted for the progress watcher (Transfers/). The watchdog
        // holds the exchange until the try ends (the exchange always cancels it); the task's completion
        // holds it weakly: the session decides how long it keeps a task and its completion. Both
        // closures keep only what tells their try apart (a call in flight holds them).
        let task = SessionTask(
            taskKind(), request: plan.upload.isWholeFile ? Self.closingAfter(request) : request, session: session,
            redirects: redirectGuard, progress: plan.progress
        ) { [weak self] end in
            self?.taskEnded(end, attempt: attempt, url: url)
        }
        // An event stream may last for hours: URLSession's own timeout (between two chunks) ends a stalled
        // one, and the watchdog waits a year.
        let watchdogDelay = plan.events == nil ? request.timeoutInterval + 0.5 : 366 * 24 * 3600
        let watchdog = makeTimer(after: watchdogDelay) { [self] in
            let response = state.withLock { $0.attempt == attempt ? $0.task?.response : nil }
            attemptEnded(attempt, outcome: Self.stalledOutcome(of: response), retryAfter: nil, stalled: true)
        }
        let started = state.withLock { state -> Bool in
            guard state.onEnd != nil, state.attempt == attempt else { return false }
            state.task = task
            state.timer = watchdog.token
            watchdog.resume()  // under the lock: a cancel cannot come between storing it and arming it
            return true
        }
        guard started else { return task.cancel() }  // cancelled meanwhile: end the new task too
        task.resume()
    }

    /// Try `attempt`'s task ended (its request went to `url`): its outcome, the downloaded file put in
    /// place, then the try's end.
    private func taskEnded(_ end: SessionTask.End, attempt: Int, url: URL?) {
        var outcome = Self.validate(
            data: end.data, response: end.response, error: end.error, accepts304: cache == .revalidates, url: url)
        if let data = end.data, data.count > maximumBodySize {  // decompressed bytes: nothing of it is kept
            outcome = .failure(.transport(URLError(.dataLengthExceedsMaximum)))
        }
        if let change = end.sourceChange {
            outcome = .failure(change)  // whatever the server said, it did not get the file as it is
        }
        if let destination = plan.destination, isCurrent(attempt) {  // a stale try's file is not put in place
            if let file = end.file, let size = SessionTask.size(of: file) { plan.progress?.received(total: size) }
            outcome = Download.finish(outcome, end: end, at: destination)
        }
        attemptEnded(attempt, outcome: outcome, retryAfter: Self.retryAfter(in: end.response))
    }

    /// `request`, sent from a file that may change meanwhile: on Linux, where URLSession goes on reading
    /// the file past the `Content-Length` it announced when the file grows, with `Connection: close`, so
    /// that the server takes nothing after the body for another request (RFC 9112, 9.6); the try then
    /// fails (see ``UploadSource``). As it is elsewhere.
    private static func closingAfter(_ request: URLRequest) -> URLRequest {
        #if canImport(FoundationNetworking)
        var request = request
        request.setValue("close", forHTTPHeaderField: "Connection")
        #endif
        return request
    }

    /// The outcome of one try: the body of a 2xx (or of an expected 304), else an ``APIError``.
    /// `url` (the request's) is named by a transport error whose `URLError` names none.
    private static func validate(
        data: Data?, response: URLResponse?, error: (any Error)?, accepts304: Bool, url: URL?
    ) -> Outcome {
        if let error { return .failure(APIError(wrapping: error, url: url)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(APIError(URLError(.badServerResponse), url: url))
        }
        let body = data ?? Data()
        guard (200...299).contains(http.statusCode) || (accepts304 && http.statusCode == 304) else {
            let kept = APIError.Body(data: body, url: http.url, retryAfter: APIError.RetryAfter(http))
            return .failure(.httpStatus(code: http.statusCode, body: kept))
        }
        return .success((body, http))
    }

    /// The outcome of a try that did not end in time: `.timedOut`, except for a 401 whose response has
    /// arrived. Linux's URLSession never completes a 401 carrying a `WWW-Authenticate: Basic` challenge
    /// when it has no credential to offer (swift-corelibs-foundation #5456); that call ends here, and
    /// must end as the 401 it is (not retried), not as a timeout (retried).
    private static func stalledOutcome(of response: URLResponse?) -> Outcome {
        guard let http = response as? HTTPURLResponse, http.statusCode == 401 else { return .failure(.timedOut) }
        return .failure(.httpStatus(code: 401, body: APIError.Body(data: Data(), url: http.url)))
    }

    /// Handles the end of try `attempt`: retries a transient failure while the policy allows,
    /// otherwise reports the outcome. `stalled` says the watchdog ended the try, whose task is then
    /// cancelled; a task that completed is never cancelled.
    private func attemptEnded(_ attempt: Int, outcome: Outcome, retryAfter: TimeInterval?, stalled: Bool = false) {
        var retryDelay: TimeInterval?
        if case .failure(let error) = outcome, error.isTransient, attempt <= retryPolicy.maxRetries {
            retryDelay = retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter)
        }
        let ended = state.withLock { state -> (SessionTask?, OneShotTimer.Token, OnEnd?, URL?)? in
            guard state.onEnd != nil, state.attempt == attempt, state.settledAttempt < attempt else { return nil }
            state.settledAttempt = attempt
            let bodyFile = retryDelay == nil ? state.bodyFile?.url : nil
            defer {
                state.task = nil; state.timer = .none
                if retryDelay == nil { state.onEnd = nil; state.bodyFile = nil }
            }
            return (state.task, state.timer, state.onEnd, bodyFile)
        }
        guard let (task, watchdog, onEnd, bodyFile) = ended else { return }  // a stale or settled try, or cancelled
        watchdog.cancel()
        if stalled, let task { task.cancel() }  // the watchdog fired: end the hung task
        if let retryDelay { return scheduleRetry(after: retryDelay, attempt: attempt) }
        if let bodyFile { Self.remove(bodyFile) }
        let outcome = attempt > 1 && perTry != nil ? withoutSecretsOfLastTry(outcome) : outcome
        guard let (calls, deliver) = onEnd?(outcome) else { return }
        report(outcome, lastResponse: task?.response as? HTTPURLResponse, retries: attempt - 1, calls: calls)
        deliver()
    }

    // MARK: - Retrying

    private func scheduleRetry(after delay: TimeInterval, attempt: Int) {
        let wait = makeTimer(after: delay) { [self] in
            let stillWaiting = state.withLock { state -> Bool in
                guard state.onEnd != nil, state.attempt == attempt else { return false }
                state.timer = .none
                return true
            }
            if stillWaiting { nextTry(after: attempt) }
        }
        state.withLock { state in
            guard state.onEnd != nil else { return }
            state.timer = wait.token
            wait.resume()  // under the lock, as the watchdog
        }
    }

    /// Starts the try after `attempt`, with its request made again by the request hooks when there are any.
    private func nextTry(after attempt: Int) {
        guard let perTry else { return startAttempt() }
        perTry.request(after: request) { [self] made in
            switch made {
            case .success(let request):
                let current = state.withLock { state -> Bool in
                    guard state.onEnd != nil, state.attempt == attempt else { return false }
                    state.request = request
                    return true
                }
                if current { startAttempt() }
            case .failure(let error): end(with: .failure(error), retries: attempt)
            }
        }
    }

    /// `outcome` without the secrets of the last try's request, should the server have echoed them: a
    /// hook may have put a credential on a retry that the first try's request (which the caller redacts
    /// by) did not carry, a per-try signature say.
    private func withoutSecretsOfLastTry(_ outcome: Outcome) -> Outcome {
        guard case .failure(let error) = outcome else { return outcome }
        let sent = state.withLock { $0.request }
        return .failure(
            Redaction.error(
                error, removing: Redaction.secrets(of: sent, headerNames: secretHeaders.union(Redaction.secretHeaders)))
        )
    }

    /// The `Retry-After` of a 429 or 503 answer, in seconds (the HTTP-date form is not honoured): RFC 9110
    /// §10.2.3's delay-seconds, ASCII digits only, so `inf`, `1e3`, `0x10`, `+5` and `1.5` are ignored
    /// (found by fuzzing: they were read as numbers, `inf` as an endless wait cut to `maximumDelay`).
    static func retryAfter(in response: URLResponse?) -> TimeInterval? {
        guard let http = response as? HTTPURLResponse, http.statusCode == 429 || http.statusCode == 503,
            let value = http.value(forHTTPHeaderField: "Retry-After")
        else { return nil }
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return TimeInterval(digits)
    }

    // MARK: - Helpers

    /// The task the plan needs: an upload from a file, a download, or a data task.
    private func taskKind() -> SessionTask.Kind {
        if let destination = plan.destination { return .download(into: Download.partialFile(for: destination)) }
        if let sink = plan.events { return .events(sink) }
        switch plan.upload {
        case .none: return .data
        case .file(let file): return .upload(fromFile: file)
        case .form: return state.withLock { $0.bodyFile?.url }.map { .upload(fromFile: $0) } ?? .data
        }
    }

    /// Whether try `attempt` is the exchange's current one and has not ended.
    private func isCurrent(_ attempt: Int) -> Bool {
        state.withLock { $0.onEnd != nil && $0.attempt == attempt && $0.settledAttempt < attempt }
    }

    /// Ends the exchange between tries: before the first (a form that could not be written to disk), or
    /// after `retries` retries (a request hook that threw).
    private func end(with outcome: Outcome, retries: Int = 0) {
        let (onEnd, bodyFile) = state.withLock { state -> (OnEnd?, URL?) in
            defer { state.onEnd = nil; state.bodyFile = nil }
            return (state.onEnd, state.bodyFile?.url)
        }
        guard let onEnd else { return }
        if let bodyFile { Self.remove(bodyFile) }
        let (calls, deliver) = onEnd(outcome)
        report(outcome, lastResponse: nil, retries: retries, calls: calls)
        deliver()
    }

    private static func remove(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }

    private func makeTimer(after seconds: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> OneShotTimer {
        OneShotTimer(after: seconds, queue: Self.timerQueue, handler: handler)
    }

    /// Hands the observer the exchange's report; `retries` is `nil` for a cancelled exchange (then the
    /// tries made).
    private func report(_ outcome: Outcome, lastResponse: HTTPURLResponse?, retries: Int?, calls: Int) {
        guard let observer else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startTime.uptimeNanoseconds) / 1e9
        let (attempts, request) = state.withLock { ($0.attempt, $0.request) }
        let retries = retries ?? max(0, attempts - 1)
        var willBeReplayed = false
        if case .failure(let error) = outcome, let replaysAfter { willBeReplayed = replaysAfter(error) }
        var cache: ExchangeReport.CacheOutcome?
        if self.cache != .none {
            let revalidated: Bool
            if case .success(let (_, response)) = outcome {
                revalidated = response.statusCode == 304
            } else {
                revalidated = false
            }
            cache = revalidated ? .revalidated : .miss
        }
        observer(
            ExchangeReport(
                request: request, outcome: outcome, lastResponse: lastResponse, duration: elapsed, retries: retries,
                calls: calls, cache: cache, secretHeaders: secretHeaders, bodyCarriesSecret: bodyCarriesSecret,
                willBeReplayed: willBeReplayed))
    }
}
