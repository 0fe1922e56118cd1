import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one owner of the client's URLSession tasks: it creates a data, upload or download task, gives
/// it a delegate of its own (the redirect policy of ``RedirectGuard`` and the transfer's progress), and
/// is the only way to cancel it.
///
/// A call nobody watches runs as a task with a completion handler, its delegate deciding redirects
/// only (the fastest way). On Apple platforms a watched call does too: the task is known from the
/// moment it exists, and its own counters (`countOfBytesSent`, `countOfBytesReceived`,
/// `countOfBytesExpectedToReceive`) are what the progress counter samples. On Linux a watched call runs
/// through URLSession's `async` methods with the delegate passed in (`URLSession.data(for:delegate:)`,
/// `URLSession.upload(for:fromFile:delegate:)`): there those are the only tasks whose own delegate hears of the
/// bytes sent and received (a completion-handler task's never does, and its `progress` stays 0; tested
/// in `LinuxTransferBehaviourTests`).
///
/// A download, and an event stream, is a data task without a completion handler on every platform: its delegate writes each
/// chunk to a file of the download's own, next to its destination, and removes that file once the
/// completion has returned (moved into place by then, or not wanted). URLSession itself creates no
/// file, so a cut, cancelled or refused download leaves nothing behind, on every try.
final class SessionTask: Sendable {
    /// What the task does with the request and the answer.
    enum Kind: Sendable {
        /// The request's own body (if any) goes up, the answer comes back in memory.
        case data
        /// The file's bytes are the body, read from disk as they are sent; the answer in memory.
        case upload(fromFile: URL)
        /// The answer is written to `file` (created here, next to the destination), handed to the
        /// completion, removed afterwards.
        case download(into: URL)
        /// The answer is read as an event stream as it arrives (see ``EventStreamDelegate``).
        case events(EventSink)

        var isUpload: Bool {
            if case .upload = self { return true }
            return false
        }
    }

    /// How a task ended: the answer's body (in memory), or the temporary file of a download; the
    /// response; the error.
    struct End: @unchecked Sendable {  // URLResponse and Error are immutable values here
        var data: Data?
        /// A download's temporary file: valid only while the completion runs (removed after).
        var file: URL?
        /// Why a download's bytes could not be written to its file (a full disk, a missing folder): the
        /// task was cancelled for it.
        var fileError: (any Error)?
        var response: URLResponse?
        var error: (any Error)?
        /// The body bytes received, as far as they were counted.
        var bytesReceived: Int64 = 0
        /// The body length the answer announced, when known.
        var expectedLength: Int64?
        /// Why an upload's file is not what was sent: it changed while it was sent (see ``UploadSource``).
        var sourceChange: APIError?
    }

    /// What runs: a completion-handler task, or a Swift task awaiting URLSession's `async` method.
    private enum Runner: @unchecked Sendable {  // set once in init; tasks are thread-safe
        case handler(URLSessionTask)
        /// The Swift task, and whether it was cancelled before it was stored.
        case awaiting(Locked<(task: Task<Void, Never>?, cancelled: Bool)>)
    }

    private let runner: Runner
    /// The task's own delegate; `nil` for a plain call, whose delegate is its ``RedirectGuard``.
    private let delegate: TaskDelegate?
    private let start: @Sendable () -> Void

