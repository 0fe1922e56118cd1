import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which timeout a request gets: the endpoint's, else the client's ``APIClient/Options/timeout``, else
/// the injected session's `timeoutIntervalForRequest`: the fixture server holding an answer back shows
/// the session's ends the call; a stub shows which one a sent request carries.
final class SessionTimeoutTests: FixtureServerTestCase {
    /// A session whose configuration says `seconds` per request, as an app would inject it.
    private func makeSession(timeout seconds: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        return APIClient.makeSession(configuration: configuration)
    }

    private func makeClient(sessionTimeout: TimeInterval, options: APIClient.Options) -> APIClient {
        APIClient(
            baseURL: server.baseURL, session: makeSession(timeout: sessionTimeout),
            options: options)
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Sends `endpoint` to a `/categories` the server answers only after 30 s; returns the one result
    /// and the seconds it took.
    private func sendUnanswered(
        _ endpoint: Endpoint<CategoriesResponse>, on client: APIClient, file: StaticString = #filePath,
        line: UInt = #line
    ) -> (result: Result<CategoriesResponse, APIError>?, seconds: Double) {
        server.inject(.delay(30), path: "/categories", method: "GET", times: nil)
        let recorder = Completions<CategoriesResponse>()
        let start = DispatchTime.now()
        client.send(endpoint, completion: recorder.completion())
        let results = recorder.wait(timeout: 40, settle: 0, file: file, line: line)
        let elapsed = seconds(since: start)
        // A late second completion (URLSession's own timeout after the watchdog's, which fires 0.5 s
        // after it, or the reverse) fails a test whenever it comes: the recorder's callbacks stay
        // watched to the end of the run (LateCallWatch), so no fixed wait for it here.
        return (results.first, elapsed)
    }

    // MARK: - On the wire

    func testInjectedSessionTimeoutEndsAnUnansweredRequest() {
        let client = makeClient(sessionTimeout: 1, options: APIClient.Options(retryPolicy: .never))
        let (result, elapsed) = sendUnanswered(Endpoint("categories"), on: client)
        XCTAssertEqual(result?.failureError, .timedOut)
        XCTAssertLessThan(elapsed, 3, "the session says 1 s; the watchdog adds 0.5 s")
        XCTAssertGreaterThan(elapsed, 0.8, "ended before the session's 1 s")
    }

    func testSessionTimeoutLetsASlowAnswerThrough() {
        server.inject(.delay(1), path: "/categories", method: "GET", times: 1)
        let client = makeClient(sessionTimeout: 5, options: APIClient.Options(retryPolicy: .never))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint("categories"), completion: recorder.completion())
        let result = recorder.wait().first
        XCTAssertEqual(try? result?.get().categories.count, 6, "a 1 s answer fits in the session's 5 s")
    }

    // MARK: - Which timeout a sent request carries

    // These check the winner on the request URLSession is handed, answered `.timedOut` at once by a stub:
    // the real waits for an unanswered request under the applied timeout are
    // `testInjectedSessionTimeoutEndsAnUnansweredRequest` above (URLSession's timeout over a socket) and
    // `TimeoutTests.testUnansweredRequestTimesOut` (the watchdog, which reads the request's timeout).

    /// Sends `endpoint` with a client on a stub session whose configuration says `sessionTimeout`; the
    /// stub answers `URLError(.timedOut)` at once. Returns the result and the timeout of the request
    /// the stub received.
    private func sendTimingOutAtOnce<Response: Sendable>(
        _ endpoint: Endpoint<Response>, sessionTimeout: TimeInterval, options: APIClient.Options,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (result: Result<Response, APIError>?, sentTimeout: TimeInterval?) {
        let stub = URLStub(always: .fail(URLError(.timedOut)))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = sessionTimeout
        let client = APIClient(
            baseURL: stub.baseURL, session: stub.makeSession(configuration: configuration), options: options)
        let result = awaitCompletion(file: file, line: line) { client.send(endpoint, completion: $0) }
        XCTAssertEqual(stub.requestCount, 1, "one try", file: file, line: line)
        return (result, stub.requests.first?.request.timeoutInterval)
    }

    func testOptionsTimeoutWinsOverTheSessions() {
        let (result, sent) = sendTimingOutAtOnce(
            Endpoint<CategoriesResponse>("categories"), sessionTimeout: 60,
            options: APIClient.Options(timeout: 1, retryPolicy: .never))
        XCTAssertEqual(result?.failureError, .timedOut)
        XCTAssertEqual(sent, 1, "the options' 1 s, not the session's 60 s")
    }

    func testEndpointTimeoutWinsOverTheOptionsAndTheSessions() {
        let (result, sent) = sendTimingOutAtOnce(
            Endpoint<CategoriesResponse>("categories").timeout(1), sessionTimeout: 60,
            options: APIClient.Options(timeout: 30, retryPolicy: .never))
        XCTAssertEqual(result?.failureError, .timedOut)
        XCTAssertEqual(sent, 1, "the endpoint's 1 s, not the options' 30 s")
    }

    func testControllerOnAnInjectedSessionTimesOutInTime() async {
        let stub = URLStub(always: .fail(URLError(.timedOut)))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let controller = MenuController(
            baseURL: stub.baseURL, session: stub.makeSession(configuration: configuration),
            options: APIClient.Options(retryPolicy: .never), notificationCenter: NotificationCenter())
        do {
            let categories = try await controller.fetchCategories()
            XCTFail("expected .timedOut, got \(categories)")
        } catch {
            XCTAssertEqual(error, .timedOut)
        }
        XCTAssertEqual(stub.requests.map(\.request.timeoutInterval), [1], "the injected session's 1 s")
    }

    // MARK: - The request's timeout

    func testTheTimeoutThatAppliesIsSetOnTheRequest() {
        func timeout(session: TimeInterval, options: TimeInterval?, endpoint: TimeInterval?) -> TimeInterval? {
            let client = makeClient(sessionTimeout: session, options: APIClient.Options(timeout: options))
            var request = Endpoint<Data>("x")
            if let endpoint { request = request.timeout(endpoint) }
            return try? client.makeRequest(for: request).get().timeoutInterval
        }
        XCTAssertEqual(timeout(session: 2, options: nil, endpoint: nil), 2, "the session's")
        XCTAssertEqual(timeout(session: 2, options: 5, endpoint: nil), 5, "the options' over the session's")
        XCTAssertEqual(timeout(session: 2, options: 5, endpoint: 7), 7, "the endpoint's over both")
        XCTAssertEqual(timeout(session: 2, options: nil, endpoint: 7), 7, "the endpoint's over the session's")
        XCTAssertEqual(timeout(session: 2.5, options: nil, endpoint: nil), 3, "whole seconds, rounded up")
        XCTAssertEqual(timeout(session: 0.3, options: nil, endpoint: nil), 1, "at least 1 s")
    }

    func testDefaultOptionsNameNoTimeout() {
        XCTAssertNil(APIClient.Options().timeout)
        let client = makeClient(sessionTimeout: 2, options: APIClient.Options())
        let mirrored = Mirror(reflecting: client).children.first { $0.label == "timeout" }?.value as? TimeInterval
        XCTAssertEqual(mirrored, 2, "the mirror shows the session's timeout when the options name none")
    }
}
