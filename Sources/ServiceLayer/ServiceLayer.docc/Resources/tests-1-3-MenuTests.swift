import FixtureServer
import ServiceLayer
import XCTest

final class MenuTests: XCTestCase {
    func testTheMenuHasSixCategories() async throws {
        let server = FixtureServer()  // 127.0.0.1, a free port of its own
        try server.start()
        defer { server.stop() }

        let menu = MenuController(baseURL: server.baseURL)
        let categories = try await menu.fetchCategories()
        XCTAssertEqual(categories, ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"])
    }

    func testAServerErrorReachesTheScreenAsItsStatus() throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        server.inject(.status(500), path: "/menu")  // the next request to /menu fails (500 is not retried)

        let menu = MenuController(baseURL: server.baseURL)
        let done = expectation(description: "soups")
        menu.fetchMenuItems(forCategory: "soups") { result in  // on the main queue: wait(for:) runs it
            if case .failure(let error) = result {
                XCTAssertEqual(error.statusCode, 500)
            } else {
                XCTFail("expected a 500, got \(result)")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(server.requestCount(path: "/menu"), 1)
    }
}
