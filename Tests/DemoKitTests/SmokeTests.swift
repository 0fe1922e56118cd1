import XCTest

@testable import DemoKit

final class DemoKitSmokeTests: XCTestCase {
    func testModuleLoads() {
        XCTAssertTrue(true)
    }
}
