import Dispatch
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every call's completion runs exactly once, whatever happens to it.
final class ExactlyOnceTests: StubTestCase {
    func testSuccessCompletesOnce() {
        let stub = makeStub(always: .json(#"{"ok":true}"#))
        let probe = ExactlyOnce<Result<[String: Bool], APIError>>()
        let handle = makeClient(stub).send(Endpoint<[String: Bool]>("x"), completion: probe.callback)
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(try? probe.allValues.first?.get(), ["ok": true])
        XCTAssertTrue(handle.isFinished)
        XCTAssertFalse(handle.isCancelled)
    }

    func testFailureCompletesOnce() {
        let stub = makeStub(always: .status(500, body: "boom"))
        let probe = ExactlyOnce<Result<Data, APIError>>()
        makeClient(stub).send(Endpoint<Data>("x"), completion: probe.callback)
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(
            probe.allValues.first?.failureError, .httpStatus(code: 500, body: APIError.Body(data: Data("boom".utf8))))
    }

    func testCancelRightAfterSendCompletesOnceWithCancelled() {
        let gate = StubGate()
        let stub = makeStub(always: .held(gate, .json("{}")))
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let handle = makeClient(stub).send(Endpoint<Data>("x"), completion: probe.callback)
        handle.cancel()
        XCTAssertTrue(handle.isCancelled)
        XCTAssertTrue(handle.isFinished)
        firstCall(probe)
        gate.open()  // the stub's answer goes out now, after the cancel
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(probe.allValues.first?.failureError, .cancelled)
    }

    func testCancelInFlightCompletesOnceAndStopsTheRequest() {
        let stub = makeStub(always: .never)
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let handle = makeClient(stub).send(Endpoint<Data>("x"), completion: probe.callback)
        Polling.until { stub.requestCount == 1 }
        XCTAssertFalse(handle.isFinished)
        handle.cancel()
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(probe.allValues.first?.failureError, .cancelled)
        Polling.until { stub.cancelledCount >= 1 }
    }

    func testCancelAfterCompletionDoesNothing() {
        let stub = makeStub(always: .json("[1,2]"))
        let probe = ExactlyOnce<Result<[Int], APIError>>()
        let handle = makeClient(stub).send(Endpoint<[Int]>("x"), completion: probe.callback)
        firstCall(probe)
        handle.cancel()
        handle.cancel()
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(try? probe.allValues.first?.get(), [1, 2])
        XCTAssertFalse(handle.isCancelled)
    }

    func testCancelTwiceCompletesOnce() {
        let stub = makeStub(always: .never)
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let handle = makeClient(stub).send(Endpoint<Data>("x"), completion: probe.callback)
        handle.cancel()
        handle.cancel()
        assertCalledExactlyOnce(probe)
        XCTAssertEqual(probe.allValues.first?.failureError, .cancelled)
    }

    func testCancelFromInsideAnotherCallsCompletion() {
        let fast = makeStub(always: .json("{}"))
        let slow = makeStub(always: .never)
        let client = makeClient(fast)
        let probeB = ExactlyOnce<Result<Data, APIError>>()
        let handleB = client.send(Endpoint<Data>(.url(slow.url("b"))), completion: probeB.callback)
        let probeA = ExactlyOnce<Result<Data, APIError>>()
        let completionA = probeA.callback
        client.send(Endpoint<Data>("a")) { result in
            handleB.cancel()
            completionA(result)
        }
        assertCalledExactlyOnce([probeA, probeB])
        XCTAssertNotNil(try? probeA.allValues.first?.get())
        XCTAssertEqual(probeB.allValues.first?.failureError, .cancelled)
        Polling.until { slow.cancelledCount >= 1 }
    }

    func testCancellingAFinishedCallFromAnotherCompletionKeepsItsResult() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        let probeB = ExactlyOnce<Result<Data, APIError>>()
        let handleB = client.send(Endpoint<Data>("b"), completion: probeB.callback)
        firstCall(probeB)
        let probeA = ExactlyOnce<Result<Data, APIError>>()
        let completionA = probeA.callback
        client.send(Endpoint<Data>("a")) { result in
            handleB.cancel()
            completionA(result)
        }
        assertCalledExactlyOnce(probeA)
        XCTAssertEqual(probeB.callCount, 1)
        XCTAssertNotNil(try? probeB.allValues.first?.get())
    }

    func testHundredConcurrentSendsCancelledAtRandomMomentsEachCompleteOnce() {
        // Every third request is never answered (only a cancel can end it); the others are answered at
        // once. A stub answer delayed on another thread would race URLSession's own cancel machinery,
        // which on Linux crashes when a URLProtocol calls its client after the task was cancelled; a
        // real server (the soak) covers responses and cancels that cross on the wire.
        let stub = makeStub { seen in
            (Int(seen.url?.lastPathComponent ?? "") ?? 0) % 3 == 0 ? .never : .json("{}")
        }
        let client = makeClient(stub)
        let callbacks = DispatchQueue(label: "callbacks", attributes: .concurrent)
        let count = 100
        let probes = (0..<count).map { _ in ExactlyOnce<APIError?>() }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let done = probes[index].callback
            let handle = client.send(Endpoint<Data>("items/\(index)"), callbackQueue: callbacks) { result in
                done(result.failureError)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + Double.random(in: 0...0.06)) { handle.cancel() }
        }
        assertCalledExactlyOnce(probes)
        callbacks.sync(flags: .barrier) {}  // a second completion already on the callback queue lands now
        XCTAssertEqual(probes.map(\.callCount), Array(repeating: 1, count: count))
        for (index, probe) in probes.enumerated() {
            if let error = probe.allValues.first ?? nil { XCTAssertEqual(error, .cancelled, "call \(index)") }
        }
    }
}
