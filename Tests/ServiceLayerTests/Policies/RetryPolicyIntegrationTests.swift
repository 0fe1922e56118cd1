import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Retry against the fixture server: transient failures of idempotent requests are retried, nothing else.
final class RetryPolicyIntegrationTests: FixtureServerTestCase {
    private let fastRetry = RetryPolicy(maxRetries: 2, baseDelay: 0.05, maximumDelay: 1)

    func testGETRetriesTwo503sThenSucceedsWithThreeHits() {
        server.inject(.json(503, #"{"error":"busy"}"#), path: "/categories", times: 2)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        let results = recorder.wait()
        XCTAssertEqual(try results.first?.get().categories.count, 6)
        XCTAssertEqual(server.requestCount(path: "/categories"), 3)
    }

    func testPOSTIsNotRetriedOn503() {
        server.inject(.json(503, #"{"error":"busy"}"#), path: "/order", times: 3)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<Void>()
        client.send(
            Endpoint<Void>(method: .post, "order").body(["menuIds": [1]]), completion: recorder.completion())
        let results = recorder.wait()
        XCTAssertEqual(results.first?.failureError?.statusCode, 503)
        XCTAssertEqual(server.requestCount(path: "/order"), 1)
    }

    func testPOSTThatOptsInIsRetried() {
        server.inject(.json(503, #"{"error":"busy"}"#), path: "/order", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        var endpoint = Endpoint<[String: Int]>(method: .post, "order").body(["menuIds": [1]])
        endpoint.extras.retriesNonIdempotent = true
        let recorder = Completions<[String: Int]>()
        client.send(endpoint, completion: recorder.completion())
        XCTAssertEqual(try recorder.wait().first?.get()["preparation_time"], 20)
        XCTAssertEqual(server.requestCount(path: "/order"), 2)
    }

    func testRetryAfterIsHonoured() {
        server.inject(.status(503, body: Data(), headers: ["Retry-After": "1"]), path: "/categories", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        let start = Date()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        XCTAssertNotNil(try recorder.wait().first?.get())
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.9, "the retry waited for Retry-After")
        XCTAssertEqual(server.requestCount(path: "/categories"), 2)
    }

    func test429WithRetryAfterIsRetried() {
        server.inject(.status(429, body: Data(), headers: ["Retry-After": "0"]), path: "/categories", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        XCTAssertNotNil(try recorder.wait().first?.get())
        XCTAssertEqual(server.requestCount(path: "/categories"), 2)
    }

    func testCancelDuringBackoffCancelsAtOnceWithNoFurtherHits() {
        server.inject(.status(503, body: Data(), headers: ["Retry-After": "5"]), path: "/categories", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        let handle = client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        Polling.until { self.server.requestCount(path: "/categories") >= 1 }
        Polling.pause(0.3)  // the 503 has arrived; the client is waiting 5 s
        let cancelledAt = Date()
        handle.cancel()
        let results = recorder.wait(timeout: 2)
        XCTAssertLessThan(Date().timeIntervalSince(cancelledAt), 2)
        XCTAssertEqual(results.first?.failureError, .cancelled)
        Polling.pause(0.5)
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }

    func testExhaustedRetriesReturnTheLastError() {
        server.inject(.json(502, #"{"error":"first"}"#), path: "/categories", times: 2)
        server.inject(.json(504, #"{"error":"last"}"#), path: "/categories", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        let error = recorder.wait().first?.failureError
        XCTAssertEqual(error?.statusCode, 504)
        XCTAssertEqual(error?.serverMessage, "last")
        XCTAssertEqual(server.requestCount(path: "/categories"), 3)
    }

    func testClientErrorsAndDecodingFailuresAreNeverRetried() {
        server.inject(.json(404, #"{"error":"nope"}"#), path: "/categories", times: 1)
        server.inject(.malformedJSON, path: "/menu", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion(0))
        client.send(Endpoint<CategoriesResponse>("menu"), completion: recorder.completion(1))
        let results = recorder.wait()
        XCTAssertEqual(results[0].failureError?.statusCode, 404)
        guard case .decoding = results[1].failureError else { return XCTFail("expected .decoding, got \(results[1])") }
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
        XCTAssertEqual(server.requestCount(path: "/menu"), 1)
    }

    func testTimeoutsAreRetriedForGET() {
        server.inject(.delay(3), path: "/categories", times: 1)
        let client = makeClient(options: .init(timeout: 1, retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        XCTAssertNotNil(try recorder.wait().first?.get())
        XCTAssertEqual(server.requestCount(path: "/categories"), 2)
    }

    func testAConnectionClosedBeforeTheResponseIsRetriedForGET() {
        server.inject(.closeBeforeResponse, path: "/categories", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        XCTAssertEqual(try recorder.wait().first?.get().categories.count, 6)
        XCTAssertEqual(server.requestCount(path: "/categories"), 2)
    }

    func testPerEndpointPolicyOverridesTheClient() {
        server.inject(.json(503, "{}"), path: "/categories", times: 1)
        let client = makeClient(options: .init(retryPolicy: fastRetry))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories").retry(.never), completion: recorder.completion())
        XCTAssertEqual(recorder.wait().first?.failureError?.statusCode, 503)
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }
}
