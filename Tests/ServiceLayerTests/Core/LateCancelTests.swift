import Dispatch
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How many times a main-actor-isolated model was decoded.
private let decodings = Locked(0)

/// A model whose `Decodable` conformance is isolated to the main actor: it is read on the main actor,
/// just before its completion runs.
private struct MainActorModel {
    let id: Int
}

extension MainActorModel: @MainActor Decodable {
    init(from decoder: any Decoder) throws {
        decodings.withLock { $0 += 1 }
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }

    private enum CodingKeys: String, CodingKey { case id }
}

/// A cancel made on the main actor after the call's work finished off the main thread, but before its
/// main-actor completion started, wins: the completion receives `.cancelled`, exactly once (a reused
/// table cell never shows the picture it cancelled). The test runs on the main thread and does not run
/// the main queue until it has cancelled, so the order is forced: work done, completion queued, cancel,
/// completion.
final class LateCancelTests: StubTestCase {
    func testACancelAfterAnAsyncBodyFinishedButBeforeItsCompletionRanDeliversCancelledOnce() throws {
        XCTAssertTrue(Thread.isMainThread)
        let once = ExactlyOnce<Result<String, APIError>>()
        let handle = RequestHandle.running(completion: once.callback) { () async throws(APIError) -> String in
            "picture"
        }
        waitWithoutTheMainQueue(until: handle)
        XCTAssertFalse(handle.isCancelled, "nothing cancelled yet")
        XCTAssertEqual(once.callCount, 0, "the completion is queued on the main queue, not run")
        handle.cancel()
        XCTAssertTrue(handle.isCancelled)
        assertCalledExactlyOnce(once)
        XCTAssertEqual(once.allValues.first?.failureError, .cancelled)
        handle.cancel()  // the completion has run: nothing changes
        XCTAssertTrue(handle.isCancelled)
        XCTAssertEqual(once.callCount, 1)
    }

    func testACancelAfterANetworkAnswerButBeforeItsCompletionRanDeliversCancelledOnce() {
        let stub = makeStub(always: .json("[1,2]"))
        let once = ExactlyOnce<Result<[Int], APIError>>()
        let handle = makeClient(stub).send(Endpoint<[Int]>("x"), completion: once.callback)
        waitWithoutTheMainQueue(until: handle)
        XCTAssertEqual(once.callCount, 0)
        handle.cancel()
        XCTAssertTrue(handle.isCancelled)
        assertCalledExactlyOnce(once)
        XCTAssertEqual(once.allValues.first?.failureError, .cancelled)
    }

    @MainActor
    func testACancelBeforeAMainActorReadingStartsDeliversCancelledWithoutReading() {
        let stub = makeStub(always: .json(#"{"id":3}"#))
        let once = ExactlyOnce<Result<MainActorModel, APIError>>()
        let before = decodings.withLock { $0 }
        let handle = makeClient(stub).send(Endpoint<MainActorModel>("x")) { result in
            once.callback(result)
        }
        waitWithoutTheMainQueue(until: handle)
        handle.cancel()
        assertCalledExactlyOnce(once)
        XCTAssertEqual(once.allValues.first?.failureError, .cancelled)
        XCTAssertEqual(decodings.withLock { $0 }, before, "a cancelled answer is not decoded")
    }

    @MainActor
    func testAMainActorReadingStillDeliversWhenNotCancelled() {
        let stub = makeStub(always: .json(#"{"id":3}"#))
        let once = ExactlyOnce<Result<MainActorModel, APIError>>()
        let handle = makeClient(stub).send(Endpoint<MainActorModel>("x")) { result in
            once.callback(result)
        }
        assertCalledExactlyOnce(once)
        XCTAssertEqual(try? once.allValues.first?.get().id, 3)
        handle.cancel()
        XCTAssertFalse(handle.isCancelled, "a cancel after the completion ran changes nothing")
    }

    func testACancelBeforeAKnownValuesCompletionRunsDeliversCancelledOnce() {
        let once = ExactlyOnce<Result<Int, APIError>>()
        let handle = RequestHandle.delivering(.success(7), to: once.callback)
        XCTAssertTrue(handle.isFinished, "a known value is finished at once")
        XCTAssertEqual(once.callCount, 0, "its completion runs later")
        handle.cancel()
        XCTAssertTrue(handle.isCancelled)
        XCTAssertTrue(handle.isFinished)
        assertCalledExactlyOnce(once)
        XCTAssertEqual(once.allValues.first?.failureError, .cancelled)
    }

    func testACompletionOnACallersQueueKeepsAResultAlreadyKnown() {
        let stub = makeStub(always: .json("[1]"))
        let queue = DispatchQueue(label: "held")
        let held = DispatchSemaphore(value: 0)
        queue.async { held.wait() }  // the completion waits behind this
        let once = ExactlyOnce<Result<[Int], APIError>>()
        let handle = makeClient(stub).send(Endpoint<[Int]>("x"), callbackQueue: queue, completion: once.callback)
        waitWithoutTheMainQueue(until: handle)
        handle.cancel()
        held.signal()
        assertCalledExactlyOnce(once)
        XCTAssertEqual(try? once.allValues.first?.get(), [1])
        XCTAssertFalse(handle.isCancelled, "the cancel came after the result was known")
    }

    func testCancelsFromAnotherThreadRacingTheMainQueueCompleteEachCallOnceAndHonestly() {
        let rounds = 300
        let onces = (0..<rounds).map { _ in ExactlyOnce<Result<Int, APIError>>() }
        var handles: [RequestHandle] = []
        let cancels = DispatchGroup()
        for round in 0..<rounds {
            let handle = RequestHandle.delivering(.success(round), to: onces[round].callback)
            handles.append(handle)
            DispatchQueue.global().async(group: cancels) { handle.cancel() }
            // Every other round, the main queue runs what it holds: some completions start before their
            // cancel, some after it.
            if round.isMultiple(of: 2) { _ = RunLoop.current.run(mode: .default, before: Date()) }
        }
        assertCalledExactlyOnce(onces)
        XCTAssertEqual(cancels.wait(timeout: .now() + 10), .success)
        Polling.pause(0.05)  // every cancel has been made; a second completion would be on the main queue
        var cancelled = 0
        for (round, (once, handle)) in zip(onces, handles).enumerated() {
            XCTAssertEqual(once.callCount, 1, "round \(round)")
            switch once.allValues.first {
            case .success(let value)?:
                XCTAssertEqual(value, round)
                XCTAssertFalse(handle.isCancelled, "round \(round): delivered its value, so not cancelled")
            case .failure(let error)?:
                XCTAssertEqual(error, .cancelled)
                XCTAssertTrue(handle.isCancelled, "round \(round): delivered .cancelled, so cancelled")
                cancelled += 1
            case nil: XCTFail("round \(round) was not called")
            }
        }
        XCTAssertGreaterThan(cancelled, 0, "some cancels came before their completion")
    }

    /// Waits, without running the main queue, until `handle`'s work is over and its completion queued.
    private func waitWithoutTheMainQueue(
        until handle: RequestHandle, file: StaticString = #filePath, line: UInt = #line
    ) {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !handle.isFinished && Date() < deadline { usleep(200) }
        XCTAssertTrue(handle.isFinished, "the work did not finish", file: file, line: line)
    }
}
