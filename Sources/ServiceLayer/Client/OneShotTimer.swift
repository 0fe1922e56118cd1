import Dispatch

/// A timer that runs its handler once after a delay, unless cancelled first.
///
/// Every transfer arms one (its watchdog) and almost always cancels it a few milliseconds later, so
/// arming and cancelling must be cheap. A `DispatchSourceTimer` per timer is not: on Linux, resuming
/// and cancelling a source each wake a Dispatch worker thread and the manager thread, several context
/// switches per request. Instead, every `OneShotTimer` is an entry in one shared ``TimerScheduler``
/// that owns a single dispatch timer, set to the earliest deadline; arming and cancelling only take
/// a lock. Cancelling releases the handler at once (unlike `asyncAfter`, which keeps it until the
/// deadline).
final class OneShotTimer: Sendable {
    /// When the handler is due, in `DispatchTime` nanoseconds.
    let deadline: UInt64
    private let queue: DispatchQueue
    private let handler: Locked<(@Sendable () -> Void)?>

    /// Schedules `handler` on `queue` after `seconds` (sub-second values are fine here: this is
    /// Dispatch, not URLSession). Call ``resume()`` to arm it.
    init(after seconds: Double, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        let delay = UInt64((max(0, seconds) * 1e9).rounded())
        self.deadline = DispatchTime.now().uptimeNanoseconds &+ delay
        self.queue = queue
        self.handler = Locked(handler)
    }

    /// Arms the timer. Call once.
    func resume() {
        TimerScheduler.shared.add(self)
    }

    /// Stops the timer; its handler will not run (unless it is already running).
    func cancel() {
        handler.withLock { $0 = nil }
        TimerScheduler.shared.remove(self)
    }

    /// Runs the handler on the timer's queue, unless it was cancelled. Called by the scheduler.
    fileprivate func fire() {
        let handler = self.handler.withLock { handler in
            defer { handler = nil }
            return handler
        }
        if let handler { queue.async(execute: handler) }
    }
}

// MARK: - The shared scheduler

/// The single dispatch timer behind every ``OneShotTimer``: it is set to the earliest pending
/// deadline; when it fires, it fires every due timer and sets itself to the next deadline.
///
/// Cancelling a timer only removes its entry (the dispatch timer may then fire once for nothing), so
/// the dispatch timer is re-armed only when a timer is added with an earlier deadline than the armed
/// one, or when it fires. With one timeout for every request, that is about once per timeout period
/// instead of twice per request.
///
/// `@unchecked Sendable`: the `DispatchSourceTimer` is documented as safe to use from any thread but
/// is not marked `Sendable`; it is only rescheduled under the lock, and all other state is in the lock.
private final class TimerScheduler: @unchecked Sendable {
    static let shared = TimerScheduler()

    private struct State {
        var pending: [ObjectIdentifier: OneShotTimer] = [:]
        /// The deadline the dispatch timer is set to; `nil` when it is idle.
        var armedDeadline: UInt64?
    }

    private let state = Locked(State())
    private let source: any DispatchSourceTimer

    private init() {
        source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ServiceLayer.TimerScheduler"))
        source.setEventHandler { [unowned self] in self.fireDueTimers() }
        source.schedule(deadline: .distantFuture)
        source.resume()
    }

    func add(_ timer: OneShotTimer) {
        state.withLock { state in
            state.pending[ObjectIdentifier(timer)] = timer
            if state.armedDeadline.map({ timer.deadline < $0 }) ?? true {
                arm(at: timer.deadline, &state)
            }
        }
    }

    func remove(_ timer: OneShotTimer) {
        state.withLock { state in
            _ = state.pending.removeValue(forKey: ObjectIdentifier(timer))
        }
    }

    private func fireDueTimers() {
        let due = state.withLock { state -> [OneShotTimer] in
            let now = DispatchTime.now().uptimeNanoseconds
            let due = state.pending.values.filter { $0.deadline <= now }
            for timer in due { state.pending.removeValue(forKey: ObjectIdentifier(timer)) }
            state.armedDeadline = nil
            if let next = state.pending.values.map(\.deadline).min() { arm(at: next, &state) }
            return due
        }
        for timer in due.sorted(by: { $0.deadline < $1.deadline }) { timer.fire() }
    }

    /// Sets the dispatch timer to `deadline`. Called under the lock, so settings are applied in order.
    private func arm(at deadline: UInt64, _ state: inout State) {
        state.armedDeadline = deadline
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .nanoseconds(0))
    }
}
