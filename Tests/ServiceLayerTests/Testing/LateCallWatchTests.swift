import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayerCore

/// The control for ``LateCallWatch``: a watched callback called twice is reported once, naming where
/// it was waited on; one called once is not. (A watch of its own, not registered with XCTest, so the
/// second call made here fails no test.)
final class LateCallWatchTests: XCTestCase {
    func testASecondCallIsReportedOnceWithWhereTheCallbackWasWaitedOn() {
        let watch = LateCallWatch()
        let once = ExactlyOnce<Int>()
        let other = ExactlyOnce<Int>()
        watch.watch(once, origin: "SomeTests.testSomething (Some.swift:7)")
        watch.watch(other, origin: "SomeTests.testOther (Some.swift:9)")
        once.callback(1)
        other.callback(1)
        XCTAssertEqual(watch.problems(), [], "one call each so far")
        once.callback(2)
        XCTAssertEqual(
            watch.problems(),
            [
                "watched from SomeTests.testSomething (Some.swift:7): a callback was called 2 times; "
                    + "it must be called exactly once"
            ])
        XCTAssertEqual(watch.problems(), [], "reported once")
    }

    func testAConditionThatStopsHoldingIsReportedOnce() {
        let watch = LateCallWatch()
        let tries = Locked(1)
        watch.watch("one try only", forAtLeast: 0, in: self, file: "Some.swift", line: 3) { tries.withLock { $0 } == 1 }
        XCTAssertEqual(watch.problems(), [])
        tries.withLock { $0 = 2 }
        XCTAssertEqual(watch.problems(), ["watched from \(name) (Some.swift:3): one try only no longer holds"])
        XCTAssertEqual(watch.problems(), [], "reported once")
    }
}
