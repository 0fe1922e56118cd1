import Foundation

/// Waiting that does not starve the main queue.
///
/// Test frameworks run many tests on the main thread, where completions delivered on `.main` only run
/// while the test lets the main queue run: a test that blocked the main thread on a semaphore would
/// never see them. On the main thread these waits run the main run loop in short slices between
/// checks; elsewhere they simply block.
enum MainThreadWait {
    /// Waits up to `timeout` seconds for `semaphore`.
    static func wait(for semaphore: DispatchSemaphore, timeout: TimeInterval) -> DispatchTimeoutResult {
        guard Thread.isMainThread else { return semaphore.wait(timeout: .now() + timeout) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if semaphore.wait(timeout: .now()) == .success { return .success }
            if Date() >= deadline { return .timedOut }
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.002))
        }
    }
}
