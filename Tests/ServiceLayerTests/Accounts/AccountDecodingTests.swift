import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The accounts replies and `Product` read from JSON strings, without a server.
final class AccountDecodingTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    func testProductReadsWireNames() throws {
        let product = try decode(
            Product.self,
            """
            {"_id":"p1","created":"2023-07-19T14:02:11.000Z","name":"Lamp","owner":"o1",
             "description":"A lamp.","image":"https://x.test/p1.png","category":"home","__v":3}
            """)
        XCTAssertEqual(product.id, "p1")
        XCTAssertEqual(product.detailText, "A lamp.")
        XCTAssertEqual(product.version, 3)
        XCTAssertEqual(product.imageURL, URL(string: "https://x.test/p1.png"))
        XCTAssertEqual(product.createdDate?.timeIntervalSince1970, 1_689_775_331)
        XCTAssertEqual(product.description, "Product(id: p1, name: Lamp)")
    }

    /// `created` read like reqres' times: with or without fractional seconds, and never guessed.
    func testProductCreatedDateIsReadTolerantly() throws {
        func product(created: String) -> Product {
            Product(id: "p", name: "n", owner: "o", detailText: "d", image: "i", category: "c", created: created)
        }
        XCTAssertEqual(product(created: "2023-07-19T14:02:11.000Z").createdDate?.timeIntervalSince1970, 1_689_775_331)
        XCTAssertEqual(product(created: "2023-07-19T14:02:11Z").createdDate?.timeIntervalSince1970, 1_689_775_331)
        XCTAssertEqual(
            product(created: "2023-07-19T14:02:11.250Z").createdDate?.timeIntervalSince1970 ?? 0, 1_689_775_331.25,
            accuracy: 0.001)
        for text in ["", "yesterday", "2023-07-19", "19/07/2023 14:02"] {
            XCTAssertNil(product(created: text).createdDate, text)
        }
    }

    func testProductWithoutVersion() throws {
        let product = try decode(
            Product.self,
            #"{"_id":"p","created":"c","name":"n","owner":"o","description":"d","image":"i","category":"c"}"#)
        XCTAssertNil(product.version)
        XCTAssertNil(product.createdDate)
    }

    func testSuccessFlagAsBooleanOrString() throws {
        XCTAssertTrue(try decode(AccountsAPI.AuthReply.self, #"{"success":true,"token":"t"}"#).success)
        XCTAssertTrue(try decode(AccountsAPI.AuthReply.self, #"{"success":"TRUE","token":"t"}"#).success)
        XCTAssertFalse(try decode(AccountsAPI.AuthReply.self, #"{"success":"false","message":"m"}"#).success)
        XCTAssertFalse(try decode(AccountsAPI.AuthReply.self, #"{"success":false}"#).success)
        XCTAssertThrowsError(try decode(AccountsAPI.AuthReply.self, #"{"success":"perhaps"}"#))
        XCTAssertThrowsError(try decode(AccountsAPI.AuthReply.self, #"{"message":"no flag"}"#))
    }

    func testSuccessNeedsANonEmptyToken() {
        XCTAssertThrowsError(try decode(AccountsAPI.AuthReply.self, #"{"success":true}"#))
        XCTAssertThrowsError(try decode(AccountsAPI.AuthReply.self, #"{"success":true,"token":""}"#))
    }

    func testAuthReplyDescriptionHidesTheToken() throws {
        let reply = try decode(AccountsAPI.AuthReply.self, #"{"success":true,"message":"ok","token":"s3cr3t"}"#)
        XCTAssertFalse(String(describing: reply).contains("s3cr3t"))
    }

    func testProductsReply() throws {
        XCTAssertEqual(try decode(AccountsAPI.ProductsReply.self, #"{"success":true,"products":[]}"#).products, [])
        XCTAssertTrue(try decode(AccountsAPI.ProductsReply.self, #"{"success":false,"message":"m"}"#).products.isEmpty)
        XCTAssertThrowsError(try decode(AccountsAPI.ProductsReply.self, #"{"success":true}"#))
    }
}
