import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a download: a data task's chunks written to a file of the download's own, created
/// at the first chunk (or at the end, for an empty body), and the task's end handed to the completion,
/// after which the file is removed (unless the completion moved it). A write that fails (a full disk, a
/// missing folder) cancels the task; the end then carries the file error.
///
/// URLSession calls a session's delegate messages one at a time on its delegate queue (a serial queue
/// unless the caller passed a concurrent one; `APIClient.makeSession` passes none), so chunks are
/// written in order. The bytes received but not yet written stay bounded however slow the disk: on Linux
/// the streaming session's ``StreamingDelegateQueue`` holds URLSession's reader back, on Apple platforms
/// the task is suspended while they pass ``suspendAbove``.
final class DownloadDelegate: TaskDelegate, @unchecked Sendable {  // `let`s and a lock
    private let file: URL
    private let completion: @Sendable (SessionTask.End) -> Void
    private let writing = Locked<(handle: FileHandle?, error: (any Error)?, written: Int64)>((nil, nil, 0))

    init(
        file: URL, redirects: RedirectGuard, sendsBody: Bool, progress: ProgressCounter?,
        completion: @escaping @Sendable (SessionTask.End) -> Void
    ) {
        self.file = file
        self.completion = completion
        super.init(redirects: redirects, sendsBody: sendsBody, progress: progress)
    }

    override func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        record(dataTask)
        let failed = writing.withLock { state -> Bool in
            guard state.error == nil else { return false }
            do {
                if state.handle == nil { state.handle = try Self.create(file) }
                try state.handle?.write(contentsOf: data)
                state.written += Int64(data.count)
                return false
            } catch {
                state.error = error
                return true
            }
        }
        if failed {
            // Cancelled from another thread: `cancel()` waits for URLSession's queue, which may be waiting
            // for this one (see ``StreamingDelegateQueue``).
            let task = SendableTask(task: dataTask)
            DispatchQueue.global().async { RedirectGuard.decisionLock.withLock { _ in task.task.cancel() } }
        } else {
            progress?.received(Int64(data.count))
            pace(dataTask)
        }
    }

    // MARK: - Pacing (Apple platforms)

    #if canImport(FoundationNetworking)
    /// Nothing to do on Linux: the streaming session's ``StreamingDelegateQueue`` holds URLSession's reader back.
    private func pace(_ task: URLSessionDataTask) {}
    #else
    /// Whether this delegate suspended the task (see ``pace(_:)``).
    private let suspended = Locked(false)
    /// The bytes received but not yet written above which the task is suspended: 4 MiB.
    static let suspendAbove: Int64 = 4 << 20
    /// ... and below which it runs again: 1 MiB.
    static let resumeBelow: Int64 = 1 << 20

    /// Keeps the bytes received but not yet written under ``suspendAbove``: on Apple platforms the task's
    /// own `countOfBytesReceived` counts the chunks as they arrive, ahead of those waiting on the delegate
    /// queue, and a suspended data task reads nothing more ("no further transmissions", per
    /// `URLSessionTask.suspend()`'s documentation) until it is resumed, here, once the writes caught up.
    private func pace(_ task: URLSessionDataTask) {
        let waiting = task.countOfBytesReceived - writing.withLock { $0.written }
        let change = suspended.withLock { suspended -> Bool? in
            if !suspended, waiting > Self.suspendAbove {
                suspended = true
            } else if suspended,
                waiting < Self.resumeBelow
            {
                suspended = false
            } else {
                return nil
            }
            return suspended
        }
        switch change {
        case true?: task.suspend()
        case false?: task.resume()
        case nil: break
        }
    }
    #endif

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        var end = SessionTask.End(response: task.response, error: error)
        writing.withLock { state in
            if state.error == nil, error == nil, state.handle == nil {
                do { state.handle = try Self.create(file) } catch { state.error = error }
            }
            if let handle = state.handle {
                end.file = file  // also a failed try's: `Download` removes it
                try? handle.close()
            }
            state.handle = nil
            end.fileError = state.error
            end.bytesReceived = state.written
        }
        let expected = task.countOfBytesExpectedToReceive
        if expected > 0 { end.expectedLength = expected }  // Linux keeps no response for a cut answer
        forget()
        completion(end)
        try? FileManager.default.removeItem(at: file)  // unless moved into place
    }

    /// Creates `file` (empty; it must not exist) and opens it for writing.
    private static func create(_ file: URL) throws -> FileHandle {
        try Data().write(to: file, options: .withoutOverwriting)  // throws why (a missing folder, no space)
        return try FileHandle(forWritingTo: file)
    }
}

/// A task handed to another thread (URLSession's tasks are thread-safe).
private struct SendableTask: @unchecked Sendable {
    let task: URLSessionTask
}
