import Foundation
import XCTest

@testable import FixtureServer

/// Apple's original Restaurant data (`shared/data/restaurant-menu.json`) as the wire shows it.
final class OriginalMenuTests: FixtureTestCase {
    /// Apple's six items: id, name, category, price, description.
    static let items: [(id: Int, name: String, category: String, price: Double, description: String)] = [
        (
            1, "Spaghetti and Meatballs", "entrees", 9,
            "Seasoned meatballs on top of freshly-made spaghetti. Served with a robust tomato sauce."
        ),
        (2, "Margherita Pizza", "entrees", 10, "Tomato sauce, fresh mozzarella, basil, and extra-virgin olive oil."),
        (
            3, "Grilled Steelhead Trout", "entrees", 12.75,
            "Pacific steelhead trout with lettuce, tomato, and red onion."
        ),
        (
            4, "Ham and mushroom ravioli", "appetizers", 8,
            "House-made ravioli filled with pine nuts, parmesan, ham, and mushrooms. Served over tomato sauce."
        ),
        (
            5, "Chicken Noodle Soup", "soups", 3.5,
            "Chicken simmered alongside yellow onions, carrots, celery, and bay leaves."
        ),
        (
            6, "Italian Salad", "salads", 5,
            "Garlic, red onions, tomatoes, mushrooms, and olives on top of romaine lettuce."
        ),
    ]

    func testMenuServesAppleSixOriginalItems() throws {
        let reply = try fetch("/menu")
        let items = try XCTUnwrap(try reply.object()["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, Self.items.count)
        for (item, expected) in zip(items, Self.items) {
            XCTAssertEqual(item["id"] as? Int, expected.id)
            XCTAssertEqual(item["name"] as? String, expected.name)
            XCTAssertEqual(item["category"] as? String, expected.category, expected.name)
            XCTAssertEqual(item["price"] as? Double, expected.price, expected.name)
            XCTAssertEqual(item["description"] as? String, expected.description, expected.name)
            XCTAssertEqual(
                item["image_url"] as? String, "http://127.0.0.1:\(server.port)/images/\(expected.id).png")
        }
    }

    func testWholeNumberPricesAreJSONIntegers() throws {
        let text = try fetch("/menu").text
        for price in ["9", "10", "8", "5"] {
            XCTAssertTrue(text.contains(#""price":\#(price),"#) || text.contains(#""price":\#(price)}"#), price)
        }
        XCTAssertTrue(text.contains(#""price":12.75"#), text)
        XCTAssertTrue(text.contains(#""price":3.5"#), text)
        XCTAssertFalse(text.contains(".0,") || text.contains(".0}"), text)
    }

    func testEachCategoryServesItsOriginalItems() throws {
        for category in ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"] {
            let items = try XCTUnwrap(
                try fetch("/menu?category=\(category)").object()["items"] as? [[String: Any]], category)
            XCTAssertEqual(
                items.map { $0["name"] as? String }, Self.items.filter { $0.category == category }.map(\.name),
                category)
        }
    }

    func testPreparationTimeIsTheLongestOfTheOrder() throws {
        // estimated_prep_time: 20, 30, 15, 12, 5, 5 minutes for ids 1–6.
        let cases: [([Int], Int)] = [
            ([1], 20), ([2], 30), ([3], 15), ([4], 12), ([5], 5), ([6], 5), ([3, 4], 15), ([4, 5, 6], 12),
            ([5, 6], 5), ([1, 2, 3, 4, 5, 6], 30), ([3, 3, 7], 15),
        ]
        for (number, (ids, minutes)) in cases.enumerated() {
            let body = #"{"menuIds":\#(ids)}"#.replacingOccurrences(of: " ", with: "")
            XCTAssertEqual(
                try post("/order", json: body).text, #"{"id":\#(number + 1),"preparation_time":\#(minutes)}"#, "\(ids)")
        }
    }

    func testImagesArePNGsOf480By320UnderThirtyKilobytes() throws {
        var seen = Set<Data>()
        for id in 1...6 {
            let reply = try fetch("/images/\(id).png")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.headers["content-type"], "image/png")
            let png = try PNGFile(reply.body)
            XCTAssertEqual(png.width, 480, "\(id).png")
            XCTAssertEqual(png.height, 320, "\(id).png")
            XCTAssertEqual(png.chunkTypes.first, "IHDR")
            XCTAssertEqual(png.chunkTypes.last, "IEND")
            XCTAssertLessThan(reply.body.count, 30 * 1024, "\(id).png")
            XCTAssertEqual(reply.body.count, Int(reply.headers["content-length"] ?? ""))
            seen.insert(reply.body)
        }
        XCTAssertEqual(seen.count, 6, "every dish has its own picture")
    }

    func testPNGReaderRejectsBrokenFiles() throws {
        let good = try fetch("/images/1.png").body
        XCTAssertNoThrow(try PNGFile(good))
        var flipped = good
        flipped[40] ^= 0xFF  // inside a chunk: its CRC no longer matches
        XCTAssertThrowsError(try PNGFile(flipped))
        XCTAssertThrowsError(try PNGFile(good.prefix(good.count - 6)))
        XCTAssertThrowsError(try PNGFile(Data("{\"error\":\"Not found\"}".utf8)))
    }
}
