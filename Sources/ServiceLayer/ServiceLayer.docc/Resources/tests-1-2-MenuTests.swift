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
}
