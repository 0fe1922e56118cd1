import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A change to every request in app code, over real sockets: it reaches the server, runs last, and can
/// never send the API's credentials to another origin.
final class RequestHookTests: FixtureServerTestCase {
    private func send<Response: Sendable>(_ endpoint: Endpoint<Response>, on client: APIClient)
        -> Result<Response, APIError>?
    {
        awaitCompletion { client.send(endpoint, completion: $0) }
    }

    func testAHeaderComputedPerRequestReachesTheServer() {
        let counter = Locked(0)
        var options = APIClient.Options()
        options.requestHook = RequestHook { request in
            let number = counter.withLock {
                $0 += 1; return $0
            }
            request.setValue("request-\(number)", forHTTPHeaderField: "X-Request-ID")
        }
        let client = makeClient(options: options)
        XCTAssertNotNil(send(Endpoint<CategoriesResponse>("categories"), on: client)?.successValue)
        XCTAssertNotNil(send(Endpoint<CategoriesResponse>("categories"), on: client)?.successValue)
        XCTAssertEqual(requests(to: "/categories").map { $0.headers["x-request-id"] }, ["request-1", "request-2"])
    }

    func testTheClientHookRunsFirstThenTheEndpointsAndAnAsyncHookWaits() async throws {
        var options = APIClient.Options()
        options.requestHook = RequestHook { $0.setValue("client", forHTTPHeaderField: "X-Order") }
        let client = makeClient(options: options)
        let endpoint = Endpoint<CategoriesResponse>("categories").adaptingRequest(
            .async { request in
                try await Task.sleep(nanoseconds: 10_000_000)
                let before = request.value(forHTTPHeaderField: "X-Order") ?? "none"
                request.setValue(before + ", endpoint", forHTTPHeaderField: "X-Order")
            })
        _ = try await client.send(endpoint)
        XCTAssertEqual(requests(to: "/categories").first?.headers["x-order"], "client, endpoint")
    }

    /// A hook that adds `Authorization` to every request, and an image on another server: that server
    /// never sees it. A hook that points a request elsewhere takes no credential along either.
    func testAHookCannotSendCredentialsToAnotherOrigin() throws {
        let images = try startExtraServer()
        var options = APIClient.Options()
        options.requestHook = RequestHook { request in
            request.setValue("Bearer hook-secret", forHTTPHeaderField: "Authorization")
            request.setValue("session=hook-secret", forHTTPHeaderField: "Cookie")
        }
        let client = makeClient(baseURL: apiURL(), options: options, token: { "provider-secret" })
        XCTAssertNotNil(send(Endpoint<Data>(.url(images.baseURL.appendingPathComponent("images/1.png"))), on: client))
        XCTAssertNotNil(send(Endpoint<Data>("users/2"), on: client)?.successValue)
        let foreign = images.requests.first { $0.path == "/images/1.png" }
        XCTAssertNotNil(foreign)
        XCTAssertNil(foreign?.headers["authorization"])
        XCTAssertNil(foreign?.headers["cookie"])
        XCTAssertEqual(requests(to: "/api/users/2").first?.headers["authorization"], "Bearer hook-secret")

        let redirecting = makeClient(
            baseURL: apiURL(),
            options: APIClient.Options(
                requestHook: RequestHook { request in
                    request.url = images.baseURL.appendingPathComponent("images/2.png")
                }),
            token: { "provider-secret" })
        _ = send(Endpoint<Data>("products").requiringAuthorization(), on: redirecting)
        let moved = images.requests.first { $0.path == "/images/2.png" }
        XCTAssertNotNil(moved, "the hook moved the request")
        XCTAssertNil(moved?.headers["authorization"], "the provider's token stays with the API's origin")
    }

    func testAHookThatThrowsFailsTheCallAndSendsNothing() {
        struct Unsigned: Error {}
        let client = makeClient(options: APIClient.Options(requestHook: RequestHook { _ in throw Unsigned() }))
        guard case .invalidRequest(let reason)? = send(Endpoint<Data>("categories"), on: client)?.failureError else {
            return XCTFail("expected .invalidRequest")
        }
        XCTAssertTrue("\(reason)".contains("Unsigned"), "\(reason)")
        let typed = makeClient(options: APIClient.Options(requestHook: RequestHook { _ in throw APIError.offline }))
        XCTAssertEqual(send(Endpoint<Data>("categories"), on: typed)?.failureError, .offline)
        XCTAssertEqual(server.requestCount(path: "/categories"), 0)
    }

    func testCancellingACallWhileItsAsyncHookWaitsSendsNothing() {
        let gate = StubGate()
        let hook = RequestHook.async { _ in
            while !gate.isOpen { try await Task.sleep(nanoseconds: 5_000_000) }
        }
        let client = makeClient(options: APIClient.Options(requestHook: hook))
        let result = awaitCompletion(
            { client.send(Endpoint<Data>("categories"), completion: $0) }, then: { $0.cancel() })
        XCTAssertEqual(result?.failureError, .cancelled)
        gate.open()
        Polling.pause(0.1)
        XCTAssertEqual(server.requestCount(path: "/categories"), 0)
    }
}
