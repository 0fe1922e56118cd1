import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The reqres models read from JSON strings, without a server.
final class UsersDecodingTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    func testUsersPageReadsSnakeCaseKeysAndSupport() throws {
        let page = try decode(
            UsersPage.self,
            """
            {"page":2,"per_page":6,"total":12,"total_pages":2,
             "data":[{"id":7,"email":"michael.lawson@reqres.in","first_name":"Michael","last_name":"Lawson",
                      "avatar":"https://reqres.in/img/faces/7-image.jpg"}],
             "support":{"url":"https://reqres.in/#support-heading","text":"Thanks"}}
            """)
        XCTAssertEqual(page.page, 2)
        XCTAssertEqual(page.perPage, 6)
        XCTAssertEqual(page.total, 12)
        XCTAssertEqual(page.totalPages, 2)
        XCTAssertEqual(page.data.first?.firstName, "Michael")
        XCTAssertEqual(page.data.first?.lastName, "Lawson")
        XCTAssertEqual(page.data.first?.avatar, URL(string: "https://reqres.in/img/faces/7-image.jpg"))
        XCTAssertEqual(page.support?.text, "Thanks")
    }

    func testUsersPageWithoutSupportDecodes() throws {
        let page = try decode(UsersPage.self, #"{"page":3,"per_page":6,"total":12,"total_pages":2,"data":[]}"#)
        XCTAssertNil(page.support)
        XCTAssertTrue(page.data.isEmpty)
    }

    func testUserEncodesWithWireNames() throws {
        let user = User(
            id: 1, email: "a@b.c", firstName: "A", lastName: "B", avatar: URL(string: "https://x.test/a.png")!)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(user)) as? [String: Any]
        XCTAssertEqual(object?["first_name"] as? String, "A")
        XCTAssertEqual(object?["last_name"] as? String, "B")
        XCTAssertEqual(try decode(User.self, String(decoding: JSONEncoder().encode(user), as: UTF8.self)), user)
    }

    func testSingleUserEnvelope() throws {
        let envelope = try decode(
            UsersAPI.DataEnvelope<User>.self,
            #"{"data":{"id":2,"email":"janet.weaver@reqres.in","first_name":"Janet","last_name":"Weaver","#
                + #""avatar":"https://reqres.in/img/faces/2-image.jpg"},"support":{"url":"https://reqres.in/","text":"t"}}"#
        )
        XCTAssertEqual(envelope.data.id, 2)
        XCTAssertEqual(envelope.data.email, "janet.weaver@reqres.in")
    }

    func testCreatedUserKeepsStringIDAndParsesMilliseconds() throws {
        let created = try decode(
            CreatedUser.self, #"{"name":"morpheus","job":"leader","id":"737","createdAt":"2026-11-29T21:00:00.123Z"}"#)
        XCTAssertEqual(created.id, "737")
        let date = try XCTUnwrap(created.createdDate)
        XCTAssertEqual(date.timeIntervalSince1970, 1_795_986_000.123, accuracy: 0.0005)
    }

    func testUpdatedUserDateWithAndWithoutFraction() throws {
        var updated = try decode(
            UpdatedUser.self, #"{"name":"morpheus","job":"zion resident","updatedAt":"2026-11-29T21:00:00.500Z"}"#)
        XCTAssertEqual(updated.updatedDate?.timeIntervalSince1970 ?? 0, 1_795_986_000.5, accuracy: 0.0005)
        updated.updatedAt = "2026-11-29T21:00:00Z"
        XCTAssertEqual(updated.updatedDate?.timeIntervalSince1970, 1_795_986_000)
        updated.updatedAt = "yesterday"
        XCTAssertNil(updated.updatedDate)
    }

    func testIDAsNumberIsADecodingError() {
        XCTAssertThrowsError(
            try decode(CreatedUser.self, #"{"name":"n","job":"j","id":737,"createdAt":"2026-11-29T21:00:00.000Z"}"#))
    }

    func testLastPageRule() {
        let page = UsersPage(page: 1, perPage: 6, total: 12, totalPages: 2, data: [])
        XCTAssertTrue(NetworkController.isLastPage(page, requested: 1), "an empty page ends the walk")
        let full = UsersPage(page: 1, perPage: 1, total: 2, totalPages: 2, data: [sampleUser])
        XCTAssertFalse(NetworkController.isLastPage(full, requested: 1))
        XCTAssertTrue(NetworkController.isLastPage(full, requested: 2))
    }

    private var sampleUser: User {
        User(id: 1, email: "a@b.c", firstName: "A", lastName: "B", avatar: URL(string: "https://x.test/a.png")!)
    }
}
