import FixtureServer
import Foundation
import Loopback
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Each way a call can fail surfaces as the right `APIError`, exactly once, on the callback queue.
final class MenuFailureTests: MenuTestCase {

    func testServerDownIsATransportError() throws {
        let dead = try ClosedPort()
        defer { withExtendedLifetime(dead) {} }  // refuses connections until the test ends
        let deadURL = dead.baseURL
        let controller = makeController(baseURL: deadURL)
        let error = failure(awaitCompletion { controller.fetchCategories(completion: $0) })
        guard case .transport = error else { return XCTFail("expected .transport, got \(String(describing: error))") }
    }

    func testHTML500KeepsStatusAndBody() throws {
        server.inject(.html500, path: "/categories")
        let error = try XCTUnwrap(failure(awaitCompletion { controller.fetchCategories(completion: $0) }))
        guard case .httpStatus(500, let body) = error else { return XCTFail("expected 500, got \(error)") }
        XCTAssertTrue(String(decoding: body, as: UTF8.self).lowercased().contains("<html"))
        XCTAssertEqual(error.statusCode, 500)
    }

    func testMalformedJSONIsADecodingError() {
        server.inject(.malformedJSON, path: "/menu")
        let error = failure(awaitCompletion { controller.fetchMenuItems(forCategory: "soups", completion: $0) })
        guard case .decoding(let decodingFailure) = error else {
            return XCTFail("expected .decoding, got \(String(describing: error))")
        }
        let body = decodingFailure.body
        XCTAssertFalse(body.isEmpty)
    }

    func testWrongFieldTypesAreADecodingErrorNamingThePath() {
        server.inject(.json(200, #"{"items":[{"id":"one"}]}"#), path: "/menu")
        let error = failure(awaitCompletion { controller.fetchMenuItems(forCategory: "soups", completion: $0) })
        guard case .decoding(let decodingFailure) = error else {
            return XCTFail("expected .decoding, got \(String(describing: error))")
        }
        let description = decodingFailure.facts
        XCTAssertTrue(description.contains("items[0].id"), description)
    }

    func testEmptyOKIsADecodingError() {
        server.inject(.emptyOK, path: "/order")
        let error = failure(awaitCompletion { controller.submitOrder(forMenuIDs: [1], completion: $0) })
        guard case .decoding(let decodingFailure) = error else {
            return XCTFail("expected .decoding, got \(String(describing: error))")
        }
        let description = decodingFailure.facts
        XCTAssertTrue(description.contains("empty"), description)
    }

    func testTruncatedBodyIsATransportError() {
        server.inject(.truncatedBody, path: "/categories")
        let error = failure(awaitCompletion { controller.fetchCategories(completion: $0) })
        guard case .transport = error else { return XCTFail("expected .transport, got \(String(describing: error))") }
    }

    /// The options' timeout reaches the wire and a timeout surfaces as `.timedOut`. A stub answers
    /// `.timedOut` at once (no test waits for a real timeout per controller: the client's own tests do,
    /// `SessionTimeoutTests` over a socket and `TimeoutTests` for the watchdog).
    func testSlowServerTimesOut() {
        let stub = URLStub(always: .fail(URLError(.timedOut)))
        let controller = MenuController(
            baseURL: stub.baseURL, session: stub.makeSession(),
            options: APIClient.Options(timeout: 1, retryPolicy: .never), notificationCenter: NotificationCenter())
        XCTAssertEqual(failure(awaitCompletion { controller.fetchCategories(completion: $0) }), .timedOut)
        XCTAssertEqual(stub.requests.map(\.path), ["/categories"])
        XCTAssertEqual(stub.requests.map(\.request.timeoutInterval), [1], "the options' 1 s")
    }

    func testCancelledCallCompletesWithCancelled() {
        server.inject(.delay(3), path: "/categories")
        let error = failure(
            awaitCompletion { completion in
                let handle = controller.fetchCategories(completion: completion)
                handle.cancel()
                handle.cancel()
                return handle
            })
        XCTAssertEqual(error, .cancelled)
    }

    func testCancelBeforeAnswerInFlight() {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/menu")
        let controller = self.controller!
        let error = failure(
            awaitCompletion {
                controller.fetchMenuItems(forCategory: "soups", completion: $0)
            } then: { handle in
                Polling.until { gate.heldCount == 1 }  // the request is at the server, waiting for its answer
                handle.cancel()
            })
        XCTAssertEqual(error, .cancelled)
    }

    func testMissingImageIs404() {
        let url = server.baseURL.appendingPathComponent("images/99.png")
        let error = failure(awaitCompletion { controller.fetchImage(url: url, completion: $0) })
        XCTAssertEqual(error?.statusCode, 404)
        XCTAssertEqual(controller.imageCache.count, 0)
    }

    func testEmptyImageIsADecodingErrorAndNotCached() throws {
        let url = server.baseURL.appendingPathComponent("images/1.png")
        server.inject(.emptyOK, path: "/images/1.png")
        let error = failure(awaitCompletion { controller.fetchImage(url: url, completion: $0) })
        guard case .decoding(let decodingFailure) = error else {
            return XCTFail("expected .decoding, got \(String(describing: error))")
        }
        let description = decodingFailure.facts
        XCTAssertTrue(description.contains("empty"), description)
        XCTAssertEqual(controller.imageCache.count, 0)
        let data = try XCTUnwrap(success(awaitCompletion { controller.fetchImage(url: url, completion: $0) }))
        XCTAssertEqual(data.prefix(8), pngSignature)
        XCTAssertEqual(server.requestCount(path: "/images/1.png"), 2)
    }

    func testSubmitOrderIsNeverRetried() {
        let controller = makeController(
            baseURL: server.baseURL,
            retryPolicy: RetryPolicy(maxRetries: 3, baseDelay: 0.1, jitter: 0))
        server.inject(.status(503), path: "/order")
        XCTAssertEqual(
            failure(awaitCompletion { controller.submitOrder(forMenuIDs: [1], completion: $0) })?.statusCode, 503)
        XCTAssertEqual(server.requestCount(path: "/order"), 1)
    }
}
