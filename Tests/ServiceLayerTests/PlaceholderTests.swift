import XCTest

@testable import ServiceLayer

final class PlaceholderTests: XCTestCase {
    func testHTTPMethodIdempotence() {
        XCTAssertEqual(HTTPMethod.allCases.filter(\.isIdempotent), [.get, .head, .put, .delete])
    }
}
