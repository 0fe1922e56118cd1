import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one owner of the client's URLSession tasks: it creates a data, upload or download task, gives
/// it a delegate of its own (the redirect policy of ``RedirectGuard`` and the transfer's progress), and
/// is the only way to cancel it.
///
/// A call nobody watches runs as a task with a completion handler, its delegate deciding redirects
/// only (the fastest way). A call whose progress is watched runs through URLSession's `async` methods
/// with the delegate passed in (`data(for:delegate:)`, `upload(for:fromFile:delegate:)`,
/// `download(for:delegate:)`): on Linux those are the only tasks whose own delegate hears of the bytes
/// sent and received (a completion-handler task's never does, and its `progress` stays 0; tested in
/// `LinuxTransferBehaviourTests`). A download on Linux is the exception (see ``downloadsWithHandler``).
final class SessionTask: Sendable {
    /// What the task does with the request and the answer.
    enum Kind: Sendable {
        /// The request's own body (if any) goes up, the answer comes back in memory.
        case data
        /// The file's bytes are the body, read from disk as they are sent; the answer in memory.
        case upload(fromFile: URL)
        /// The answer is written to a temporary file, handed to the completion, removed afterwards.
        case download

        var isData: Bool {
            if case .data = self { return true }
            return false
        }
    }

    /// How a task ended: the answer's body (in memory), or the temporary file of a download; the
    /// response; the error.
    struct End: @unchecked Sendable {  // URLResponse and Error are immutable values here
        var data: Data?
        /// A download's temporary file: valid only while the completion runs (removed after).
        var file: URL?
        var response: URLResponse?
        var error: (any Error)?
        /// The body bytes received, as far as they were counted.
        var bytesReceived: Int64 = 0
        /// The body length the answer announced, when known.
        var expectedLength: Int64?
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
        let (kind, request, completion) =
            !kind.isData && Self.goesThroughOwnProtocol(session)
            ? Self.inMemory(kind, request: request, completion: completion) : (kind, request, completion)
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
        let delegate: TaskDelegate =
            if case .download = kind, !Self.downloadsWithHandler {
                DownloadTaskDelegate(redirects: redirects, sendsBody: bodyLength != 0, progress: progress)
            } else {
                TaskDelegate(redirects: redirects, sendsBody: bodyLength != 0, progress: progress)
            }
        self.delegate = delegate
        progress?.startTry(expectedToSend: bodyLength >= 0 ? bodyLength : nil)

