import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Linux: a session that lets a task's own delegate hear its bytes

extension SessionTask {
    /// The session a download runs in: `session` itself on Apple platforms, where "this task-specific
    /// delegate receives messages from the task before the session's delegate receives them"
    /// (https://developer.apple.com/documentation/foundation/urlsessiontask/delegate).
    ///
    /// On Linux such a task's messages go to the session's delegate only (swift-corelibs-foundation's
    /// `URLSession.behaviour(for:)`), and the caller's session has none of ours; the other ways there
    /// (a download task, `URLSession.download(for:delegate:)`) write to a temporary file whose name URLSession
    /// never tells when the download fails, so a cut download would leave it behind. So downloads run in
    /// a session of the same configuration (its protocol classes too) whose delegate hands each message
    /// to the task's own delegate; one per caller's session, invalidated once that session is gone. A
    /// delegate of the caller's session (for authentication challenges, say) is not asked about a
    /// download there. Its delegate queue, a ``StreamingDelegateQueue``, keeps the bytes received but
    /// not yet written bounded, however slowly they are written.
    static func streamingSession(like session: URLSession) -> URLSession {
        #if canImport(FoundationNetworking)
        let key = ObjectIdentifier(session)
        let (streaming, gone) = streamingSessions.withLock { sessions -> (URLSession, [URLSession]) in
            let gone = sessions.filter { $0.value.caller == nil }
            for key in gone.keys { sessions[key] = nil }
            if let known = sessions[key], known.caller === session {
                return (known.streaming, gone.map(\.value.streaming))
            }
            let streaming = URLSession(
                configuration: session.configuration, delegate: TaskDelegateRouter(),
                delegateQueue: StreamingDelegateQueue())
            sessions[key] = StreamingSession(caller: session, streaming: streaming)
            return (streaming, gone.map(\.value.streaming))
        }
        for old in gone { old.finishTasksAndInvalidate() }
        return streaming
        #else
        return session
        #endif
    }
}

#if canImport(FoundationNetworking)
/// A caller's session (weakly) and the session its downloads run in.
private struct StreamingSession: @unchecked Sendable {  // URLSession is thread-safe
    weak var caller: URLSession?
    let streaming: URLSession
}

private let streamingSessions = Locked<[ObjectIdentifier: StreamingSession]>([:])

/// The delegate of a Linux streaming session: hands a task's bytes and end to the task's own delegate
/// (its redirects reach that delegate directly).
private final class TaskDelegateRouter: NSObject, URLSessionDataDelegate, Sendable {
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        (session.delegateQueue as? StreamingDelegateQueue)?.received(data.count)
        (dataTask.delegate as? TaskDelegate)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        (task.delegate as? TaskDelegate)?.urlSession(
            session, task: task, didSendBodyData: bytesSent, totalBytesSent: totalBytesSent,
            totalBytesExpectedToSend: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        (task.delegate as? TaskDelegate)?.urlSession(session, task: task, didCompleteWithError: error)
    }
}
#endif
