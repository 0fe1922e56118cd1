import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One report per finished exchange, over real sockets: retries and coalesced calls counted, cache hits
/// reported, and no secret the core put in the request.
final class ResultObserverTests: FixtureServerTestCase {
    private let reports = Locked<[ExchangeReport]>([])

    private func observingClient(
        baseURL: URL? = nil, retryPolicy: RetryPolicy = .never, cache: ResponseCache? = nil,
        token: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        let reports = self.reports
        return makeClient(
            baseURL: baseURL,
            options: APIClient.Options(
                retryPolicy: retryPolicy, responseCache: cache,
                resultObserver: { report in reports.withLock { $0.append(report) } }),
            token: token)
    }

    func testOneReportPerExchangeCountsItsRetries() {
        server.inject(.json(503, "{}"), path: "/categories", times: 1)
        let client = observingClient(retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.05))
        let result = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }
        XCTAssertNotNil(result?.successValue)
        let all = reports.withLock { $0 }
        XCTAssertEqual(all.count, 1, "one exchange, two tries: one report, before the completion")
        XCTAssertEqual(all.first?.retries, 1)
        XCTAssertEqual(all.first?.response?.statusCode, 200)
        XCTAssertNil(all.first?.error)
        XCTAssertEqual(all.first?.calls, 1)
        XCTAssertNil(all.first?.cache)
    }

    func testIdenticalCoalescedCallsMakeOneReportThatCountsThem() {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/categories", times: 1)  // in flight until all five joined
        let client = observingClient()
        let completions = Completions<CategoriesResponse>()
        for index in 0..<5 {
            client.send(Endpoint<CategoriesResponse>("categories"), completion: completions.completion(index))
        }
        gate.open()
        XCTAssertEqual(completions.wait().compactMap(\.successValue).count, 5)
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
        XCTAssertEqual(reports.withLock { $0.map(\.calls) }, [5])
    }

    func testAFailureAndACacheHitAreReportedToo() {
        let client = observingClient(cache: ResponseCache())
        let missing = awaitCompletion { client.send(Endpoint<Data>("api/users/99"), completion: $0) }
        XCTAssertEqual(missing?.failureError?.statusCode, 404)
        server.inject(
            .status(200, body: Data(#"{"categories": ["soups"]}"#.utf8), headers: ["Cache-Control": "max-age=60"]),
            path: "/categories", times: 1)
        _ = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }
        let hit = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }
        XCTAssertEqual(hit?.successValue?.categories, ["soups"])
        let all = reports.withLock { $0 }
        XCTAssertEqual(all.map { $0.error?.statusCode }, [404, nil, nil])
        XCTAssertEqual(all.map(\.cache), [.miss, .miss, .hit])
        XCTAssertEqual(server.requestCount(path: "/categories"), 1, "the hit sent nothing")
    }

    func testAReportHoldsNoCredentialTheCorePutThere() {
        let client = observingClient(baseURL: apiURL(), token: { "tk-REPORT-SECRET" })
        _ = awaitCompletion { client.send(Endpoint<Data>("products").requiringAuthorization(), completion: $0) }
        let report = reports.withLock { $0.first }
        XCTAssertEqual(report?.request.value(forHTTPHeaderField: "Authorization"), "<redacted>")
        XCTAssertEqual(requests(to: "/api/products").first?.headers["authorization"], "Bearer tk-REPORT-SECRET")
        XCTAssertFalse(String(describing: report as Any).contains("tk-REPORT-SECRET"))
    }

    func testTheLoggerIsOneUserOfTheReports() {
        let lines = Locked<[String]>([])
        var options = APIClient.Options()
        options.logger = { line in lines.withLock { $0.append(line) } }
        options.resultObserver = { [reports] report in reports.withLock { $0.append(report) } }
        let client = makeClient(options: options)
        _ = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }
        XCTAssertEqual(lines.withLock { $0.count }, 1)
        XCTAssertEqual(reports.withLock { $0.count }, 1)
        XCTAssertTrue(lines.withLock { $0.first?.hasPrefix("GET ") ?? false })
    }
}
