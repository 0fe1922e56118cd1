import Foundation
import ServiceLayerTesting

/// The main queue, where the controllers' completions and order announcements run, as the tests wait
/// for it (named apart from the core's `MainQueue`, in `Plumbing/MainQueue.swift`, which enters it).
///
/// XCTest runs each test on the main thread, so the main queue runs only while a test lets it:
/// a test that blocks the main thread on a semaphore would never see a completion. These helpers wait
/// by running the main queue instead, and work the same when called from another thread.
enum TestMainQueue {
    /// Set on the main queue, so a completion can tell that it runs there.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the current code runs on the main queue.
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }

    /// Makes ``isCurrent`` ready; call it before starting calls whose completions check it.
    static func prepare() {
        _ = key
    }

    /// Waits up to `timeout` seconds for `semaphore`, running the main queue meanwhile when called on
    /// the main thread.
    static func wait(for semaphore: DispatchSemaphore, timeout: TimeInterval) -> DispatchTimeoutResult {
        wait(timeout: timeout) { semaphore.wait(timeout: $0) }
    }

    /// Waits up to `timeout` seconds for `group`, running the main queue meanwhile when called on the
    /// main thread.
    static func wait(for group: DispatchGroup, timeout: TimeInterval) -> DispatchTimeoutResult {
        wait(timeout: timeout) { group.wait(timeout: $0) }
    }

    /// Waits until everything queued on the main queue so far has run.
    static func drain() {
        guard Thread.isMainThread else {
            DispatchQueue.main.sync {}
            return
        }
        let marker = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { marker.signal() }
        _ = wait(for: marker, timeout: 60)
    }

    /// Runs `attempt` until it succeeds or `timeout` passes, running the main queue meanwhile on the
    /// main thread (the kit's ``MainThreadWait``), with ``isCurrent`` ready.
    private static func wait(
        timeout: TimeInterval, _ attempt: (DispatchTime) -> DispatchTimeoutResult
    ) -> DispatchTimeoutResult {
        prepare()
        return MainThreadWait.wait(timeout: timeout, attempt)
    }
}
