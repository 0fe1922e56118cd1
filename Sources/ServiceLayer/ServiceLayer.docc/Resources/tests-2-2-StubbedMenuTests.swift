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

    func testTheOrderSendsTheMenuIDs() async throws {
        let stub = URLStub()
        stub.on(.post("/order"), .json(#"{"preparation_time":25}"#))
        let menu = MenuController(baseURL: stub.baseURL, session: stub.makeSession())

        let minutes = try await menu.submitOrder(forMenuIDs: [1, 3])
        XCTAssertEqual(minutes, 25)
        XCTAssertEqual(stub.requests.first?.method, "POST")
        XCTAssertEqual(stub.requests.first?.bodyText, #"{"menuIds":[1,3]}"#)
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
