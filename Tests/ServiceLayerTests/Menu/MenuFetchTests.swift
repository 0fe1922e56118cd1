import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Every fetch's happy path against the fixture server, over real sockets.
final class MenuFetchTests: MenuTestCase {

    func testFetchCategoriesReturnsTheSixCategories() {
        let categories = success(awaitCompletion { controller.fetchCategories(completion: $0) })
        XCTAssertEqual(categories, ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"])
        XCTAssertEqual(server.requests.map(\.method), ["GET"])
        XCTAssertEqual(server.requests.map(\.path), ["/categories"])
    }

    func testFetchMenuItemsOfEveryCategoryGivesTheSixItems() throws {
        var all: [MenuItem] = []
        for category in ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"] {
            let items = try XCTUnwrap(
                success(awaitCompletion { controller.fetchMenuItems(forCategory: category, completion: $0) }))
            XCTAssertTrue(items.allSatisfy { $0.category == category }, category)
            all += items
        }
        XCTAssertEqual(all.map(\.id).sorted(), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(server.requests.map { $0.query["category"] ?? "-" }.count, 6)
        let spaghetti = try XCTUnwrap(all.first { $0.id == 1 })
        XCTAssertEqual(spaghetti.name, "Spaghetti and Meatballs")
        XCTAssertEqual(spaghetti.price, 9)
        XCTAssertFalse(spaghetti.detailText.isEmpty)
        XCTAssertEqual(spaghetti.imageURL, server.baseURL.appendingPathComponent("images/1.png"))
        XCTAssertTrue(all.contains { $0.price == $0.price.rounded() }, "a whole-number price decodes too")
    }

    func testDessertsAndUnknownCategoriesAreEmpty() {
        XCTAssertEqual(
            success(awaitCompletion { controller.fetchMenuItems(forCategory: "desserts", completion: $0) }), [])
        XCTAssertEqual(
            success(awaitCompletion { controller.fetchMenuItems(forCategory: "no such thing", completion: $0) }),
            [])
    }

    func testCategoryNamesArriveIntact() {
        let names = [
            "fish and chips", "fish & chips", "c++", "a+b=c", "soup/salad", "what?", "#1", "100%", "crème brûlée 🍰",
            "日本料理",
        ]
        for name in names {
            XCTAssertEqual(
                success(awaitCompletion { controller.fetchMenuItems(forCategory: name, completion: $0) }), [],
                name)
        }
        XCTAssertEqual(server.requests.map { $0.query["category"] }, names)
        XCTAssertEqual(Set(server.requests.map(\.path)), ["/menu"])
    }

    func testSubmitOrderAnswersTheLongestPreparationTime() throws {
        XCTAssertEqual(
            success(awaitCompletion { controller.submitOrder(forMenuIDs: [1, 2, 3], completion: $0) }), 30)
        XCTAssertEqual(
            success(awaitCompletion { controller.submitOrder(forMenuIDs: [4, 5, 6], completion: $0) }), 12)
        XCTAssertEqual(
            success(awaitCompletion { controller.submitOrder(forMenuIDs: [3, 99], completion: $0) }), 15)
        XCTAssertEqual(success(awaitCompletion { controller.submitOrder(forMenuIDs: [], completion: $0) }), 0)
        let first = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(first.method, "POST")
        XCTAssertEqual(first.path, "/order")
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: first.body) as? [String: [Int]])
        XCTAssertEqual(body, ["menuIds": [1, 2, 3]])
        XCTAssertEqual(first.headers["content-type"], "application/json")
    }

    func testFetchImageReturnsThePNG() throws {
        let items = try XCTUnwrap(
            success(awaitCompletion { controller.fetchMenuItems(forCategory: "entrees", completion: $0) }))
        let url = try XCTUnwrap(items.first?.imageURL)
        let data = try XCTUnwrap(success(awaitCompletion { controller.fetchImage(url: url, completion: $0) }))
        XCTAssertEqual(data.prefix(8), pngSignature)
        let request = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(request.path, url.path)
        XCTAssertNil(request.headers["authorization"])
    }

    func testAppleStyleCallSiteCompilesAndRuns() {
        let done = expectation(description: "categories")
        controller.fetchCategories { result in
            switch result {
            case .success(let categories): XCTAssertEqual(categories.count, 6)
            case .failure(let error): XCTFail("\(error)")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
    }
}
