import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `createUser`, `updateUser`, `patchUser` and `deleteUser` against the fixture server.
final class UsersWritingTests: FixtureServerTestCase {
    private let body = UserBody(name: "morpheus", job: "leader")

    func testCreateUser() throws {
        let controller = makeUsersController()
        let body = self.body
        let created = try XCTUnwrap(awaitCompletion { controller.createUser(body, completion: $0) }?.get())
        XCTAssertEqual(created.name, "morpheus")
        XCTAssertEqual(created.job, "leader")
        XCTAssertFalse(created.id.isEmpty)
        let date = try XCTUnwrap(created.createdDate, "createdAt \(created.createdAt) has milliseconds")
        XCTAssertEqual(date.timeIntervalSinceNow, 0, accuracy: 60)
        let request = try XCTUnwrap(requests(to: "/api/users").last)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(try JSONDecoder().decode(UserBody.self, from: request.body), body)
    }

    func testUpdateUserPUTs() throws {
        let controller = makeUsersController()
        let change = UserBody(name: "morpheus", job: "zion resident")
        let updated = try XCTUnwrap(awaitCompletion { controller.updateUser(id: 2, change, completion: $0) }?.get())
        XCTAssertEqual(updated.job, "zion resident")
        XCTAssertNotNil(updated.updatedDate)
        let request = try XCTUnwrap(requests(to: "/api/users/2").last)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(try JSONDecoder().decode(UserBody.self, from: request.body), change)
    }

    func testPatchUserPATCHes() throws {
        let controller = makeUsersController()
        let change = UserBody(name: "neo", job: "the one")
        let updated = try XCTUnwrap(awaitCompletion { controller.patchUser(id: 2, change, completion: $0) }?.get())
        XCTAssertEqual(updated.name, "neo")
        XCTAssertNotNil(updated.updatedDate)
        XCTAssertEqual(requests(to: "/api/users/2").last?.method, "PATCH")
    }

    func testDeleteUser204IsSuccess() throws {
        let controller = makeUsersController()
        let result = try XCTUnwrap(awaitCompletion { controller.deleteUser(id: 2, completion: $0) })
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(requests(to: "/api/users/2").last?.method, "DELETE")
    }

    func testFailedCreateIsNotRetried() throws {
        server.inject(.status(503), path: "/api/users", method: "POST")
        let controller = makeUsersController(options: APIClient.Options(retryPolicy: RetryPolicy(baseDelay: 0)))
        let body = self.body
        let error = try XCTUnwrap(awaitCompletion { controller.createUser(body, completion: $0) }?.failureError)
        XCTAssertEqual(error.statusCode, 503)
        XCTAssertEqual(requests(to: "/api/users").count, 1, "POST is not idempotent")
    }
}
