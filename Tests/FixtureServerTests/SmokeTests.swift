import XCTest

@testable import FixtureServer

final class FixtureServerSmokeTests: XCTestCase {
    func testModuleLoads() {
        XCTAssertTrue(true)
    }
}
