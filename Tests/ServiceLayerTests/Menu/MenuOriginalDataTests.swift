import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Apple's original six dishes, read by the client from the fixture server over real sockets, through
/// the controller's async twins.
final class MenuOriginalDataTests: FixtureServerTestCase {
    private var controller: MenuController!

    override func setUpWithError() throws {
        try super.setUpWithError()
        controller = MenuController(baseURL: server.baseURL)
    }

    /// id, name, category, price, formatted price, description: Apple's Restaurant data.
    private static let expected: [(Int, String, String, Double, String, String)] = [
        (
            1, "Spaghetti and Meatballs", "entrees", 9, "$9.00",
            "Seasoned meatballs on top of freshly-made spaghetti. Served with a robust tomato sauce."
        ),
        (
            2, "Margherita Pizza", "entrees", 10, "$10.00",
            "Tomato sauce, fresh mozzarella, basil, and extra-virgin olive oil."
        ),
        (
            3, "Grilled Steelhead Trout", "entrees", 12.75, "$12.75",
            "Pacific steelhead trout with lettuce, tomato, and red onion."
        ),
        (
            4, "Ham and mushroom ravioli", "appetizers", 8, "$8.00",
            "House-made ravioli filled with pine nuts, parmesan, ham, and mushrooms. Served over tomato sauce."
        ),
        (
            5, "Chicken Noodle Soup", "soups", 3.5, "$3.50",
            "Chicken simmered alongside yellow onions, carrots, celery, and bay leaves."
        ),
        (
            6, "Italian Salad", "salads", 5, "$5.00",
            "Garlic, red onions, tomatoes, mushrooms, and olives on top of romaine lettuce."
        ),
    ]

    func testEveryCategoryGivesAppleOriginalItems() async throws {
        var all: [MenuItem] = []
        for category in try await controller.fetchCategories() {
            all += try await controller.fetchMenuItems(forCategory: category)
        }
        all.sort { $0.id < $1.id }
        XCTAssertEqual(all.count, Self.expected.count)
        for (item, (id, name, category, price, formatted, description)) in zip(all, Self.expected) {
            XCTAssertEqual(item.id, id)
            XCTAssertEqual(item.name, name)
            XCTAssertEqual(item.category, category, name)
            XCTAssertEqual(item.price, price, name)
            XCTAssertEqual(item.formattedPrice, formatted, name)
            XCTAssertEqual(item.detailText, description, name)
            XCTAssertEqual(item.imageURL, server.baseURL.appendingPathComponent("images/\(id).png"))
        }
        let entrees = try await controller.fetchMenuItems(forCategory: "entrees")
        XCTAssertEqual(entrees.map(\.name), ["Spaghetti and Meatballs", "Margherita Pizza", "Grilled Steelhead Trout"])
        let sandwiches = try await controller.fetchMenuItems(forCategory: "sandwiches")
        XCTAssertEqual(sandwiches, [])
    }

    func testIntegerPricesOnTheWireDecodeAsDouble() async throws {
        let client = APIClient(baseURL: server.baseURL)
        let body = try await client.send(Endpoint<Data>("menu"))
        let text = String(decoding: body, as: UTF8.self)
        XCTAssertTrue(text.contains(#""price":10,"#) || text.contains(#""price":10}"#), text)
        XCTAssertTrue(text.contains(#""price":3.5"#), text)

        struct Menu: Decodable { let items: [MenuItem] }
        let items = try JSONDecoder().decode(Menu.self, from: body).items
        XCTAssertEqual(items.map(\.price), [9, 10, 12.75, 8, 3.5, 5])
        let pizza: MenuItem = try XCTUnwrap(items.first { $0.id == 2 })
        XCTAssertEqual(pizza.price, Double(10))
        XCTAssertEqual(pizza.formattedPrice, "$10.00")
    }

    func testPreparationTimeIsTheLongestOfTheOrder() async throws {
        // estimated_prep_time: 20, 30, 15, 12, 5, 5 minutes for ids 1–6.
        let cases: [([Int], Int)] = [
            ([3], 15), ([4, 6], 12), ([5, 6], 5), ([1, 3, 5], 20), ([2, 4, 99], 30), ([], 0),
        ]
        for (ids, minutes) in cases {
            let answer = try await controller.submitOrder(forMenuIDs: ids)
            XCTAssertEqual(answer, minutes, "\(ids)")
        }
        XCTAssertEqual(server.requestCount(path: "/order"), cases.count)
    }

    func testEveryDishPictureIsADistinct480By320PNG() async throws {
        var pictures = Set<Data>()
        for id in 1...6 {
            let data = try await controller.fetchImage(url: server.baseURL.appendingPathComponent("images/\(id).png"))
            XCTAssertEqual(data.prefix(8), pngSignature)
            // IHDR is the first chunk: length 13 at byte 8, "IHDR" at 12, width at 16, height at 20.
            let bytes = [UInt8](data)
            XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
            XCTAssertEqual(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, 480, "\(id).png")
            XCTAssertEqual(bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }, 320, "\(id).png")
            XCTAssertLessThan(data.count, 30 * 1024)
            pictures.insert(data)
        }
        XCTAssertEqual(pictures.count, 6)
    }
}
