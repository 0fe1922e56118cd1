import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical in-flight GETs share one network request.
final class CoalescingTests: CoreTestCase {
    /// Sends `endpoint` `count` times at once and waits for every completion.
    private func sendMany<Response>(
        _ count: Int, _ endpoint: Endpoint<Response>, on client: APIClient
    ) -> [Result<Response, APIError>] {
        let results = Box<[Result<Response, APIError>]>([])
        let done = expectation(description: "\(count) completions")
        done.expectedFulfillmentCount = count
        for _ in 0..<count {
            client.send(endpoint) { result in
                results.update { $0.append(result) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
        return results.value
    }

    func testIdenticalGETsShareOneRequest() {
        let stub = makeStub(always: .delayed(0.5, .json("[1,2,3]")))
        let results = sendMany(20, Endpoint<[Int]>(path: "menu"), on: makeClient(stub))
        XCTAssertEqual(results.count, 20)
        XCTAssertEqual(results.compactMap { try? $0.get() }, Array(repeating: [1, 2, 3], count: 20))
        XCTAssertEqual(stub.hits, 1)
    }

    func testSharedFailureReachesEveryCaller() {
        let stub = makeStub(always: .delayed(0.5, .status(404, body: "gone")))
        let results = sendMany(5, Endpoint<Data>(path: "menu"), on: makeClient(stub))
        XCTAssertEqual(
            results.map(\.failureValue), Array(repeating: .httpStatus(code: 404, body: Data("gone".utf8)), count: 5))
        XCTAssertEqual(stub.hits, 1)
    }

    func testDifferentTokensAreNotShared() {
        let stub = makeStub(always: .delayed(0.5, .json("{}")))
        let token = Box("one")
        let client = makeClient(stub, tokenProvider: { token.value })
        let endpoint = Endpoint<Data>(path: "products", requiresAuthorization: true)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 3
        client.send(endpoint) { _ in done.fulfill() }
        client.send(endpoint) { _ in done.fulfill() }
        token.set("two")
        client.send(endpoint) { _ in done.fulfill() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(stub.hits, 2)
        XCTAssertEqual(Set(stub.requests.compactMap { $0.header("Authorization") }), ["Bearer one", "Bearer two"])
    }

    func testTwoClientsWithDifferentTokensAreNotShared() {
        let stub = makeStub(always: .delayed(0.5, .json("{}")))
        let session = StubURLProtocol.makeSession()
        let alice = APIClient(baseURL: stub.baseURL, session: session, callbackQueue: queue, tokenProvider: { "alice" })
        let bob = APIClient(baseURL: stub.baseURL, session: session, callbackQueue: queue, tokenProvider: { "bob" })
        let endpoint = Endpoint<Data>(path: "me", requiresAuthorization: true)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 2
        alice.send(endpoint) { _ in done.fulfill() }
        bob.send(endpoint) { _ in done.fulfill() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(Set(stub.requests.compactMap { $0.header("Authorization") }), ["Bearer alice", "Bearer bob"])
    }

    func testDifferentHeadersOrQueriesAreNotShared() {
        let stub = makeStub(always: .delayed(0.5, .json("{}")))
        let client = makeClient(stub)
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = 3
        client.send(Endpoint<Data>(path: "menu", headers: ["Accept-Language": "fr"])) { _ in done.fulfill() }
        client.send(Endpoint<Data>(path: "menu", headers: ["Accept-Language": "de"])) { _ in done.fulfill() }
        client.send(Endpoint<Data>(path: "menu", query: [URLQueryItem(name: "category", value: "soups")])) { _ in
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(stub.hits, 3)
    }

    func testOneCancelledWaiterLeavesTheOthers() {
        let stub = makeStub(always: .delayed(0.5, .json("{}")))
        let client = makeClient(stub)
        let endpoint = Endpoint<Data>(path: "menu")
        let probes = (0..<3).map { CompletionProbe<Data>(self, "caller \($0)") }
        let handles = probes.map { client.send(endpoint, completion: $0.completion) }
        handles[1].cancel()
        for probe in probes { assertCalledExactlyOnce(probe) }
        XCTAssertNotNil(try? probes[0].result?.get())
        XCTAssertEqual(probes[1].result?.failureValue, .cancelled)
        XCTAssertNotNil(try? probes[2].result?.get())
        XCTAssertEqual(stub.hits, 1)
        XCTAssertEqual(stub.stops, 0, "the shared request must go on while others wait")
    }

    func testAllWaitersCancelledStopsTheRequest() {
        let stub = makeStub(always: .never)
        let client = makeClient(stub)
        let endpoint = Endpoint<Data>(path: "menu")
        let probes = (0..<3).map { CompletionProbe<Data>(self, "caller \($0)") }
        let handles = probes.map { client.send(endpoint, completion: $0.completion) }
        waitUntil { stub.hits == 1 }
        handles[0].cancel()
        handles[1].cancel()
        pause(0.2)
        XCTAssertEqual(stub.stops, 0, "one caller still waits")
        handles[2].cancel()
        for probe in probes {
            assertCalledExactlyOnce(probe)
            XCTAssertEqual(probe.result?.failureValue, .cancelled)
        }
        waitUntil { stub.stops >= 1 }
        XCTAssertEqual(stub.hits, 1)
    }

    func testANewCallAfterTheSharedRequestEndedSendsAgain() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        XCTAssertNotNil(value(result(Endpoint<Data>(path: "menu"), on: client)))
        XCTAssertNotNil(value(result(Endpoint<Data>(path: "menu"), on: client)))
        XCTAssertEqual(stub.hits, 2)
    }

    func testCoalescingOffSendsEveryRequest() {
        let stub = makeStub(always: .delayed(0.2, .json("{}")))
        let off = makeClient(stub, options: APIClient.Options(retryPolicy: .never, coalescesGETs: false))
        XCTAssertEqual(sendMany(20, Endpoint<Data>(path: "menu"), on: off).compactMap { try? $0.get() }.count, 20)
        XCTAssertEqual(stub.hits, 20)

        let perEndpoint = makeStub(always: .delayed(0.2, .json("{}")))
        let client = makeClient(perEndpoint)
        XCTAssertEqual(sendMany(5, Endpoint<Data>(path: "menu").coalescing(false), on: client).count, 5)
        XCTAssertEqual(perEndpoint.hits, 5)
    }

    func testPOSTIsNeverCoalesced() {
        let stub = makeStub(always: .delayed(0.2, .json("{}")))
        let client = makeClient(stub)
        let endpoint = Endpoint<Data>(method: .post, path: "order", headers: ["X-Same": "1"])
        XCTAssertEqual(sendMany(20, endpoint, on: client).compactMap { try? $0.get() }.count, 20)
        XCTAssertEqual(stub.hits, 20)
        let forced = makeStub(always: .delayed(0.2, .json("{}")))
        let forcedEndpoint = Endpoint<Data>(method: .post, url: forced.url("order")).coalescing(true)
        XCTAssertEqual(sendMany(5, forcedEndpoint, on: client).count, 5)
        XCTAssertEqual(forced.hits, 5)
    }

    func testCallsJoiningASharedRequestAsItEndsStillSucceed() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub, callbackQueue: DispatchQueue(label: "callbacks", attributes: .concurrent))
        let count = 2000
        let failures = Box<[APIError]>([])
        let done = expectation(description: "all completions")
        done.expectedFulfillmentCount = count
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            client.send(Endpoint<Data>(path: "menu")) { result in
                if let error = result.failureValue { failures.update { $0.append(error) } }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 60)
        XCTAssertEqual(failures.value, [], "no call was cancelled, so none may end with .cancelled")
        XCTAssertLessThan(stub.hits, count)
    }
}
