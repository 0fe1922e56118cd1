import ServiceLayer
import ServiceLayerTesting
import XCTest

final class StubbedMenuTests: XCTestCase {
    func testTheMenuReadsTheStubbedAnswer() async throws {
        let stub = URLStub()  // a fake server: no socket, no port
        stub.on(.get("/categories"), .json(#"{"categories":["breakfast"]}"#))
        let menu = MenuController(baseURL: stub.baseURL, session: stub.makeSession())

        let categories = try await menu.fetchCategories()
        XCTAssertEqual(categories, ["breakfast"])
        XCTAssertEqual(stub.requests.map(\.path), ["/categories"])
    }
}
