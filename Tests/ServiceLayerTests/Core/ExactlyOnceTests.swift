import Dispatch
import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every call's completion runs exactly once, whatever happens to it.
final class ExactlyOnceTests: CoreTestCase {
    func testSuccessCompletesOnce() {
        let stub = makeStub(always: .json(#"{"ok":true}"#))
        let probe = CompletionProbe<[String: Bool]>(self)
        let handle = makeClient(stub).send(Endpoint<[String: Bool]>(path: "x"), completion: probe.completion)
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(try? probe.result?.get(), ["ok": true])
        XCTAssertTrue(handle.isFinished)
        XCTAssertFalse(handle.isCancelled)
    }

    func testFailureCompletesOnce() {
        let stub = makeStub(always: .status(500, body: "boom"))
        let probe = CompletionProbe<Data>(self)
        makeClient(stub).send(Endpoint<Data>(path: "x"), completion: probe.completion)
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(probe.result?.failureValue, .httpStatus(code: 500, body: Data("boom".utf8)))
    }

    func testCancelRightAfterSendCompletesOnceWithCancelled() {
        let stub = makeStub(always: .delayed(0.3, .json("{}")))
        let probe = CompletionProbe<Data>(self)
        let handle = makeClient(stub).send(Endpoint<Data>(path: "x"), completion: probe.completion)
        handle.cancel()
        XCTAssertTrue(handle.isCancelled)
        XCTAssertTrue(handle.isFinished)
        assertCalledExactlyOnce(probe)
        pause(0.3)  // past the stub's answer
        XCTAssertEqual(probe.count, 1)
        XCTAssertEqual(probe.result?.failureValue, .cancelled)
    }

    func testCancelInFlightCompletesOnceAndStopsTheRequest() {
        let stub = makeStub(always: .never)
        let probe = CompletionProbe<Data>(self)
        let handle = makeClient(stub).send(Endpoint<Data>(path: "x"), completion: probe.completion)
        waitUntil { stub.hits == 1 }
        XCTAssertFalse(handle.isFinished)
        handle.cancel()
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(probe.result?.failureValue, .cancelled)
        waitUntil { stub.stops >= 1 }
    }

    func testCancelAfterCompletionDoesNothing() {
        let stub = makeStub(always: .json("[1,2]"))
        let probe = CompletionProbe<[Int]>(self)
        let handle = makeClient(stub).send(Endpoint<[Int]>(path: "x"), completion: probe.completion)
        wait(for: [probe.firstCall], timeout: 10)
        handle.cancel()
        handle.cancel()
        pause(0.3)
        XCTAssertEqual(probe.count, 1)
        XCTAssertEqual(try? probe.result?.get(), [1, 2])
        XCTAssertFalse(handle.isCancelled)
    }

    func testCancelTwiceCompletesOnce() {
        let stub = makeStub(always: .never)
        let probe = CompletionProbe<Data>(self)
        let handle = makeClient(stub).send(Endpoint<Data>(path: "x"), completion: probe.completion)
        handle.cancel()
        handle.cancel()
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(probe.result?.failureValue, .cancelled)
    }

    func testCancelFromInsideAnotherCallsCompletion() {
        let fast = makeStub(always: .json("{}"))
        let slow = makeStub(always: .never)
        let client = makeClient(fast)
        let probeB = CompletionProbe<Data>(self, "B")
        let handleB = client.send(Endpoint<Data>(url: slow.url("b")), completion: probeB.completion)
        let probeA = CompletionProbe<Data>(self, "A")
        let completionA = probeA.completion
        client.send(Endpoint<Data>(path: "a")) { result in
            handleB.cancel()
            completionA(result)
        }
        assertCalledExactlyOnce(probeA)
        assertCalledExactlyOnce(probeB)
        XCTAssertNotNil(try? probeA.result?.get())
        XCTAssertEqual(probeB.result?.failureValue, .cancelled)
        waitUntil { slow.stops >= 1 }
    }

    func testCancellingAFinishedCallFromAnotherCompletionKeepsItsResult() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        let probeB = CompletionProbe<Data>(self, "B")
        let handleB = client.send(Endpoint<Data>(path: "b"), completion: probeB.completion)
        wait(for: [probeB.firstCall], timeout: 10)
        let probeA = CompletionProbe<Data>(self, "A")
        let completionA = probeA.completion
        client.send(Endpoint<Data>(path: "a")) { result in
            handleB.cancel()
            completionA(result)
        }
        assertCalledExactlyOnce(probeA)
        XCTAssertEqual(probeB.count, 1)
        XCTAssertNotNil(try? probeB.result?.get())
    }

    func testHundredConcurrentSendsCancelledAtRandomMomentsEachCompleteOnce() {
        // Every third request is never answered (only a cancel can end it); the others are answered at
        // once. A stub answer delayed on another thread would race URLSession's own cancel machinery,
        // which on Linux crashes when a URLProtocol calls its client after the task was cancelled; a
        // real server (the soak) covers responses and cancels that cross on the wire.
        let stub = makeStub { seen in
            (Int(seen.url?.lastPathComponent ?? "") ?? 0) % 3 == 0 ? .never : .json("{}")
        }
        let client = makeClient(stub, callbackQueue: DispatchQueue(label: "callbacks", attributes: .concurrent))
        let count = 100
        let calls = Box<[Int]>(Array(repeating: 0, count: count))
        let outcomes = Box<[APIError?]>(Array(repeating: nil, count: count))
        let allDone = expectation(description: "all completions")
        allDone.expectedFulfillmentCount = count
        allDone.assertForOverFulfill = false
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let handle = client.send(Endpoint<Data>(path: "items/\(index)")) { result in
                calls.update { $0[index] += 1 }
                outcomes.update { $0[index] = result.failureValue }
                allDone.fulfill()
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + Double.random(in: 0...0.06)) { handle.cancel() }
        }
        wait(for: [allDone], timeout: 20)
        pause(0.3)
        XCTAssertEqual(calls.value, Array(repeating: 1, count: count))
        for (index, error) in outcomes.value.enumerated() where error != nil {
            XCTAssertEqual(error, .cancelled, "call \(index)")
        }
    }
}
