import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The completions of several calls, each of which must complete exactly once: an ``ExactlyOnce``
/// per call.
final class Completions<Value: Sendable>: Sendable {
    private let calls = Locked<[Int: ExactlyOnce<Result<Value, APIError>>]>([:])

    /// The completion for call `index` (0 by default).
    func completion(_ index: Int = 0) -> @Sendable (Result<Value, APIError>) -> Void {
        calls.withLock { calls in
            let once = calls[index] ?? ExactlyOnce()
            calls[index] = once
            return once.callback
        }
    }

    /// Waits for every call's completion (20 s at most), lets `settle` seconds pass (none by default)
    /// for a late second completion, runs what `callbackQueue` still holds (where a second completion
    /// would wait), then fails the test for every call that did not complete exactly once; a second
    /// completion later in the run fails a test too (``LateCallWatch``). Returns the
    /// first result of each call, in the order of the calls' indexes.
    func wait(
        timeout: TimeInterval = 20, settle: TimeInterval = 0, callbackQueue: DispatchQueue? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Result<Value, APIError>] {
        let calls = self.calls.withLock { $0 }.sorted { $0.key < $1.key }
        let deadline = Date(timeIntervalSinceNow: timeout)
        for (index, once) in calls {
            LateCallWatch.shared.watch(once, file: file, line: line)
            do {
                _ = try once.wait(timeout: max(0, deadline.timeIntervalSinceNow))
            } catch {
                XCTFail("call \(index): \(error)", file: file, line: line)
            }
        }
        if settle > 0 { Polling.pause(settle) }
        callbackQueue?.sync {}
        TestMainQueue.drain()
        for (index, once) in calls where once.callCount > 1 {
            XCTFail("call \(index) completed \(once.callCount) times", file: file, line: line)
        }
        return calls.compactMap { $0.value.allValues.first }
    }
}
