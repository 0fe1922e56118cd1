import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Timeouts and the optional `x-api-key` header.
final class UsersOptionsTests: FixtureServerTestCase {
    /// The options' timeout reaches the wire and a timeout surfaces as `.timedOut`. A stub answers
    /// `.timedOut` at once (no test waits for a real timeout per controller: the client's own tests do,
    /// `SessionTimeoutTests` over a socket and `TimeoutTests` for the watchdog).
    func testSlowServerTimesOut() throws {
        let stub = URLStub(always: .fail(URLError(.timedOut)))
        let controller = NetworkController(
            baseURL: stub.url("api/"), session: stub.makeSession(),
            options: APIClient.Options(timeout: 1, retryPolicy: .never))
        let error = try XCTUnwrap(awaitCompletion { controller.fetchUser(id: 2, completion: $0) }?.failureError)
        XCTAssertEqual(error, .timedOut)
        XCTAssertEqual(stub.requests.map(\.path), ["/api/users/2"])
        XCTAssertEqual(stub.requests.map(\.request.timeoutInterval), [1], "the options' 1 s")
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
