import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical in-flight GETs share one network request.
final class CoalescingTests: StubTestCase {
    /// Sends `endpoint` `count` times while `gate` holds the stub's answers, opens it, and waits for
    /// every completion.
    private func sendMany<Response: Sendable>(
        _ count: Int, _ endpoint: Endpoint<Response>, on client: APIClient, opening gate: StubGate
    ) -> [Result<Response, APIError>] {
        let results = Locked<[Result<Response, APIError>]>([])
        let done = expectation(description: "\(count) completions")
        done.expectedFulfillmentCount = count
        for _ in 0..<count {
            client.send(endpoint, callbackQueue: queue) { result in
                results.withLock { $0.append(result) }
                done.fulfill()
            }
        }
        gate.open()
        wait(for: [done], timeout: 10)
        return results.withLock { $0 }
    }

    func testIdenticalGETsShareOneRequest() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("[1,2,3]")))
        let results = sendMany(20, Endpoint<[Int]>("menu"), on: makeClient(stub), opening: gate)
        XCTAssertEqual(results.count, 20)
        XCTAssertEqual(results.compactMap { try? $0.get() }, Array(repeating: [1, 2, 3], count: 20))
        XCTAssertEqual(stub.requestCount, 1)
    }

    func testSharedFailureReachesEveryCaller() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .status(404, body: "gone")))
        let results = sendMany(5, Endpoint<Data>("menu"), on: makeClient(stub), opening: gate)
        XCTAssertEqual(
            results.map(\.failureError),
            Array(repeating: .httpStatus(code: 404, body: APIError.Body(data: Data("gone".utf8))), count: 5))
        XCTAssertEqual(stub.requestCount, 1)
    }

    func testDifferentTokensAreNotShared() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let token = Locked("one")
        let client = makeClient(stub, tokenProvider: { token.withLock { $0 } })
        let endpoint = Endpoint<Data>("products").requiringAuthorization()
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 3
        client.send(endpoint) { _ in done.fulfill() }
        client.send(endpoint) { _ in done.fulfill() }
        token.withLock { $0 = "two" }
        client.send(endpoint) { _ in done.fulfill() }
        gate.open()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(stub.requestCount, 2)
        XCTAssertEqual(Set(stub.requests.compactMap { $0.header("Authorization") }), ["Bearer one", "Bearer two"])
    }

    func testTwoClientsWithDifferentTokensAreNotShared() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let session = stub.makeSession()
        let alice = APIClient(baseURL: stub.baseURL, session: session, tokenProvider: { "alice" })
        let bob = APIClient(baseURL: stub.baseURL, session: session, tokenProvider: { "bob" })
        let endpoint = Endpoint<Data>("me").requiringAuthorization()
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 2
        alice.send(endpoint) { _ in done.fulfill() }
        bob.send(endpoint) { _ in done.fulfill() }
        gate.open()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(Set(stub.requests.compactMap { $0.header("Authorization") }), ["Bearer alice", "Bearer bob"])
    }

    func testDifferentHeadersOrQueriesAreNotShared() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let client = makeClient(stub)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 3
        client.send(Endpoint<Data>("menu").headers(["Accept-Language": "fr"])) { _ in done.fulfill() }
        client.send(Endpoint<Data>("menu").headers(["Accept-Language": "de"])) { _ in done.fulfill() }
        client.send(Endpoint<Data>("menu", query: [URLQueryItem(name: "category", value: "soups")])) { _ in
            done.fulfill()
        }
        gate.open()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(stub.requestCount, 3)
    }

    func testOneCancelledWaiterLeavesTheOthers() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let client = makeClient(stub)
        let endpoint = Endpoint<Data>("menu")
        let probes = (0..<3).map { _ in ExactlyOnce<Result<Data, APIError>>() }
        let handles = probes.map { client.send(endpoint, completion: $0.callback) }
        handles[1].cancel()
        firstCall(probes[1])
        gate.open()
        assertCalledExactlyOnce(probes)
        XCTAssertNotNil(try? probes[0].allValues.first?.get())
        XCTAssertEqual(probes[1].allValues.first?.failureError, .cancelled)
        XCTAssertNotNil(try? probes[2].allValues.first?.get())
        XCTAssertEqual(stub.requestCount, 1)
        XCTAssertEqual(stub.cancelledCount, 0, "the shared request must go on while others wait")
    }

    func testAllWaitersCancelledStopsTheRequest() {
        let stub = makeStub(always: .never)
        let client = makeClient(stub)
        let endpoint = Endpoint<Data>("menu")
        let probes = (0..<3).map { _ in ExactlyOnce<Result<Data, APIError>>() }
        let handles = probes.map { client.send(endpoint, completion: $0.callback) }
        Polling.until { stub.requestCount == 1 }
        handles[0].cancel()
        handles[1].cancel()
        Polling.pause(0.2)
        XCTAssertEqual(stub.cancelledCount, 0, "one caller still waits")
        handles[2].cancel()
        assertCalledExactlyOnce(probes)
        for probe in probes { XCTAssertEqual(probe.allValues.first?.failureError, .cancelled) }
        Polling.until { stub.cancelledCount >= 1 }
        XCTAssertEqual(stub.requestCount, 1)
    }

    func testANewCallAfterTheSharedRequestEndedSendsAgain() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        XCTAssertNotNil(success(result(Endpoint<Data>("menu"), on: client)))
        XCTAssertNotNil(success(result(Endpoint<Data>("menu"), on: client)))
        XCTAssertEqual(stub.requestCount, 2)
    }

    func testCoalescingOffSendsEveryRequest() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let off = makeClient(stub, options: APIClient.Options(retryPolicy: .never, coalescesGETs: false))
        let results = sendMany(20, Endpoint<Data>("menu"), on: off, opening: gate)
        XCTAssertEqual(results.compactMap { try? $0.get() }.count, 20)
        XCTAssertEqual(stub.requestCount, 20)

        let perEndpointGate = StubGate()
        let perEndpoint = makeStub(always: .held(perEndpointGate, .json("{}")))
        let client = makeClient(perEndpoint)
        let endpoint = Endpoint<Data>("menu").coalescing(false)
        XCTAssertEqual(sendMany(5, endpoint, on: client, opening: perEndpointGate).count, 5)
        XCTAssertEqual(perEndpoint.requestCount, 5)
    }

    func testPOSTIsNeverCoalesced() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let client = makeClient(stub)
        let endpoint = Endpoint<Data>(method: .post, "order").headers(["X-Same": "1"])
        XCTAssertEqual(sendMany(20, endpoint, on: client, opening: gate).compactMap { try? $0.get() }.count, 20)
        XCTAssertEqual(stub.requestCount, 20)
        let forcedGate = StubGate()
        let forced = makeStub(always: .held(forcedGate, .json("{}")))
        let forcedEndpoint = Endpoint<Data>(method: .post, .url(forced.url("order"))).coalescing(true)
        XCTAssertEqual(sendMany(5, forcedEndpoint, on: client, opening: forcedGate).count, 5)
        XCTAssertEqual(forced.requestCount, 5)
    }

    func testCallsJoiningASharedRequestAsItEndsStillSucceed() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        let callbacks = DispatchQueue(label: "callbacks", attributes: .concurrent)
        let count = 2000
        let failures = Locked<[APIError]>([])
        let done = expectation(description: "all completions")
        done.expectedFulfillmentCount = count
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            client.send(Endpoint<Data>("menu"), callbackQueue: callbacks) { result in
                if let error = result.failureError { failures.withLock { $0.append(error) } }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 60)
        XCTAssertEqual(failures.withLock { $0 }, [], "no call was cancelled, so none may end with .cancelled")
        XCTAssertLessThan(stub.requestCount, count)
    }
}
