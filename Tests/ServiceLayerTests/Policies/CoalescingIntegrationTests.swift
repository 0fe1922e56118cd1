import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Coalescing against the fixture server: identical in-flight GETs share one network request.
final class CoalescingIntegrationTests: FixtureServerTestCase {
    /// Holds the first request to `/categories` until the test opens the returned gate, once every
    /// caller has joined it (no duration to guess).
    private func holdCategories() -> FaultGate {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/categories", times: 1)
        return gate
    }

    func testTwentyConcurrentIdenticalGETsCostOneRequest() {
        let gate = holdCategories()
        let client = makeClient(options: .init(retryPolicy: .never))
        let recorder = Completions<CategoriesResponse>()
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion(index))
        }
        gate.open()  // every call has joined by now: send joins before it returns
        let results = recorder.wait()
        XCTAssertEqual(results.count, 20)
        XCTAssertEqual(results.compactMap { try? $0.get().categories.count }, Array(repeating: 6, count: 20))
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }

    func testDifferentTokensAreNotShared() {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/categories", times: nil)
        let first = makeClient(options: .init(retryPolicy: .never), token: { "token-one" })
        let recorder = Completions<CategoriesResponse>()
        let endpoint = Endpoint<CategoriesResponse>("categories").requiringAuthorization()
        first.send(endpoint, completion: recorder.completion(0))
        let second = APIClient(
            baseURL: server.baseURL, session: first.session, options: first.options,
            tokenProvider: { "token-two" })
        second.send(endpoint, completion: recorder.completion(1))
        first.send(endpoint, completion: recorder.completion(2))
        gate.open()
        let results = recorder.wait()
        XCTAssertTrue(results.allSatisfy { (try? $0.get()) != nil })
        XCTAssertEqual(server.requestCount(path: "/categories"), 2, "one request per token")
    }

    func testOneCancelledWaiterLeavesTheOthersRunning() {
        let gate = holdCategories()
        let client = makeClient(options: .init(retryPolicy: .never))
        let recorder = Completions<CategoriesResponse>()
        let handles = (0..<20).map { index in
            client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion(index))
        }
        handles[7].cancel()
        gate.open()
        let results = recorder.wait()
        XCTAssertEqual(results[7].failureError, .cancelled)
        let successes = results.enumerated().filter { $0.offset != 7 }.compactMap { try? $0.element.get() }
        XCTAssertEqual(successes.count, 19)
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }

    func testCancellingEveryWaiterCancelsTheSharedRequest() {
        let gate = holdCategories()
        let client = makeClient(options: .init(retryPolicy: .never))
        let recorder = Completions<CategoriesResponse>()
        let handles = (0..<5).map { index in
            client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion(index))
        }
        // The shared request reached the server (and took the held fault) before the cancels: the call
        // after them must not meet it.
        Polling.until { gate.heldCount == 1 }
        handles.forEach { $0.cancel() }
        let results = recorder.wait(timeout: 2)
        XCTAssertTrue(results.allSatisfy { $0.failureError == .cancelled })
        // A new call after all cancelled starts a fresh request instead of joining the dead one.
        let again = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: again.completion())
        XCTAssertNotNil(try again.wait().first?.get())
    }

    func testCoalescingCanBeSwitchedOff() {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/categories", times: nil)
        let client = makeClient(options: .init(retryPolicy: .never, coalescesGETs: false))
        let recorder = Completions<CategoriesResponse>()
        for index in 0..<5 {
            client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion(index))
        }
        Polling.until { gate.heldCount == 5 }  // all five in flight at once, and still not shared
        gate.open()
        XCTAssertEqual(recorder.wait().count, 5)
        XCTAssertEqual(server.requestCount(path: "/categories"), 5)
    }

    func testPOSTsAreNeverCoalesced() {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/order", times: nil)
        let client = makeClient(options: .init(retryPolicy: .never))
        let recorder = Completions<[String: Int]>()
        for index in 0..<3 {
            let endpoint = Endpoint<[String: Int]>(method: .post, "order").body(["menuIds": [2]])
            client.send(endpoint, completion: recorder.completion(index))
        }
        Polling.until { gate.heldCount == 3 }  // all three in flight at once, and still not shared
        gate.open()
        XCTAssertEqual(recorder.wait().compactMap { try? $0.get()["preparation_time"] }, [30, 30, 30])
        XCTAssertEqual(server.requestCount(path: "/order"), 3)
    }

    func testEachWaiterGetsItsOwnQueue() {
        let gate = holdCategories()
        let client = makeClient(options: .init(retryPolicy: .never))
        let queues = (0..<3).map { DispatchQueue(label: "waiter-\($0)") }
        let recorder = Completions<Bool>()
        for (index, queue) in queues.enumerated() {
            let done = recorder.completion(index)
            client.send(Endpoint<CategoriesResponse>("categories"), callbackQueue: queue) { result in
                dispatchPrecondition(condition: .onQueue(queue))
                done(result.map { _ in true })
            }
        }
        gate.open()
        XCTAssertEqual(recorder.wait().compactMap { try? $0.get() }, [true, true, true])
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }
}
