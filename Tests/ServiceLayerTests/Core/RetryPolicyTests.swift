import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `RetryPolicy`'s arithmetic, with the random part injected.
final class RetryPolicyTests: XCTestCase {
    func testDelaysGrowExponentially() {
        let policy = RetryPolicy(maxRetries: 5, baseDelay: 0.5, maximumDelay: 100, jitter: 0)
        XCTAssertEqual((1...5).map { policy.delay(beforeRetry: $0, random: 0.7) }, [0.5, 1, 2, 4, 8])
    }

    func testDelaysAreCapped() {
        let policy = RetryPolicy(maxRetries: 10, baseDelay: 1, maximumDelay: 3, jitter: 0)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 0), 2)
        XCTAssertEqual(policy.delay(beforeRetry: 3, random: 0), 3)
        XCTAssertEqual(policy.delay(beforeRetry: 10, random: 0), 3)
        XCTAssertEqual(policy.delay(beforeRetry: 200, random: 0), 3)
    }

    func testJitterTakesUpToItsShareOffTheWait() {
        let policy = RetryPolicy(baseDelay: 1, maximumDelay: 30, jitter: 0.5)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 0), 2)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 1), 1)
        XCTAssertEqual(policy.delay(beforeRetry: 2, random: 0.5), 1.5)
        for _ in 0..<200 {
            let delay = policy.delay(beforeRetry: 2)
            XCTAssertGreaterThanOrEqual(delay, 1)
            XCTAssertLessThanOrEqual(delay, 2)
        }
        let full = RetryPolicy(baseDelay: 1, jitter: 1)
        XCTAssertEqual(full.delay(beforeRetry: 1, random: 1), 0)
    }

    func testRetryAfterWinsButIsCapped() {
        let policy = RetryPolicy(baseDelay: 0.5, maximumDelay: 10, jitter: 0.5)
        XCTAssertEqual(policy.delay(beforeRetry: 1, retryAfter: 3, random: 1), 3, "Retry-After is not jittered")
        XCTAssertEqual(policy.delay(beforeRetry: 1, retryAfter: 60, random: 0), 10)
        XCTAssertEqual(policy.delay(beforeRetry: 1, retryAfter: 0, random: 0), 0)
        XCTAssertEqual(policy.delay(beforeRetry: 1, retryAfter: -5, random: 0), 0)
    }

    func testDefaultsAndClamping() {
        XCTAssertEqual(RetryPolicy.default, RetryPolicy(maxRetries: 2, baseDelay: 0.5, maximumDelay: 30, jitter: 0.5))
        XCTAssertEqual(RetryPolicy.never.maxRetries, 0)
        let clamped = RetryPolicy(maxRetries: -1, baseDelay: -1, maximumDelay: -1, jitter: 2)
        XCTAssertEqual(clamped.maxRetries, 0)
        XCTAssertEqual(clamped.baseDelay, 0)
        XCTAssertEqual(clamped.maximumDelay, 0)
        XCTAssertEqual(clamped.jitter, 1)
        XCTAssertEqual(RetryPolicy(jitter: -0.5).jitter, 0)
    }
}
