/// The step under way of a call that runs in several steps (an `async` request hook, then the request's
/// tries; or a rejected try, a wait for a refresh, a second try), and how to stop it.
///
/// Each step begins with ``begin()`` and registers its stop with ``onCancel(step:_:)``; a registration
/// that arrives after a later step has begun is dropped, and one that arrives after the cancel runs at
/// once. A plain call, in one step, needs none of this: its stop goes straight to its ``ExactlyOnceCompletion``.
final class CurrentStep: Sendable {
    private struct State {
        var isCancelled = false
        var step = 0
        var stop: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    /// Begins a new step and returns its number; `nil` once cancelled.
    func begin() -> Int? {
        state.withLock { state in
            guard !state.isCancelled else { return nil }
            state.step += 1
            state.stop = nil
            return state.step
        }
    }

    /// Records how to stop `step`.
    func onCancel(step: Int, _ stop: @escaping @Sendable () -> Void) {
        let stopNow = state.withLock { state -> Bool in
            guard !state.isCancelled else { return true }
            if state.step == step { state.stop = stop }
            return false
        }
        if stopNow { stop() }
    }

    /// Stops the step under way; later steps never begin.
    func cancel() {
        let stop = state.withLock { state -> (@Sendable () -> Void)? in
            state.isCancelled = true
            defer { state.stop = nil }
            return state.stop
        }
        stop?()
    }
}
