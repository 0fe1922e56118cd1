import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `fetchUsers(page:)` and `fetchUser(id:)` against the fixture server.
final class UsersReadingTests: FixtureServerTestCase {
    func testFetchFirstPage() throws {
        let controller = makeUsersController()
        let page = try XCTUnwrap(awaitCompletion { controller.fetchUsers(page: 1, completion: $0) }?.get())
        XCTAssertEqual(page.page, 1)
        XCTAssertEqual(page.perPage, 6)
        XCTAssertEqual(page.total, 12)
        XCTAssertEqual(page.totalPages, 2)
        XCTAssertEqual(page.data.map(\.id), Array(1...6))
        XCTAssertEqual(page.data.first?.email, "george.bluth@reqres.in")
        XCTAssertNotNil(page.support)
        let request = try XCTUnwrap(requests(to: "/api/users").last)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.query["page"], "1")
    }

    func testFetchSecondPage() throws {
        let controller = makeUsersController()
        let page = try XCTUnwrap(awaitCompletion { controller.fetchUsers(page: 2, completion: $0) }?.get())
        XCTAssertEqual(page.page, 2)
        XCTAssertEqual(page.data.map(\.id), Array(7...12))
    }

    func testPageZeroAndNegativeAreAnsweredAsPageOne() throws {
        let controller = makeUsersController()
        for number in [0, -1] {
            let page = try XCTUnwrap(awaitCompletion { controller.fetchUsers(page: number, completion: $0) }?.get())
            XCTAssertEqual(page.page, 1, "page \(number)")
            XCTAssertEqual(page.data.map(\.id), Array(1...6), "page \(number)")
            XCTAssertEqual(requests(to: "/api/users").last?.query["page"], String(number))
        }
    }

    func testPageAfterTheLastIsEmptyNotAnError() throws {
        let controller = makeUsersController()
        let page = try XCTUnwrap(awaitCompletion { controller.fetchUsers(page: 3, completion: $0) }?.get())
        XCTAssertEqual(page.page, 3)
        XCTAssertEqual(page.totalPages, 2)
        XCTAssertTrue(page.data.isEmpty)
    }

    func testFetchUserUnwrapsData() throws {
        let controller = makeUsersController()
        let user = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 2, completion: $0) }?.get())
        XCTAssertEqual(user.id, 2)
        XCTAssertEqual(user.email, "janet.weaver@reqres.in")
        XCTAssertEqual(user.firstName, "Janet")
        XCTAssertEqual(user.lastName, "Weaver")
        XCTAssertEqual(user.avatar, URL(string: "https://reqres.in/img/faces/2-image.jpg"))
        XCTAssertEqual(requests(to: "/api/users/2").count, 1)
    }

    func testUnknownUserIs404() throws {
        let controller = makeUsersController()
        let error = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 23, completion: $0) }?.failureError)
        XCTAssertEqual(error, .httpStatus(code: 404, body: APIError.Body(data: Data("{}".utf8))))
        XCTAssertEqual(error.statusCode, 404)
    }

    func testMalformedBodyIsADecodingErrorKeepingTheBody() throws {
        server.inject(.malformedJSON, path: "/api/users/2")
        let controller = makeUsersController()
        let error = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 2, completion: $0) }?.failureError)
        guard case .decoding(let decodingFailure) = error else { return XCTFail("expected .decoding, got \(error)") }
        let body = decodingFailure.body
        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"broken": [1, 2,"#)
    }
}
