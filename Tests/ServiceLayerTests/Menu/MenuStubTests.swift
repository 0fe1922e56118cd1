import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The controller with its defaults (callbacks on `.main`), without a server.
final class MenuStubTests: XCTestCase {
    func testDefaultCallbacksRunOnMainAndTheRequestIsBuiltRight() throws {
        let stub = URLStub()
        stub.on(
            .get("/api/menu"),
            .json(
                #"{"items":[{"id":9,"name":"Pie","description":"Sweet.","price":9,"category":"desserts","image_url":"https://cdn.example/9.png"}]}"#
            ))
        let controller = MenuController(baseURL: stub.url("api/"), session: stub.makeSession())
        let once = ExactlyOnce<Result<[MenuItem], APIError>>()
        controller.fetchMenuItems(forCategory: "desserts & more") { result in
            dispatchPrecondition(condition: .onQueue(.main))
            once.callback(result)
        }
        let items = try XCTUnwrap(firstCall(once)).get()
        XCTAssertEqual(items.map(\.price), [9])
        XCTAssertEqual(items.first?.imageURL, URL(string: "https://cdn.example/9.png"))
        let request = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(request.url, stub.url("api/menu?category=desserts%20%26%20more"))
        XCTAssertEqual(request.method, "GET")
    }

    func testSharedControllerPointsAtTheRestaurantServer() {
        XCTAssertEqual(MenuController.shared.client.baseURL, URL(string: "http://localhost:8090/"))
        XCTAssertEqual(MenuController.orderUpdatedNotification.rawValue, "MenuController.orderUpdated")
    }
}
