import Foundation
import XCTest

/// Waiting for a condition that no callback announces (a request count, a file on disk).
enum Polling {
    /// Checks `condition` every 10 ms until it holds, running the main queue meanwhile on the main
    /// thread; fails the test after `timeout` seconds (10 by default).
    static func until(
        timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
    ) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else {
                return XCTFail("condition not met within \(timeout) s", file: file, line: line)
            }
            pause(0.01)
        }
    }

    /// Lets `seconds` pass, running the main queue meanwhile on the main thread.
    static func pause(_ seconds: TimeInterval) {
        guard Thread.isMainThread else { return Thread.sleep(forTimeInterval: seconds) }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.002)))
        }
    }
}
