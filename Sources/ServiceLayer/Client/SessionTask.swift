import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one owner of the client's URLSession tasks: it creates a data, upload or download task, gives
/// it a delegate of its own (the redirect policy of ``RedirectGuard`` and the transfer's progress), and
/// is the only way to cancel it.
///
/// Every task runs with a completion handler, so URLSession gathers the answer (in memory for a data or
/// upload task, in a temporary file for a download task); the per-task delegate only decides redirects
/// and counts bytes. (On Linux a task without a completion handler reports to the session's delegate
/// only, never to its own: our sessions have none.)
final class SessionTask: Sendable {
    /// What the task does with the request and the answer.
    enum Kind: Sendable {
        /// The request's own body (if any) goes up, the answer comes back in memory.
        case data
        /// The file's bytes are the body, read from disk as they are sent; the answer in memory.
        case upload(fromFile: URL)
        /// The answer is written to a temporary file, handed to the completion before it is removed.
        case download
    }

    /// How a task ended: the answer's body (in memory), or the temporary file of a download; the
    /// response; the error.
    struct End: @unchecked Sendable {  // URLResponse and Error are immutable values here
        let data: Data?
        /// A download's temporary file: valid only while the completion runs (URLSession removes it after).
        let file: URL?
        let response: URLResponse?
        let error: (any Error)?
    }

    private let task: URLSessionTask
    private let delegate: TaskDelegate

    /// Creates a suspended task for `request`; call ``resume()`` to start it.
    /// - Parameters:
    ///   - kind: What kind of task.
    ///   - request: The request, complete.
    ///   - session: The client's session.
    ///   - redirects: The redirect policy: ``RedirectGuard/secretBody`` for a body that carries a secret.
    ///   - progress: Receives the bytes sent and received; `nil` when nobody watches.
    ///   - completion: Receives the task's end, once, on URLSession's delegate queue.
    init(
        _ kind: Kind, request: URLRequest, session: URLSession, redirects: RedirectGuard,
        progress: ProgressCounter?, completion: @escaping @Sendable (End) -> Void
    ) {
        switch kind {
        case .data:
            task = session.dataTask(with: request) { data, response, error in
                completion(End(data: data, file: nil, response: response, error: error))
            }
        case .upload(let file):
            task = session.uploadTask(with: request, fromFile: file) { data, response, error in
                completion(End(data: data, file: nil, response: response, error: error))
            }
        case .download:
            task = session.downloadTask(with: request) { file, response, error in
                completion(End(data: nil, file: file, response: response, error: error))
            }
        }
        var bodyLength = Int64(request.httpBody?.count ?? 0)
        if case .upload(let file) = kind { bodyLength = Self.size(of: file) ?? -1 }
        delegate = TaskDelegate(redirects: redirects, sendsBody: bodyLength != 0, progress: progress)
        task.delegate = delegate
        progress?.watch(task, expectedToSend: bodyLength >= 0 ? bodyLength : nil)
    }

    /// Starts the task.
    func resume() {
        task.resume()
    }

    /// The response, once its head has arrived; `nil` before.
    var response: URLResponse? { task.response }

    /// Cancels the task, never between the moment its delegate decides on a redirect and the moment
    /// URLSession has queued that decision.
    ///
    /// On Linux, Foundation traps ("Received callback for HTTP redirection, but we're not waiting for
    /// it") when a task is cancelled after it asked about a redirect and before the answer reaches its
    /// work queue: the cancel moves the task out of its waiting state first. So tasks are cancelled here
    /// only, and the delegate does not answer for a task already cancelled (whose completion URLSession
    /// has already reported).
    func cancel() {
        Self.decisionLock.withLock { _ in task.cancel() }
    }

    private static func size(of file: URL) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value
    }

    /// Held while a redirect decision is handed to URLSession and while a task is cancelled.
    static let decisionLock = Locked(())
}

/// The delegate of one task: redirects by its ``RedirectGuard``, and bytes sent or received counted for
/// its ``ProgressCounter``.
///
/// It is not a `URLSessionDownloadDelegate`: on Linux a download task whose delegate is one has every
/// chunk written to its temporary file twice (once by the task, once for the delegate). A download's
/// bytes are read from the task's own counters instead (see ``ProgressCounter``).
private final class TaskDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let redirects: RedirectGuard
    /// Whether the request sends a body (in memory or from a file): a redirect that would drop it is refused on Linux.
    let sendsBody: Bool
    let progress: ProgressCounter?

    init(redirects: RedirectGuard, sendsBody: Bool, progress: ProgressCounter?) {
        self.redirects = redirects
        self.sendsBody = sendsBody
        self.progress = progress
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        redirects.decide(
            redirectTo: request, from: response, for: task, sendsBody: sendsBody, completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        progress?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        progress?.received(Int64(data.count))
    }
}
