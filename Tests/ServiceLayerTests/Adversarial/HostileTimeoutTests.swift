import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The timeout is per try (the rule the docs state): a server that never answers gets every try the
/// default policy allows, each ended by the timeout, and the call ends with `.timedOut`.
final class HostileTimeoutTests: HostileServerTestCase {
    func testADeadServerGetsThreeTimedOutTriesUnderTheDefaultPolicy() async throws {
        let server = try startServer { _ in
            Thread.sleep(forTimeInterval: 4)  // never within the 1 s timeout
            return .text("late")
        }
        // The default policy's tries (its `maxRetries`, and its rule that a timeout is retried), with its
        // waits cut to 0.05 s: the test proves the number of timed-out tries, not the waits' lengths
        // (`testTheWorstCaseOfTheDefaultPolicyIsThreeTimeoutsAndTwoWaits` and `RetryPolicyTests` check those).
        var policy = RetryPolicy.default
        policy.baseDelay = 0.05
        let client = makeClient(server.baseURL, options: APIClient.Options(timeout: 1, retryPolicy: policy))
        let failure = await error { () async throws(APIError) in try await client.send(Endpoint<TextAnswer>("x"))
        }
        XCTAssertEqual(failure, .timedOut)
        XCTAssertEqual(server.requests.count, 3, "the timeout applies to each try, not to the call")
    }

    func testTheWorstCaseOfTheDefaultPolicyIsThreeTimeoutsAndTwoWaits() {
        XCTAssertEqual(RetryPolicy.default.worstCaseDuration(perTryTimeout: 2), 9)  // 3 × 2.5 + 0.5 + 1
        XCTAssertEqual(RetryPolicy.default.worstCaseDuration(perTryTimeout: 60), 183)
        XCTAssertEqual(RetryPolicy.default.worstCaseDuration(perTryTimeout: 0.2), 6, "rounded up to 1 s")
        XCTAssertEqual(RetryPolicy.never.worstCaseDuration(perTryTimeout: 2), 2.5)
        let capped = RetryPolicy(maxRetries: 3, baseDelay: 10, maximumDelay: 15)
        // Typed: as a bare literal sum inside the assertion it took 0.2 s to type-check.
        let fourTriesAndThreeWaits: TimeInterval = 4 * 1.5 + 10 + 15 + 15
        XCTAssertEqual(capped.worstCaseDuration(perTryTimeout: 1), fourTriesAndThreeWaits)
    }
}
