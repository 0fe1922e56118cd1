import Dispatch

/// A timer that runs its handler once after a delay, unless cancelled first.
///
/// It wraps `DispatchSourceTimer`, whose methods are documented as safe to call from any thread but
/// which the Dispatch overlay does not mark `Sendable`; hence the `@unchecked`. All its state lives in
/// the dispatch source; this class adds none. Cancelling releases the handler at once (unlike
/// `asyncAfter`, which keeps it until the deadline).
final class OneShotTimer: @unchecked Sendable {
    private let source: any DispatchSourceTimer

    /// Schedules `handler` on `queue` after `seconds` (sub-second values are fine here: this is
    /// Dispatch, not URLSession). Call ``resume()`` to arm it.
    init(after seconds: Double, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + max(0, seconds))
        source.setEventHandler(handler: handler)
    }

    /// Arms the timer. Call once.
    func resume() {
        source.resume()
    }

    /// Stops the timer; its handler will not run (unless it is already running).
    func cancel() {
        source.cancel()
    }
}
