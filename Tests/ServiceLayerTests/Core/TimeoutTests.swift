import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request that gets no answer ends with `.timedOut`, by URLSession or by the client's own watchdog.
final class TimeoutTests: StubTestCase {
    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    func testUnansweredRequestTimesOut() {
        let stub = makeStub(always: .never)
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let start = DispatchTime.now()
        makeClient(stub).send(Endpoint<Data>("x").timeout(1).retry(.never), completion: probe.callback)
        firstCall(probe)
        let elapsed = seconds(since: start)
        XCTAssertEqual(probe.allValues.first?.failureError, .timedOut)
        XCTAssertGreaterThan(elapsed, 0.8, "a 1 s timeout fired early")
        XCTAssertLessThan(elapsed, 4, "the watchdog fires at timeout + 0.5 s")
        Polling.pause(0.3)
        XCTAssertEqual(probe.callCount, 1)
        XCTAssertEqual(stub.requestCount, 1)
    }

    /// A stub never answers, so no server closes anything: the session's 1 s (neither the endpoint nor
    /// the options name a timeout) is what ends the call, by URLSession or by the watchdog set to it.
    func testInjectedSessionTimeoutEndsAStubThatNeverAnswers() {
        let stub = makeStub(always: .never)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let client = APIClient(
            baseURL: stub.baseURL, session: stub.makeSession(configuration: configuration),
            options: APIClient.Options(retryPolicy: .never))
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let start = DispatchTime.now()
        client.send(Endpoint<Data>("x"), completion: probe.callback)
        firstCall(probe)
        let elapsed = seconds(since: start)
        XCTAssertEqual(probe.allValues.first?.failureError, .timedOut)
        XCTAssertGreaterThan(elapsed, 0.8, "the session's 1 s timeout fired early")
        XCTAssertLessThan(elapsed, 3, "the watchdog fires at the session's 1 s + 0.5 s")
        Polling.pause(0.5)
        XCTAssertEqual(probe.callCount, 1)
    }

    func testSubSecondTimeoutIsOneSecond() {
        let stub = makeStub(always: .never)
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let start = DispatchTime.now()
        makeClient(stub).send(Endpoint<Data>("x").timeout(0.2), completion: probe.callback)
        firstCall(probe)
        XCTAssertEqual(probe.allValues.first?.failureError, .timedOut)
        XCTAssertGreaterThan(seconds(since: start), 0.8, "0.2 s is rounded up to 1 s")
    }

    /// A GET that times out is tried again. The stub reports the timeout at once (`URLError.timedOut`):
    /// what a retry does with it is under test here; the real wait for a real socket's timeout, three
    /// tries of it, is `HostileTimeoutTests.testADeadServerGetsThreeTimedOutTriesUnderTheDefaultPolicy`.
    func testTimedOutGETIsRetried() {
        let stub = makeStub(always: .fail(URLError(.timedOut)))
        let endpoint = Endpoint<Data>("x").timeout(1).retry(RetryPolicy(maxRetries: 1, baseDelay: 0.05))
        let error = failure(result(endpoint, on: makeClient(stub), timeout: 15))
        XCTAssertEqual(error, .timedOut)
        XCTAssertEqual(stub.requestCount, 2)
    }
}
