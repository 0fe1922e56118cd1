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
        assertCalledExactlyOnce(probe)  // and watched to the end of the run (LateCallWatch)
        XCTAssertEqual(stub.requestCount, 1)
    }

    /// Neither the endpoint nor the options name a timeout: the injected session's 1 s is the one the
    /// request carries, so it is the one URLSession and the watchdog (which reads the request's value)
    /// apply. The stub answers `.timedOut` at once: `testUnansweredRequestTimesOut` waits for a real
    /// watchdog, `SessionTimeoutTests.testInjectedSessionTimeoutEndsAnUnansweredRequest` for a real
    /// session timeout over a socket.
    func testInjectedSessionTimeoutIsTheOneTheRequestCarries() {
        let stub = makeStub(always: .fail(URLError(.timedOut)))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let client = APIClient(
            baseURL: stub.baseURL, session: stub.makeSession(configuration: configuration),
            options: APIClient.Options(retryPolicy: .never))
        XCTAssertEqual(failure(result(Endpoint<Data>("x"), on: client)), .timedOut)
        XCTAssertEqual(stub.requests.map(\.request.timeoutInterval), [1], "the session's 1 s")
    }

    /// A sub-second timeout is sent as 1 s (Linux's URLSession counts whole seconds): the stub answers
    /// `.timedOut` at once, so the test checks the timeout the request carries instead of waiting it out
    /// (the watchdog reads that same value: `testUnansweredRequestTimesOut` waits for a real 1 s).
    func testSubSecondTimeoutIsOneSecond() {
        let stub = makeStub(always: .fail(URLError(.timedOut)))
        let error = failure(result(Endpoint<Data>("x").timeout(0.2).retry(.never), on: makeClient(stub)))
        XCTAssertEqual(error, .timedOut)
        XCTAssertEqual(stub.requests.map(\.request.timeoutInterval), [1], "0.2 s is rounded up to 1 s")
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
