import FixtureServer
import ServiceLayer
import ServiceLayerTesting  // for the stub below
import XCTest

final class MenuScreenTests: XCTestCase {
    func testShowsAnErrorWhenTheServerFails() throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        server.inject(.html500, path: "/menu")  // the next /menu answers 500 with HTML

        let menu = MenuController(baseURL: server.baseURL)  // wait(for:) runs the main queue
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

// Above and below: the README's "Testing your own code" examples, as a reader writes them in their own
// test target (`.ci/readme.py` checks that the README shows this code exactly).

// The DocC article "Testing without a network" (ServiceLayerTesting) shows this test too.
final class StubbedMenuTests: XCTestCase {
    func testTheMenuReadsTheStubbedAnswer() async throws {
        let stub = URLStub()  // its own host: stubs of parallel tests never meet
        stub.on(.get("/categories"), .json(#"{"categories":["stubbed"]}"#))
        let menu = MenuController(baseURL: stub.baseURL, session: stub.makeSession())

        let categories = try await menu.fetchCategories()
        XCTAssertEqual(categories, ["stubbed"])
        XCTAssertEqual(stub.requests.map(\.path), ["/categories"])
    }

    func testAnOfflineDeviceGetsOneFailure() throws {
        let stub = URLStub(always: .fail(URLError(.notConnectedToInternet)))
        let menu = MenuController(baseURL: stub.baseURL, session: stub.makeSession())

        let once = ExactlyOnce<Result<[String], APIError>>()
        menu.fetchCategories(completion: once.callback)
        guard case .failure(let error) = try once.wait() else { return XCTFail("expected a failure") }
        XCTAssertEqual(error, .offline)
    }
}

// The DocC article "Testing with the fixture server" shows this test.
extension MenuScreenTests {
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