    /// Creates a task for `request`; call ``resume()`` to start it.
    /// - Parameters:
    ///   - kind: What kind of task.
    ///   - request: The request, complete.
    ///   - session: The client's session.
    ///   - redirects: The redirect policy: ``RedirectGuard/secretBody`` for a body that carries a secret.
    ///   - progress: Receives the bytes sent and received; `nil` when nobody watches.
    ///   - completion: Receives the task's end, once.
    init(
        _ kind: Kind, request: URLRequest, session: URLSession, redirects: RedirectGuard,
        progress: ProgressCounter?, completion: @escaping @Sendable (End) -> Void
    ) {
        let (kind, request) =
            kind.isUpload && Self.goesThroughOwnProtocol(session)
            ? Self.inMemory(kind, request: request) : (kind, request)
        let completion = Self.checkingSource(of: kind, sentTo: request.url, completion)
        if case .data = kind, progress == nil {
            // A plain call: the redirect policy itself is the delegate (it reads the body from the
            // request); nothing of this task needs an object of its own.
            let task = Self.handlerTask(kind, request: request, session: session, completion: completion)
            task.delegate = redirects
            delegate = nil
            runner = .handler(task)
            start = { task.resume() }
            return
        }
        var bodyLength = Int64(request.httpBody?.count ?? 0)
        if case .upload(let file) = kind { bodyLength = Self.size(of: file) ?? -1 }
        progress?.startTry(expectedToSend: bodyLength >= 0 ? bodyLength : nil)

        if case .download(let file) = kind {
            // No completion handler: the delegate hears every chunk (written to `file`) and the end.
            let delegate = DownloadDelegate(
                file: file, redirects: redirects, sendsBody: bodyLength != 0, progress: progress, completion: completion
            )
            let task = Self.streamingSession(like: session).dataTask(with: request)
            task.delegate = delegate
            delegate.record(task)  // known from the start: to cancel it, and for its counters
            self.delegate = delegate
            runner = .handler(task)
            start = { task.resume() }
            return
        }
        if case .events(let sink) = kind {
            // No completion handler either: the delegate hears every chunk and hands its events on.
            let delegate = EventStreamDelegate(
                sink: sink, redirects: redirects, sendsBody: bodyLength != 0, progress: progress, completion: completion
            )
            let task = Self.streamingSession(like: session).dataTask(with: request)
            task.delegate = delegate
            delegate.record(task)
            self.delegate = delegate
            runner = .handler(task)
            start = { task.resume() }
            return
        }
        let delegate = TaskDelegate(redirects: redirects, sendsBody: bodyLength != 0, progress: progress)
        self.delegate = delegate
        if progress == nil || !Self.onlyAsyncTasksCountBytes {
            let task = Self.handlerTask(kind, request: request, session: session) { end in
                delegate.forget()
                completion(end)
            }
            task.delegate = delegate  // redirects (and bytes, on Apple platforms): see above
            delegate.record(task)  // known from the start: its counters are the progress on Apple platforms
            runner = .handler(task)
            start = { task.resume() }
            return
        }
        let swiftTask = Locked<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))
        runner = .awaiting(swiftTask)
        start = {
            let task = Task {
                var end = End()
                do {
                    if case .upload(let file) = kind {
                        (end.data, end.response) = try await session.upload(
                            for: request, fromFile: file, delegate: delegate)
                    } else {
                        (end.data, end.response) = try await session.data(for: request, delegate: delegate)
                    }
                    progress?.bodySent()  // answered: the whole body went (its last callbacks may still be queued)
                } catch {
                    end.error = error
                    end.response = delegate.task?.response  // the head may have arrived before the failure
                }
                end.bytesReceived = progress?.bytesReceived ?? 0
                delegate.forget()
                completion(end)
            }
            let cancelled = swiftTask.withLock { state -> Bool in
                state.task = task
                return state.cancelled
            }
            if cancelled { task.cancel() }
        }
    }

    /// `completion`, for an upload from a file, with the file checked when the task ends against what it
    /// was when the task was made (see ``UploadSource``); `completion` itself for any other task.
    private static func checkingSource(
        of kind: Kind, sentTo url: URL?, _ completion: @escaping @Sendable (End) -> Void
    ) -> @Sendable (End) -> Void {
        guard case .upload(let file) = kind, let before = try? UploadSource(file) else { return completion }
        return { end in
            var end = end
            end.sourceChange = before.change(of: file, sentTo: url)
            completion(end)
        }
    }

    /// A task with a completion handler: the fastest kind (on Linux a task with a delegate of its own
    /// behind an `async` method uploads at half the speed; see BENCHMARKS.md), used when nobody watches
    /// the progress, and on Apple platforms always.
    private static func handlerTask(
        _ kind: Kind, request: URLRequest, session: URLSession, completion: @escaping @Sendable (End) -> Void
    ) -> URLSessionTask {
        if case .upload(let file) = kind {
            return session.uploadTask(with: request, fromFile: file) { data, response, error in
                completion(End(data: data, response: response, error: error))
            }
        }
        return session.dataTask(with: request) { data, response, error in
            completion(End(data: data, response: response, error: error))
        }
    }

    /// Starts the task.
    func resume() {
        start()
    }

    /// The response, once its head has arrived; `nil` before (and before the task is known).
    var response: URLResponse? {
        switch runner {
        case .handler(let task): return task.response
        case .awaiting: return delegate?.task?.response
        }
    }

    /// Cancels the task, never between the moment its delegate decides on a redirect and the moment
    /// URLSession has queued that decision.
    ///
    /// On Linux, Foundation traps ("Received callback for HTTP redirection, but we're not waiting for
    /// it") when a task is cancelled after it asked about a redirect and before the answer reaches its
    /// work queue: the cancel moves the task out of its waiting state first. So tasks are cancelled here
    /// only, under the lock redirect decisions are answered under, and the delegate does not answer for
    /// a task already cancelled (whose end URLSession has already reported). A task behind an `async`
    /// method is known to its delegate from its first callback on (recorded under the same lock);
    /// before that, cancelling the Swift task cancels it.
    func cancel() {
        RedirectGuard.decisionLock.withLock { _ in
            switch runner {
            case .handler(let task): task.cancel()
            case .awaiting(let swiftTask):
                if let task = delegate?.task { return task.cancel() }
                let task = swiftTask.withLock { state -> Task<Void, Never>? in
                    state.cancelled = true
                    return state.task
                }
                task?.cancel()
            }
        }
    }

    /// Whether `session` answers through a `URLProtocol` of its own (a stub such as ServiceLayerTesting's
    /// `StubURLProtocol`): a class in its configuration's `protocolClasses` that is not one of the
    /// system's own, compared by identity (never by name: Darwin's list includes `NSAboutURLProtocol`).
    /// Such a protocol sees no body of an upload from a file (it reads `httpBody`).
    static func goesThroughOwnProtocol(_ session: URLSession) -> Bool {
        (session.configuration.protocolClasses ?? []).contains { !systemProtocols.contains(ObjectIdentifier($0)) }
    }

    /// The protocol classes the system's own sessions hold: what every session has before a caller adds
    /// one. The lists differ (on Linux `URLSession.shared`'s adds `_DataURLProtocol`), so all three are
    /// read, once.
    private static let systemProtocols: Set<ObjectIdentifier> = Set(
        [URLSessionConfiguration.default, URLSessionConfiguration.ephemeral, URLSession.shared.configuration]
            .flatMap { $0.protocolClasses ?? [] }.map(ObjectIdentifier.init))

    /// `kind` for a session with its own `URLProtocol`: an upload's file read into the request's body
    /// (the protocol sees it there) and sent as a data task. A file that cannot be read is sent as
    /// that upload still, so that its error is URLSession's, never an empty body.
    private static func inMemory(_ kind: Kind, request: URLRequest) -> (Kind, URLRequest) {
        guard case .upload(let file) = kind, let body = try? Data(contentsOf: file) else { return (kind, request) }
        var request = request
        request.httpBody = body
        return (.data, request)
    }

    /// Whether only tasks behind URLSession's `async` methods have their own delegate hear of the bytes
    /// sent and received: on Linux (see the type's documentation). On Apple platforms a task with a
    /// completion handler still counts its bytes in its own `countOfBytesSent`/`countOfBytesReceived`
    /// (properties of the task, https://developer.apple.com/documentation/foundation/urlsessiontask),
    /// which the progress counter samples from the task's creation on; only the response and data
    /// delivery go to the completion handler instead of the delegate
    /// (https://developer.apple.com/documentation/foundation/urlsession/datatask(with:completionhandler:)).
    /// Not testable here: `UploadTests` and `DownloadTests` check the progress on macOS in CI.
    static var onlyAsyncTasksCountBytes: Bool {
        #if canImport(FoundationNetworking)
        return true
        #else
        return false
        #endif
    }

    static func size(of file: URL) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value
    }
}

