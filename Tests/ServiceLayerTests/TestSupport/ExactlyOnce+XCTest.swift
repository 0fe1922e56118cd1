import Foundation
import ServiceLayerTesting
import XCTest

extension XCTestCase {
    /// Waits for `once`'s first call (10 s at most) and returns its value; a missing call or more
    /// than one call so far fails the test. A second call later in the run fails it too (or, after
    /// this test ended, the test running then): ``LateCallWatch`` watches `once` to the end.
    @discardableResult
    func firstCall<Value>(
        _ once: ExactlyOnce<Value>, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
    ) -> Value? {
        LateCallWatch.shared.watch(once, in: self, file: file, line: line)
        do {
            return try once.wait(timeout: timeout)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    /// Waits for `once`'s first call, lets `settle` seconds pass (0.05 by default) and the main queue
    /// run what it holds, and fails the test unless there was exactly one.
    ///
    /// The settle is short on purpose: it only lets a second call already on its way (a hop to the
    /// main queue or the client's queue) land before the count is checked. A later second call is
    /// still caught, at the end of this test or of any later one: `firstCall` hands `once` to
    /// ``LateCallWatch``, which watches it for the whole run. That is stronger than a long settle,
    /// which only catches a second call inside its window.
    func assertCalledExactlyOnce<Value>(
        _ once: ExactlyOnce<Value>, settle: TimeInterval = 0.05, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertCalledExactlyOnce([once], settle: settle, file: file, line: line)
    }

    /// Like ``assertCalledExactlyOnce(_:settle:file:line:)`` for several callbacks, with one settle for
    /// all of them.
    func assertCalledExactlyOnce<Value>(
        _ onces: [ExactlyOnce<Value>], settle: TimeInterval = 0.05, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for once in onces { firstCall(once, file: file, line: line) }
        Polling.pause(settle)
        TestMainQueue.drain()
        for (index, once) in onces.enumerated() {
            XCTAssertEqual(once.callCount, 1, "completion calls of callback \(index)", file: file, line: line)
        }
    }
}
