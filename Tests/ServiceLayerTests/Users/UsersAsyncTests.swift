import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The `async` twins of the NetworkController calls.
final class UsersAsyncTests: FixtureServerTestCase {
    func testEveryTwin() async throws {
        let controller = makeUsersController()
        let page = try await controller.fetchUsers(page: 2)
        XCTAssertEqual(page.data.map(\.id), Array(7...12))
        let user = try await controller.fetchUser(id: 3)
        XCTAssertEqual(user.firstName, "Emma")
        let created = try await controller.createUser(UserBody(name: "a", job: "b"))
        XCTAssertEqual(created.name, "a")
        XCTAssertNotNil(created.createdDate)
        let updated = try await controller.updateUser(id: 3, UserBody(name: "c", job: "d"))
        XCTAssertEqual(updated.job, "d")
        let patched = try await controller.patchUser(id: 3, UserBody(name: "e", job: "f"))
        XCTAssertEqual(patched.name, "e")
        try await controller.deleteUser(id: 3)
        let all = try await controller.fetchAllUsers()
        XCTAssertEqual(all.count, 12)
        XCTAssertEqual(
            server.requests.map { "\($0.method) \($0.path)" },
            [
                "GET /api/users", "GET /api/users/3", "POST /api/users", "PUT /api/users/3", "PATCH /api/users/3",
                "DELETE /api/users/3", "GET /api/users", "GET /api/users",
            ])
    }

    func testTwinThrowsTypedError() async {
        let controller = makeUsersController()
        do {
            _ = try await controller.fetchUser(id: 23)
            XCTFail("expected a 404")
        } catch {
            XCTAssertEqual(error.statusCode, 404)  // `error` is an APIError: typed throws
        }
    }

    func testAllUsersTwinFailsCleanly() async {
        server.inject(.delay(0), path: "/api/users")
        server.inject(.html500, path: "/api/users")
        let controller = makeUsersController()
        do {
            let users = try await controller.fetchAllUsers()
            XCTFail("expected a failure, got \(users.count) users")
        } catch {
            XCTAssertEqual(error.statusCode, 500)
        }
    }
}
