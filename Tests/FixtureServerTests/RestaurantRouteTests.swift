import Foundation
import XCTest

@testable import FixtureServer

final class RestaurantRouteTests: FixtureTestCase {
    func testCategoriesListsTheSixCategories() throws {
        let reply = try fetch("/categories")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(
            try reply.object()["categories"] as? [String],
            ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"])
    }

    func testMenuListsSixItemsWithWireFieldsOnly() throws {
        let reply = try fetch("/menu")
        XCTAssertEqual(reply.status, 200)
        let items = try XCTUnwrap(try reply.object()["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? Int }, [1, 2, 3, 4, 5, 6])
        for item in items {
            XCTAssertEqual(Set(item.keys), ["id", "name", "description", "price", "category", "image_url"])
            XCTAssertNil(item["estimated_prep_time"])
        }
        XCTAssertEqual(items[0]["name"] as? String, "Spaghetti and Meatballs")
        XCTAssertFalse(items.contains { $0["category"] as? String == "desserts" })
        // One whole and one fractional price, as the wire shows them.
        XCTAssertTrue(reply.text.contains(#""price":9,"#) || reply.text.contains(#""price":9}"#), reply.text)
        XCTAssertTrue(reply.text.contains(#""price":3.5"#), reply.text)
        XCTAssertEqual(items[0]["image_url"] as? String, "http://127.0.0.1:\(server.port)/images/1.png")
    }

    func testMenuFiltersByCategory() throws {
        let items = try XCTUnwrap(try fetch("/menu?category=salads").object()["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?["name"] as? String, "Italian Salad")
        let entrees = try XCTUnwrap(try fetch("/menu?category=entrees").object()["items"] as? [[String: Any]])
        XCTAssertEqual(entrees.map { $0["id"] as? Int }, [1, 2, 3])
    }

    func testDessertsAndUnknownCategoryAreEmptyLists() throws {
        for category in ["desserts", "pizza", "a%20b"] {
            let reply = try fetch("/menu?category=\(category)")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.text, #"{"items":[]}"#)
        }
    }

    func testImageURLUsesTheRequestHostHeader() throws {
        let response = try rawExchange("GET /menu?category=soups HTTP/1.1\r\nHost: menu.example:8090\r\n\r\n")
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.text.contains(#""image_url":"http://menu.example:8090/images/5.png""#), response.text)
    }

    func testImagesAreDistinctValidPNGs() throws {
        var seen = Set<Data>()
        for id in 1...6 {
            let reply = try fetch("/images/\(id).png")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.headers["content-type"], "image/png")
            XCTAssertEqual(Array(reply.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            XCTAssertEqual(Array(reply.body.suffix(8).prefix(4)), Array("IEND".utf8))
            seen.insert(reply.body)
        }
        XCTAssertEqual(seen.count, 6)
    }

    func testUnknownImagesAre404() throws {
        for name in ["7.png", "1.jpg", "abc.png", ".png", "1.png.bak"] {
            let reply = try fetch("/images/\(name)")
            XCTAssertEqual(reply.status, 404, name)
            XCTAssertEqual(reply.text, #"{"error":"Not found"}"#)
        }
    }

    func testOrderAnswersTheLongestPreparationTime() throws {
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[1,3,5]}"#).text, #"{"id":1,"preparation_time":20}"#)
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[2,4]}"#).text, #"{"id":2,"preparation_time":30}"#)
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[6,99,-1]}"#).text, #"{"id":3,"preparation_time":5}"#)
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[]}"#).text, #"{"id":4,"preparation_time":0}"#)
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[42]}"#).text, #"{"id":5,"preparation_time":0}"#)
    }

    func testOrderWithMissingOrMalformedMenuIdsIs400() throws {
        for body in [
            "{}", #"{"menuIds":"1"}"#, #"{"menuIds":[1,"x"]}"#, #"{"menuIds":[1.5]}"#, "not json", "", "[1,2]",
        ] {
            let reply = try fetch("/order", method: "POST", body: Data(body.utf8))
            XCTAssertEqual(reply.status, 400, body)
            XCTAssertNotNil(try reply.object()["error"] as? String, body)
        }
    }

    func testHeadHasGetHeadersAndNoBody() throws {
        let client = try rawClient()
        defer { client.close() }
        client.send("HEAD /categories HTTP/1.1\r\nHost: x\r\n\r\nGET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try XCTUnwrap(client.readResponse(bodyless: true))
        let get = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], get.headers["content-length"])
        XCTAssertEqual(head.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertTrue(head.body.isEmpty)
        // The GET right after parses cleanly, so HEAD wrote no body bytes.
        XCTAssertEqual(get.body.count, Int(get.headers["content-length"] ?? ""))
        XCTAssertTrue(get.text.hasPrefix(#"{"categories":"#))
    }

    func testTrailingSlashIsTolerated() throws {
        XCTAssertEqual(try fetch("/categories/").status, 200)
        XCTAssertEqual(try fetch("/menu/?category=soups").status, 200)
        XCTAssertEqual(try fetch("/api/users/2/").status, 200)
    }
}
