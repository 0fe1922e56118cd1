import Foundation
import ServiceLayerTesting
import XCTest

extension XCTestCase {
    /// Waits for `once`'s first call (10 s at most) and returns its value; a missing call or more
    /// than one call so far fails the test.
    @discardableResult
    func firstCall<Value>(
        _ once: ExactlyOnce<Value>, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
    ) -> Value? {
        do {
            return try once.wait(timeout: timeout)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    /// Waits for `once`'s first call, lets `settle` seconds pass (0.3 by default) for a second call
    /// to show, and fails the test unless there was exactly one.
    func assertCalledExactlyOnce<Value>(
        _ once: ExactlyOnce<Value>, settle: TimeInterval = 0.3, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertCalledExactlyOnce([once], settle: settle, file: file, line: line)
    }

    /// Like ``assertCalledExactlyOnce(_:settle:file:line:)`` for several callbacks, with one settle for
    /// all of them.
    func assertCalledExactlyOnce<Value>(
        _ onces: [ExactlyOnce<Value>], settle: TimeInterval = 0.3, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for once in onces { firstCall(once, file: file, line: line) }
        Polling.pause(settle)
        for (index, once) in onces.enumerated() {
            XCTAssertEqual(once.callCount, 1, "completion calls of callback \(index)", file: file, line: line)
        }
    }
}
