import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of an event stream's data task: each chunk goes to the connection's ``EventSink`` as it
/// arrives (an event is delivered when its blank line does, never when the body ends), and the task's
/// end, with the body kept of an answer that was no event stream, to the completion.
///
/// Like a download (see ``DownloadDelegate``), the task has no completion handler, so that its delegate
/// hears every chunk: on Apple platforms in the caller's session, on Linux in the streaming session
/// (swift-corelibs-foundation has no `URLSession.bytes(for:)`, and a completion-handler task's delegate
/// hears no data there).
final class EventStreamDelegate: TaskDelegate, @unchecked Sendable {  // `let`s; the sink locks its state
    private let sink: EventSink
    private let completion: @Sendable (SessionTask.End) -> Void

    init(
        sink: EventSink, redirects: RedirectGuard, sendsBody: Bool, progress: ProgressCounter?,
        completion: @escaping @Sendable (SessionTask.End) -> Void
    ) {
        self.sink = sink
        self.completion = completion
        super.init(redirects: redirects, sendsBody: sendsBody, progress: progress)
    }

    override func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        record(dataTask)
        progress?.received(Int64(data.count))
        // The request's secrets are read once, with the first chunk (an autoclosure).
        guard !sink.received(data, response: dataTask.response, sentSecrets: secrets(of: dataTask)) else { return }
        // An event too large: cut from another thread (see `DownloadDelegate`: `cancel()` may wait for
        // URLSession's queue).
        let task = UncheckedTask(task: dataTask)
        DispatchQueue.global().async { RedirectGuard.decisionLock.withLock { _ in task.task.cancel() } }
    }

    /// The secrets `task`'s request carried: the headers its own-origin rule names, and the usual ones.
    private func secrets(of task: URLSessionTask) -> [String] {
        guard let request = task.currentRequest else { return [] }
        let names = (redirects.rule?.secretNames ?? OwnOriginHeaders.credentials).union(Redaction.secretHeaders)
        return Redaction.secrets(of: request, headerNames: names)
    }

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let kept = sink.keptBody
        let end = SessionTask.End(data: kept, response: task.response, error: error)
        forget()
        completion(end)
    }
}

/// A task handed to another thread (URLSession's tasks are thread-safe).
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionTask
}
