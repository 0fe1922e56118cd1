import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts one call's bytes and hands a ``TransferProgress`` to its watcher, at most 30 times a second.
///
/// A sampling timer reads the current task's counters every 1/30 s and reports only when they
/// changed, so a fast transfer never floods the main queue. Each try is ``startTry(expectedToSend:)``ed
/// in turn: its bytes start from zero and ``TransferProgress/attempt`` goes up. ``stop()`` (run by the
/// call as it finishes, before its completion is queued) reports the last value and stops for good:
/// nothing is reported after the completion.
final class ProgressCounter: Sendable {
    /// Only read and changed under ``state``'s lock; the task's counters are thread-safe to read.
    private struct State: @unchecked Sendable {
        var task: URLSessionTask?
        var progress = TransferProgress(attempt: 0)
        /// Bytes the task delegate counted as they arrived (on Linux a task's own counter stays 0).
        var counted: Int64 = 0
        var reported: TransferProgress?
        var timer: (any DispatchSourceTimer)?
        var stopped = false
    }

    private let state = Locked(State())
    /// Receives each value; called under the lock, so it must only queue work (never block).
    private let report: @Sendable (TransferProgress) -> Void
    private let finished: @Sendable () -> Void
    private static let queue = DispatchQueue(label: "ServiceLayer.ProgressCounter")
    /// The sampling interval: 1/30 s.
    static let interval: DispatchTimeInterval = .nanoseconds(1_000_000_000 / 30)

    /// - Parameters:
    ///   - report: Queues a value for the watcher (it must not block).
    ///   - finished: Runs once after the last value (an `AsyncStream` finishes there).
    init(report: @escaping @Sendable (TransferProgress) -> Void, finished: @escaping @Sendable () -> Void = {}) {
        self.report = report
        self.finished = finished
    }

    /// A counter dropped without ``stop()`` (a call that ended on a path that never stopped it) cancels its
    /// sampling timer: the timer holds the counter weakly, so it would otherwise tick 30 times a second for
    /// the rest of the process.
    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// A counter whose values run on the main actor, in order, all before the call's completion.
    static func onMainActor(_ handler: @escaping @MainActor (TransferProgress) -> Void) -> ProgressCounter {
        ProgressCounter { progress in MainQueue.async { handler(progress) } }
    }

    /// Starts a new try: its bytes from zero, the attempt one higher (reported at once from the second
    /// try on, so the restart shows).
    func startTry(expectedToSend: Int64?) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.task = nil
            state.counted = 0
            let attempt = state.progress.attempt + 1
            state.progress = TransferProgress(totalBytesToSend: expectedToSend, attempt: attempt)
            if attempt > 1 { emit(&state) }
            if state.timer == nil { state.timer = startTimer() }
        }
    }

    /// The current try's task, once its delegate knows it: its expected length is read from it.
    func attach(_ task: URLSessionTask) {
        state.withLock { if !$0.stopped { $0.task = task } }
    }

    /// The answer bytes the delegate counted in the current try.
    var bytesReceived: Int64 { state.withLock { $0.counted } }

    /// The task delegate saw `total` body bytes sent of `expected`.
    func sent(_ total: Int64, of expected: Int64) {
        state.withLock { state in
            state.progress.bytesSent = max(state.progress.bytesSent, total)
            if expected > 0 { state.progress.totalBytesToSend = expected }
        }
    }

    /// The server answered the current try: its whole body was sent.
    func bodySent() {
        state.withLock { state in
            if let total = state.progress.totalBytesToSend { state.progress.bytesSent = total }
        }
    }

    /// The task delegate saw `count` more answer bytes.
    func received(_ count: Int64) {
        state.withLock { $0.counted += count }
    }

    /// The task delegate saw `total` answer bytes so far.
    func received(total: Int64) {
        state.withLock { $0.counted = max($0.counted, total) }
    }

    /// Reports the last value (if it changed) and stops: no value is reported after this.
    func stop() {
        let stopped = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            sample(&state)
            emit(&state)
            state.stopped = true
            state.timer?.cancel()
            state.timer = nil
            state.task = nil
            return true
        }
        if stopped { finished() }
    }

    // MARK: - Sampling

    private func startTimer() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: Self.queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        return timer
    }

    private func tick() {
        state.withLock { state in
            guard !state.stopped else { return }
            sample(&state)
            emit(&state)
        }
    }

    /// Reads the delegate's counts and the task's counters into `state.progress`.
    private func sample(_ state: inout State) {
        state.progress.bytesReceived = max(state.progress.bytesReceived, state.counted)
        guard let task = state.task else { return }
        state.progress.bytesReceived = max(state.progress.bytesReceived, task.countOfBytesReceived)
        state.progress.bytesSent = max(state.progress.bytesSent, task.countOfBytesSent)
        let expected = task.countOfBytesExpectedToReceive
        state.progress.totalBytesToReceive = expected > 0 ? expected : nil
    }

    /// Reports `state.progress` when it differs from the last value reported.
    private func emit(_ state: inout State) {
        guard state.progress.attempt > 0, state.progress != state.reported else { return }
        state.reported = state.progress
        report(state.progress)
    }
}
