import Dispatch

/// A timer that runs its handler once after a delay, unless cancelled first.
///
/// Every transfer arms one (its watchdog) and almost always cancels it a few milliseconds later, so
/// arming and cancelling must be cheap. A `DispatchSourceTimer` per timer is not: on Linux, resuming
/// and cancelling a source each wake a Dispatch worker thread and the manager thread, several context
/// switches per request. Instead, every `OneShotTimer` is an entry in one shared ``TimerScheduler``
/// that owns a single dispatch timer, set to the earliest deadline; arming and cancelling only take
/// a lock. Cancelling releases the handler at once (unlike `asyncAfter`, which keeps it until the
/// deadline). A timer is a value: no object and no lock of its own.
struct OneShotTimer: Sendable {
    /// The timer's entry in the scheduler, once armed.
    private let id: UInt64
    /// When the handler is due, in `DispatchTime` nanoseconds.
    private let deadline: UInt64
    private let queue: DispatchQueue
    private let handler: @Sendable () -> Void

    /// Schedules `handler` on `queue` after `seconds` (sub-second values are fine here: this is
    /// Dispatch, not URLSession). Call ``resume()`` to arm it.
    init(after seconds: Double, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        let delay = UInt64((max(0, seconds) * 1e9).rounded())
        self.id = TimerScheduler.shared.newID()
        self.deadline = DispatchTime.now().uptimeNanoseconds &+ delay
        self.queue = queue
        self.handler = handler
    }

    /// Arms the timer. Call once.
    func resume() {
        TimerScheduler.shared.add(id, deadline: deadline, queue: queue, handler: handler)
    }

    /// Stops the timer; its handler will not run (unless it is already running). The scheduler lets go
    /// of the handler at once.
    func cancel() {
        TimerScheduler.shared.remove(id)
    }

    /// What cancels this timer, and nothing more: 8 bytes to keep instead of the timer's 40.
    var token: Token { Token(id: id) }

    /// Cancels one timer (see ``token``).
    struct Token: Sendable {
        fileprivate let id: UInt64

        /// No timer: cancelling it does nothing (timers are numbered from 1).
        static let none = Token(id: 0)

        /// Cancels the timer, as ``OneShotTimer/cancel()`` does.
        func cancel() {
            TimerScheduler.shared.remove(id)
        }
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

    /// One armed timer.
    private struct Entry {
        /// When the handler is due, in `DispatchTime` nanoseconds.
        let deadline: UInt64
        let queue: DispatchQueue
        let handler: @Sendable () -> Void
    }

    private struct State {
        var pending: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
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

    /// A new timer's id.
    func newID() -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// Arms timer `id`.
    func add(_ id: UInt64, deadline: UInt64, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.pending[id] = Entry(deadline: deadline, queue: queue, handler: handler)
            if state.armedDeadline.map({ deadline < $0 }) ?? true {
                arm(at: deadline, &state)
            }
        }
    }

    /// Disarms a timer; its handler is released outside the lock.
    func remove(_ id: UInt64) {
        let removed = state.withLock { $0.pending.removeValue(forKey: id) }
        _ = removed
    }

    private func fireDueTimers() {
        let due = state.withLock { state -> [Entry] in
            let now = DispatchTime.now().uptimeNanoseconds
            let due = state.pending.filter { $0.value.deadline <= now }
            for id in due.keys { state.pending.removeValue(forKey: id) }
            state.armedDeadline = nil
            if let next = state.pending.values.map(\.deadline).min() { arm(at: next, &state) }
            return Array(due.values)
        }
        for entry in due.sorted(by: { $0.deadline < $1.deadline }) { entry.queue.async(execute: entry.handler) }
    }

    /// Sets the dispatch timer to `deadline`. Called under the lock, so settings are applied in order.
    private func arm(at deadline: UInt64, _ state: inout State) {
        state.armedDeadline = deadline
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .nanoseconds(0))
    }
}
