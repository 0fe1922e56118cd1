import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries against the stub: what is retried, how often, and how long the client waits.
final class RetryTests: StubTestCase {
    private let quick = RetryPolicy(maxRetries: 2, baseDelay: 0.05)

    /// A stub giving `answers` in order, then the last one forever.
    private func makeStub(sequence answers: [StubAnswer]) -> URLStub {
        let count = Locked(0)
        return makeStub { _ in
            let index =
                count.withLock {
                    $0 += 1; return $0
                } - 1
            return answers[min(index, answers.count - 1)]
        }
    }

    private func client(_ stub: URLStub, policy: RetryPolicy? = nil) -> APIClient {
        makeClient(stub, options: APIClient.Options(retryPolicy: policy ?? quick))
    }

    func testTransientFailuresAreRetriedUntilSuccess() {
        let stub = makeStub(sequence: [.status(503), .status(503), .json(#"{"ok":true}"#)])
        XCTAssertEqual(success(result(Endpoint<[String: Bool]>("x"), on: client(stub))), ["ok": true])
        XCTAssertEqual(stub.requestCount, 3)
        XCTAssertEqual(Set(stub.requests.map(\.method)), ["GET"])
    }

    func testIdempotentMethodsAreRetried() {
        for method in [HTTPMethod.put, .delete, .head] {
            let stub = makeStub(sequence: [.status(502), .status(204)])
            XCTAssertNotNil(
                success(result(Endpoint<Void>(method: method, "x"), on: client(stub))), method.rawValue)
            XCTAssertEqual(stub.requestCount, 2, method.rawValue)
        }
    }

    func testLostConnectionIsRetried() {
        let stub = makeStub(sequence: [.fail(URLError(.networkConnectionLost)), .json("{}")])
        XCTAssertNotNil(success(result(Endpoint<Data>("x"), on: client(stub))))
        XCTAssertEqual(stub.requestCount, 2)
    }

    func testPOSTAndPATCHAreNeverRetried() {
        for method in [HTTPMethod.post, .patch] {
            let stub = makeStub(sequence: [.status(503, body: "busy"), .json("{}")])
            let error = failure(result(Endpoint<Data>(method: method, "order"), on: client(stub)))
            XCTAssertEqual(error, .httpStatus(code: 503, body: APIError.Body(data: Data("busy".utf8))), method.rawValue)
            XCTAssertEqual(stub.requestCount, 1, method.rawValue)
        }
    }

    func testPOSTIsRetriedWhenTheEndpointOptsIn() {
        let stub = makeStub(sequence: [.status(503), .json("{}")])
        var endpoint = Endpoint<Data>(method: .post, "order")
        endpoint.extras.retriesNonIdempotent = true
        XCTAssertNotNil(success(result(endpoint, on: client(stub))))
        XCTAssertEqual(stub.requestCount, 2)
    }

    func testPermanentFailuresAreNeverRetried() {
        let answers: [StubAnswer] = [
            .status(404, body: "{}"), .status(500), .status(400), .json(#"{"id":"not a number"}"#),
            .fail(URLError(.cannotConnectToHost)),
        ]
        for answer in answers {
            let stub = makeStub(always: answer)
            XCTAssertNotNil(failure(result(Endpoint<[String: Int]>("x"), on: client(stub))), "\(answer)")
            XCTAssertEqual(stub.requestCount, 1, "\(answer)")
        }
    }

    func testExhaustedRetriesDeliverTheLastError() {
        let stub = makeStub(sequence: [
            .status(503, body: "try 1"), .status(503, body: "try 2"), .status(504, body: "try 3"),
        ])
        let error = failure(result(Endpoint<Data>("x"), on: client(stub)))
        XCTAssertEqual(error, .httpStatus(code: 504, body: APIError.Body(data: Data("try 3".utf8))))
        XCTAssertEqual(stub.requestCount, quick.maxRetries + 1)
    }

    func testEndpointPolicyOverridesTheClients() {
        let stub = makeStub(always: .status(503))
        let endpoint = Endpoint<Data>("x").retry(RetryPolicy(maxRetries: 4, baseDelay: 0.01))
        XCTAssertEqual(failure(result(endpoint, on: client(stub, policy: .never)))?.statusCode, 503)
        XCTAssertEqual(stub.requestCount, 5)
        let never = makeStub(always: .status(503))
        XCTAssertEqual(failure(result(Endpoint<Data>("x").retry(.never), on: client(never)))?.statusCode, 503)
        XCTAssertEqual(never.requestCount, 1)
    }

    func testRetryAfterIsHonoured() {
        let stub = makeStub(sequence: [.status(503, headers: ["Retry-After": "1"]), .json("{}")])
        XCTAssertNotNil(success(result(Endpoint<Data>("x"), on: client(stub))))
        let times = stub.requests.map(\.time.uptimeNanoseconds)
        XCTAssertEqual(times.count, 2)
        if times.count == 2 {
            XCTAssertGreaterThan(Double(times[1] - times[0]) / 1e9, 0.9, "Retry-After: 1 was not honoured")
        }
    }

    func testCancelDuringBackoffEndsAtOnceWithoutAnotherTry() {
        let stub = makeStub(sequence: [.status(503, headers: ["Retry-After": "1"]), .json("{}")])
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let handle = client(stub).send(Endpoint<Data>("x"), completion: probe.callback)
        Polling.until { stub.requestCount == 1 }
        Polling.pause(0.2)  // the 503 has been handled; the client now waits 1 s
        XCTAssertFalse(handle.isFinished)
        let cancelled = DispatchTime.now()
        handle.cancel()
        firstCall(probe)
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - cancelled.uptimeNanoseconds) / 1e9, 0.7)
        XCTAssertEqual(probe.allValues.first?.failureError, .cancelled)
        XCTAssertEqual(stub.requestCount, 1)
        // No second try, ever: instead of waiting here past the Retry-After, the rest of the run watches
        // the stub's count (LateCallWatch; a run of this test alone still lasts 1.3 s past the 503).
        let answered = stub.requests[0].time.uptimeNanoseconds
        let sinceAnswer = Double(DispatchTime.now().uptimeNanoseconds - answered) / 1e9
        LateCallWatch.shared.watch("one try, none after the cancel", forAtLeast: 1.3 - sinceAnswer, in: self) {
            stub.requestCount == 1
        }
    }
}
