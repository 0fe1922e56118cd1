import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Timeouts and the optional `x-api-key` header.
final class UsersOptionsTests: FixtureServerTestCase {
    func testSlowServerTimesOut() throws {
        server.inject(.delay(3), path: "/api/users/2")
        let controller = makeUsersController(options: APIClient.Options(timeout: 1, retryPolicy: .never))
        let started = Date()
        let error = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 2, completion: $0) }?.failureError)
        XCTAssertEqual(error, .timedOut)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "the timeout fired before the server answered")
        XCTAssertEqual(requests(to: "/api/users/2").count, 1)
    }

    func testAPIKeyIsSentWhenConfigured() throws {
        let controller = makeUsersController(apiKey: "reqres-free-v1")
        _ = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 2, completion: $0) }?.get())
        _ = try XCTUnwrap(awaitCompletion { controller.deleteUser(id: 2, completion: $0) }?.get())
        let sent = server.requests
        XCTAssertEqual(sent.count, 2)
        XCTAssertEqual(sent.map { $0.headers[NetworkController.apiKeyHeader] }, ["reqres-free-v1", "reqres-free-v1"])
    }

    func testNoAPIKeyByDefault() throws {
        let controller = makeUsersController()
        _ = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 2, completion: $0) }?.get())
        let request = try XCTUnwrap(server.requests.last)
        XCTAssertNil(request.headers["x-api-key"])
        XCTAssertNil(request.headers["authorization"])
    }

    func testSharedControllerPointsAtReqres() {
        XCTAssertEqual(NetworkController.shared.client.baseURL.absoluteString, "https://reqres.in/api/")
        XCTAssertNil(NetworkController.shared.client.options.headers[NetworkController.apiKeyHeader])
    }
}
