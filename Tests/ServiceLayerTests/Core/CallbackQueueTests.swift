import Dispatch
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `send(_:completion:)` delivers on the main actor; `send(_:callbackQueue:completion:)` on the queue it
/// names: successes, failures, failures found before sending, and cancellations alike.
final class CallbackQueueTests: StubTestCase {
    private let key = DispatchSpecificKey<String>()
    private let callQueue = DispatchQueue(label: "CallbackQueueTests.call")

    override func setUp() {
        super.setUp()
        callQueue.setSpecific(key: key, value: "call")
    }

    /// Sends `endpoint` with `callQueue` and returns the queue label seen by its completion.
    private func queueName<Response: Sendable>(_ endpoint: Endpoint<Response>, client: APIClient) -> String? {
        let seen = Locked<String?>(nil)
        let done = expectation(description: "completion")
        let key = self.key
        let expected = callQueue
        client.send(endpoint, callbackQueue: callQueue) { _ in
            dispatchPrecondition(condition: .onQueue(expected))
            seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return seen.withLock { $0 }
    }

    func testSuccessAndFailureRunOnTheNamedQueue() {
        let ok = makeStub(always: .json("{}"))
        let notFound = makeStub(always: .status(404))
        let client = makeClient(ok)
        XCTAssertEqual(queueName(Endpoint<Data>("x"), client: client), "call")
        XCTAssertEqual(queueName(Endpoint<Data>(.url(notFound.url("x"))), client: client), "call")
    }

    func testImmediateFailuresAndCancellationRunOnTheNamedQueue() {
        let stub = makeStub(always: .never)
        let client = makeClient(stub, tokenProvider: { nil })
        XCTAssertEqual(queueName(Endpoint<Data>("x").requiringAuthorization(), client: client), "call")

        let seen = Locked<String?>(nil)
        let done = expectation(description: "cancelled")
        let key = self.key
        let callQueue = self.callQueue
        let handle = client.send(Endpoint<Data>("slow"), callbackQueue: callQueue) { result in
            dispatchPrecondition(condition: .onQueue(callQueue))
            XCTAssertEqual(result.failureError, .cancelled)
            seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
            done.fulfill()
        }
        DispatchQueue.global().async { handle.cancel() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(seen.withLock { $0 }, "call")
    }

    func testCompletionNeverRunsOnTheCallersStack() {
        let client = makeClient(baseURL: URL(string: "mailto:x@y")!)
        let calls = Locked(0)
        let done = expectation(description: "completion")
        callQueue.sync {
            client.send(Endpoint<Data>("x"), callbackQueue: callQueue) { _ in
                calls.withLock { $0 += 1 }
                done.fulfill()
            }
            XCTAssertEqual(calls.withLock { $0 }, 0, "the completion ran inside send")
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(calls.withLock { $0 }, 1)
    }

    /// The main-actor form, sent from a background thread, still completes on the main queue, for a
    /// success, a failure and a cancel.
    func testTheMainActorFormCompletesOnTheMainQueueFromAnyThread() {
        let ok = makeStub(always: .json("{}"))
        let failing = makeStub(always: .status(404))
        let client = APIClient(baseURL: ok.baseURL, session: URLStub().makeSession())
        for endpoint in [Endpoint<Data>("x"), Endpoint<Data>(.url(failing.url("x")))] {
            let onMain = Locked<Bool?>(nil)
            let done = expectation(description: "completion on main")
            DispatchQueue.global().async {
                client.send(endpoint) { _ in
                    dispatchPrecondition(condition: .onQueue(.main))
                    onMain.withLock { $0 = true }
                    done.fulfill()
                }
            }
            wait(for: [done], timeout: 10)
            XCTAssertEqual(onMain.withLock { $0 }, true)
        }
    }
}
