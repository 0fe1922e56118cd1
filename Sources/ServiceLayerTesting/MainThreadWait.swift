import Foundation

/// Waiting that does not starve the main queue.
///
/// Test frameworks run many tests on the main thread, where completions delivered on `.main` only run
/// while the test lets the main queue run: a test that blocked the main thread on a semaphore would
/// never see them. On the main thread these waits run the main run loop in short slices between
/// checks; elsewhere they simply block.
///
/// `package` so this package's own test helpers wait the same way; it is not public API.
package enum MainThreadWait {
    /// Waits up to `timeout` seconds for `semaphore`.
    static func wait(for semaphore: DispatchSemaphore, timeout: TimeInterval) -> DispatchTimeoutResult {
        wait(timeout: timeout) { semaphore.wait(timeout: $0) }
    }

    /// Runs `attempt` (which waits until the deadline it is given) until it succeeds or `timeout`
    /// passes; on the main thread it runs the main run loop between short attempts.
    package static func wait(
        timeout: TimeInterval, _ attempt: (DispatchTime) -> DispatchTimeoutResult
    ) -> DispatchTimeoutResult {
        guard Thread.isMainThread else { return attempt(.now() + timeout) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if attempt(.now()) == .success { return .success }
            if Date() >= deadline { return .timedOut }
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.002))
        }
    }
}
