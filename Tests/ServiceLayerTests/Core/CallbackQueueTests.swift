import Dispatch
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Completions run on the client's callback queue, a call's own queue, or `.main` by default.
final class CallbackQueueTests: CoreTestCase {
    private let key = DispatchSpecificKey<String>()
    private let clientQueue = DispatchQueue(label: "CallbackQueueTests.client")
    private let callQueue = DispatchQueue(label: "CallbackQueueTests.call")

    override func setUp() {
        super.setUp()
        clientQueue.setSpecific(key: key, value: "client")
        callQueue.setSpecific(key: key, value: "call")
    }

    /// Sends `endpoint` and returns the queue label seen by its completion, checking it is `expected`.
    private func queueName<Response>(
        _ endpoint: Endpoint<Response>, client: APIClient, override: DispatchQueue? = nil, expected: DispatchQueue
    ) -> String? {
        let seen = Locked<String?>(nil)
        let done = expectation(description: "completion")
        let key = self.key
        client.send(endpoint, callbackQueue: override) { _ in
            dispatchPrecondition(condition: .onQueue(expected))
            seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return seen.withLock { $0 }
    }

    func testSuccessAndFailureRunOnTheClientQueue() {
        let ok = makeStub(always: .json("{}"))
        let notFound = makeStub(always: .status(404))
        let client = makeClient(ok, callbackQueue: clientQueue)
        XCTAssertEqual(queueName(Endpoint<Data>(path: "x"), client: client, expected: clientQueue), "client")
        let failing = Endpoint<Data>(url: notFound.url("x"))
        XCTAssertEqual(queueName(failing, client: client, expected: clientQueue), "client")
    }

    func testImmediateFailuresAndCancellationRunOnTheClientQueue() {
        let stub = makeStub(always: .never)
        let client = makeClient(stub, callbackQueue: clientQueue, tokenProvider: { nil })
        let unauthenticated = Endpoint<Data>(path: "x", requiresAuthorization: true)
        XCTAssertEqual(queueName(unauthenticated, client: client, expected: clientQueue), "client")

        let seen = Locked<String?>(nil)
        let done = expectation(description: "cancelled")
        let key = self.key
        let clientQueue = self.clientQueue
        let handle = client.send(Endpoint<Data>(path: "slow")) { result in
            dispatchPrecondition(condition: .onQueue(clientQueue))
            XCTAssertEqual(result.failureError, .cancelled)
            seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
            done.fulfill()
        }
        DispatchQueue.global().async { handle.cancel() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(seen.withLock { $0 }, "client")
    }

    func testPerCallQueueOverridesTheClientQueue() {
        let ok = makeStub(always: .json("{}"))
        let failing = makeStub(always: .status(500))
        let client = makeClient(ok, callbackQueue: clientQueue)
        let success = Endpoint<Data>(path: "x")
        XCTAssertEqual(queueName(success, client: client, override: callQueue, expected: callQueue), "call")
        let failure = Endpoint<Data>(url: failing.url("x"))
        XCTAssertEqual(queueName(failure, client: client, override: callQueue, expected: callQueue), "call")
    }

    func testCompletionNeverRunsOnTheCallersStack() {
        let client = makeClient(baseURL: URL(string: "mailto:x@y")!, callbackQueue: clientQueue)
        let calls = Locked(0)
        let done = expectation(description: "completion")
        clientQueue.sync {
            client.send(Endpoint<Data>(path: "x")) { _ in
                calls.withLock { $0 += 1 }
                done.fulfill()
            }
            XCTAssertEqual(calls.withLock { $0 }, 0, "the completion ran inside send")
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(calls.withLock { $0 }, 1)
    }

    func testMainQueueIsTheDefault() {
        let ok = makeStub(always: .json("{}"))
        let failing = makeStub(always: .status(404))
        let client = APIClient(baseURL: ok.baseURL, session: URLStub().makeSession())
        XCTAssertEqual(client.callbackQueue.label, DispatchQueue.main.label)
        for endpoint in [Endpoint<Data>(path: "x"), Endpoint<Data>(url: failing.url("x"))] {
            let onMain = Locked<Bool?>(nil)
            let done = expectation(description: "completion on main")
            client.send(endpoint) { _ in
                dispatchPrecondition(condition: .onQueue(.main))
                onMain.withLock { $0 = Thread.isMainThread }
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
            XCTAssertEqual(onMain.withLock { $0 }, true)
        }
    }
}
