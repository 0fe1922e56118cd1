import XCTest

@testable import ServiceLayer

final class ServiceLayerSmokeTests: XCTestCase {
    func testModuleLoads() {
        XCTAssertTrue(true)
    }
}
