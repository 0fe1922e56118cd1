// The examples of the DocC article "Testing with the fixture server", as a reader writes them in their
// own test target (`.ci/readme.py` checks that the article shows this code exactly).

import FixtureServer
import ServiceLayer
import XCTest

final class MenuScreenTests: XCTestCase {
    func testShowsTheSoups() throws {
        let server = FixtureServer()  // 127.0.0.1, an ephemeral port
        try server.start()
        defer { server.stop() }  // closes every connection and joins every thread

        let menu = MenuController(baseURL: server.baseURL)  // wait(for:) runs the main queue
        let done = expectation(description: "menu")
        menu.fetchMenuItems(forCategory: "soups") { result in
            XCTAssertEqual(try? result.get().map(\.name), ["Chicken Noodle Soup"])
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(server.requests.last?.query["category"], "soups")
    }
}

// The article's "Injecting faults" example.
extension MenuScreenTests {
    func testShowsAnErrorWhenTheServerFails() throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        server.inject(.html500, path: "/menu")  // the next /menu answers 500 with HTML

        let menu = MenuController(baseURL: server.baseURL)
        let done = expectation(description: "answer")
        menu.fetchMenuItems(forCategory: "soups") { result in
            guard case .failure(let error) = result else { return XCTFail("expected a failure") }
            XCTAssertEqual(error.statusCode, 500)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(server.requestCount(path: "/menu"), 1)
    }
}

// The article's "Pointing .shared at the server" example: code that calls `MenuController.shared`, as a
// screen does, run against the test's server.
extension MenuScreenTests {
    func testTheSharedControllerTalksToTheTestsServer() throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let original = MenuController.shared
        MenuController.shared = MenuController(baseURL: server.baseURL)
        defer { MenuController.shared = original }  // the next test finds the default again

        let done = expectation(description: "categories")
        MenuController.shared.fetchCategories { result in  // what the screen calls
            XCTAssertEqual(try? result.get().count, 6)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }
}
