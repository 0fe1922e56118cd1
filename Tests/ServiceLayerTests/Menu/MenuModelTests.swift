import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `MenuItem` and `Order`: the JSON keys, both price forms, and the small helpers.
final class MenuModelTests: XCTestCase {
    func testMenuItemDecodesServerKeysAndBothPriceForms() throws {
        let json = Data(
            """
            {"items": [
              {"id": 1, "name": "Soup", "description": "Hot.", "price": 9, "category": "soups",
               "image_url": "http://localhost:8090/images/1.png"},
              {"id": 2, "name": "Pasta", "description": "Long.", "price": 12.75, "category": "entrees",
               "image_url": "http://localhost:8090/images/2.png"}
            ]}
            """.utf8)
        let items = try JSONDecoder().decode(MenuAPI.MenuItems.self, from: json).items
        XCTAssertEqual(items.map(\.price), [9, 12.75])
        XCTAssertEqual(items[0].detailText, "Hot.")
        XCTAssertEqual(items[1].imageURL, URL(string: "http://localhost:8090/images/2.png"))
        XCTAssertEqual(items[1].formattedPrice, "$12.75")
        XCTAssertEqual(items[0].formattedPrice, "$9.00")
    }

    func testMenuItemEncodesTheServerKeys() throws {
        let data = try JSONEncoder().encode(sampleItem(id: 7))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["id", "name", "description", "price", "category", "image_url"])
    }

    func testOrderRoundTripsAndSumsItsPrices() throws {
        let order = Order(menuItems: [
            sampleItem(id: 1, price: 12.75), sampleItem(id: 2, price: 9), sampleItem(id: 1, price: 12.75),
        ])
        XCTAssertEqual(try JSONDecoder().decode(Order.self, from: JSONEncoder().encode(order)), order)
        XCTAssertEqual(order.total, 34.5, accuracy: 0.0001)
        XCTAssertEqual(order.formattedTotal, "$34.50")
        XCTAssertEqual(order.menuIDs, [1, 2, 1])
        XCTAssertEqual(Order().menuItems, [])
    }

    func testOrderRequestUsesTheServerKey() throws {
        let data = try JSONEncoder().encode(MenuAPI.OrderRequest(menuIDs: [1, 2]))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"menuIds":[1,2]}"#)
    }
}
