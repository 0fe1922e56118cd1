import Foundation
import ServiceLayer
import ServiceLayerTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The example of the DocC article "Testing without a network" (ServiceLayerTesting), as a reader writes
// it in their own test target (`.ci/readme.py` checks that the article shows this code exactly).

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
