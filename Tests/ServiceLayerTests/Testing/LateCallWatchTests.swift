import Foundation
import ServiceLayerTesting
import XCTest

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
        XCTAssertEqual(watch.secondCalls(), [], "one call each so far")
        once.callback(2)
        XCTAssertEqual(
            watch.secondCalls(),
            [
                "a callback waited on in SomeTests.testSomething (Some.swift:7) was called 2 times; "
                    + "it must be called exactly once"
            ])
        XCTAssertEqual(watch.secondCalls(), [], "reported once")
    }
}
