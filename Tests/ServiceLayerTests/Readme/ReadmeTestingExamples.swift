import FixtureServer
import ServiceLayer
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

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reader's own stub: every request gets `{"categories": ["stubbed"]}`.
final class StubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(#"{"categories":["stubbed"]}"#.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

final class StubbedMenuTests: XCTestCase {
    func testTheMenuReadsTheStubbedAnswer() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        let menu = MenuController(
            baseURL: URL(string: "https://menu.test/")!,
            session: APIClient.makeSession(configuration: configuration))

        let categories = try await menu.fetchCategories()
        XCTAssertEqual(categories, ["stubbed"])
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