/// The delegate of one task: redirects by its ``RedirectGuard``, and bytes sent or received counted for
/// its ``ProgressCounter``. It learns its task from the first callback. A subclass serves download
/// tasks (see ``DownloadTaskDelegate``).
class TaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {  // `let`s and a lock
    let redirects: RedirectGuard
    /// Whether the request sends a body (in memory or from a file): a redirect that would drop it is refused on Linux.
    let sendsBody: Bool
    let progress: ProgressCounter?
    /// The task once known, until it ended. The task holds its delegate (`task.delegate`), so this is a
    /// cycle that ``forget()`` breaks when the task ends; `ended` keeps a late callback from recording it
    /// again.
    private let known = Locked<(task: URLSessionTask?, ended: Bool)>((nil, false))

    init(redirects: RedirectGuard, sendsBody: Bool, progress: ProgressCounter?) {
        self.redirects = redirects
        self.sendsBody = sendsBody
        self.progress = progress
    }

    /// The task, once a callback named it.
    var task: URLSessionTask? { known.withLock { $0.task } }

    /// Records `task` (under the cancel lock, so that a cancel either sees it or came first).
    func record(_ task: URLSessionTask) {
        // Known already (a download's task is, from its creation): no lock to wait for on every chunk.
        guard known.withLock({ $0.task == nil && !$0.ended }) else { return }
        let recorded = RedirectGuard.decisionLock.withLock { _ in
            known.withLock { state -> Bool in
                guard state.task == nil, !state.ended else { return false }
                state.task = task
                return true
            }
        }
        if recorded { progress?.attach(task) }
    }

    /// The task ended: lets go of it (the task and its delegate would otherwise keep each other, and
    /// with them the session of a download, alive for good).
    func forget() {
        known.withLock { $0 = (nil, true) }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        record(task)
        redirects.decide(
            redirectTo: request, from: response, for: task, sendsBody: sendsBody, completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        record(task)
        progress?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        record(dataTask)
        progress?.received(Int64(data.count))
    }

    /// Lets every answer's body come (`.allow`), written out so that no platform's default decides: a
    /// download's delegate hears the body only after this.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
    }

    /// Nothing to do here: a task with a completion handler (or behind an `async` method) ends there.
    /// A download's delegate overrides it.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
}