        var isDownload = false
        if case .download = kind { isDownload = true }
        if progress == nil || (isDownload && Self.downloadsWithHandler) {
            let task = Self.handlerTask(kind, request: request, session: session, completion: completion)
            task.delegate = delegate  // redirects (and bytes, on Apple platforms): see above
            progress?.attach(task)  // its expected length
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
                    switch kind {
                    case .data:
                        (end.data, end.response) = try await session.data(for: request, delegate: delegate)
                    case .upload(let file):
                        (end.data, end.response) = try await session.upload(
                            for: request, fromFile: file, delegate: delegate)
                    case .download:
                        (end.file, end.response) = try await session.download(for: request, delegate: delegate)
                    }
                    progress?.bodySent()  // answered: the whole body went (its last callbacks may still be queued)
                } catch {
                    end.error = error
                    end.response = delegate.task?.response  // the head may have arrived before the failure
                    if let expected = delegate.task?.countOfBytesExpectedToReceive, expected > 0 {
                        end.expectedLength = expected
                    }
                }
                end.bytesReceived = progress?.bytesReceived ?? 0
                completion(end)
                if let file = end.file { try? FileManager.default.removeItem(at: file) }  // unless moved
            }
            let cancelled = swiftTask.withLock { state -> Bool in
                state.task = task
                return state.cancelled
            }
            if cancelled { task.cancel() }
        }
    }

    /// A task with a completion handler: the fastest kind (on Linux a task with a delegate of its own
    /// behind an `async` method uploads at half the speed; see BENCHMARKS.md), used when nobody watches
    /// the progress.
    private static func handlerTask(
        _ kind: Kind, request: URLRequest, session: URLSession, completion: @escaping @Sendable (End) -> Void
    ) -> URLSessionTask {
        switch kind {
        case .data:
            return session.dataTask(with: request) { data, response, error in
                completion(End(data: data, response: response, error: error))
            }
        case .upload(let file):
            return session.uploadTask(with: request, fromFile: file) { data, response, error in
                completion(End(data: data, response: response, error: error))
            }
        case .download:
            let known = Locked<URLSessionTask?>(nil)
            let task = session.downloadTask(with: request) { file, response, error in
                // Linux gives a failed task's completion no response, even when its head had arrived: the
                // length it announced is kept on the task.
                let task = known.withLock { $0 }
                var end = End(file: file, response: response ?? task?.response, error: error)
                end.bytesReceived = task?.countOfBytesReceived ?? 0
                if let expected = task?.countOfBytesExpectedToReceive, expected > 0 { end.expectedLength = expected }
                completion(end)
            }
            known.withLock { $0 = task }
            return task
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
        Self.decisionLock.withLock { _ in
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
    /// `URLStub`): a class in its configuration's `protocolClasses` that is not Foundation's (theirs
    /// start with `_`). Such a protocol sees no body of an upload from a file, and on Linux a download
    /// through it gets no file.
    static func goesThroughOwnProtocol(_ session: URLSession) -> Bool {
        (session.configuration.protocolClasses ?? []).contains { !String(describing: $0).hasPrefix("_") }
    }

    /// `kind` as a data task for a session with its own `URLProtocol`: an upload's file read into the
    /// request's body, a download's answer written to a temporary file for `completion` (removed after).
    private static func inMemory(
        _ kind: Kind, request: URLRequest, completion: @escaping @Sendable (End) -> Void
    ) -> (Kind, URLRequest, @Sendable (End) -> Void) {
        var request = request
        switch kind {
        case .data:
            return (kind, request, completion)
        case .upload(let file):
            request.httpBody = (try? Data(contentsOf: file)) ?? Data()
            return (.data, request, completion)
        case .download:
            return (
                .data, request,
                { end in
                    var end = end
                    let file = FileManager.default.temporaryDirectory
                        .appendingPathComponent("ServiceLayer-download-\(UUID().uuidString)")
                    if end.error == nil, FileManager.default.createFile(atPath: file.path, contents: end.data ?? Data())
                    {
                        end.file = file
                    }
                    end.data = nil
                    completion(end)
                    try? FileManager.default.removeItem(at: file)
                }
            )
        }
    }

    /// Whether a download runs as a completion-handler task, its delegate not a download delegate: on
    /// Linux, where a download task whose delegate is a `URLSessionDownloadDelegate` gets every chunk
    /// written to its file twice (the file ends twice as long; tested in `LinuxTransferBehaviourTests`).
    /// Its progress there is the expected length, then the whole file at the end.
    static var downloadsWithHandler: Bool {
        #if canImport(FoundationNetworking)
        return true
        #else
        return false
        #endif
    }

    static func size(of file: URL) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value
    }

    /// Held while a redirect decision is handed to URLSession and while a task is cancelled.
    static let decisionLock = Locked(())
}

/// The delegate of one task: redirects by its ``RedirectGuard``, and bytes sent or received counted for
/// its ``ProgressCounter``. It learns its task from the first callback. A subclass serves download
/// tasks (see ``DownloadTaskDelegate``).
private class TaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {  // `let`s and a lock
    let redirects: RedirectGuard
    /// Whether the request sends a body (in memory or from a file): a redirect that would drop it is refused on Linux.
    let sendsBody: Bool
    let progress: ProgressCounter?
    private let known = Locked<URLSessionTask?>(nil)

    init(redirects: RedirectGuard, sendsBody: Bool, progress: ProgressCounter?) {
        self.redirects = redirects
        self.sendsBody = sendsBody
        self.progress = progress
    }

    /// The task, once a callback named it.
    var task: URLSessionTask? { known.withLock { $0 } }

    /// Records `task` (under the cancel lock, so that a cancel either sees it or came first).
    func record(_ task: URLSessionTask) {
        guard self.task == nil else { return }
        SessionTask.decisionLock.withLock { _ in known.withLock { $0 = task } }
        progress?.attach(task)
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
}

/// The delegate of a download task: a `URLSessionDownloadDelegate`, for the bytes written.
private final class DownloadTaskDelegate: TaskDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        record(downloadTask)
        progress?.received(total: totalBytesWritten)
    }

    /// Not called for a task behind `download(for:delegate:)`, which returns the file instead.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
    }
}
