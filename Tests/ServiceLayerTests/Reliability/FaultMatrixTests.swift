import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Every public controller call against every fault (a covering quarter of the pairs by default;
/// `SERVICELAYER_FULL=1` for all of them) the network or server can throw at it: each one
/// completes exactly once, on its callback queue, within its timeout plus a margin, with the
/// documented outcome (see ``FaultMatrix/expected(_:_:)`` for the table and why each entry is so).
///
/// Every case has its own fixture server, so queued faults never meet another case's request, and the
/// cases run several at a time so the whole matrix takes seconds rather than minutes.
final class FaultMatrixTests: XCTestCase {
    /// Cases in flight at once. Most wait on a timer or a socket, not on the CPU.
    private let width = 12

    func testEveryControllerCallUnderEveryFault() throws {
        let matrix = ControllerCall.all.enumerated().flatMap { call in
            FaultKind.allCases.enumerated().map { fault in
                (call.offset, fault.offset, FaultCase(call: call.element, fault: fault.element))
            }
        }
        XCTAssertEqual(matrix.count, 13 * 12)
        // By default a quarter of the matrix, every call under three faults and every fault under three or
        // four calls of different controllers (call − fault ≡ 0 mod 4); `SERVICELAYER_FULL=1` runs it all.
        let cases = matrix.filter { TestSize.isFull || ($0.0 - $0.1) % 4 == 0 }.map(\.2)
        XCTAssertEqual(Set(cases.map(\.call.name)).count, ControllerCall.all.count, "every call is in the matrix")
        XCTAssertEqual(Set(cases.map(\.fault)).count, FaultKind.allCases.count, "every fault is in the matrix")
        let runner = try FaultCaseRunner()
        let clock = Date()
        let reports = runner.run(cases, width: width)
        let duration = Date().timeIntervalSince(clock)

        XCTAssertEqual(reports.count, cases.count, "every case must report")
        for report in reports {
            for problem in report.problems {
                XCTFail("\(report.faultCase.name): \(problem)")
            }
        }
        print(Self.table(reports))
        let slowest = reports.compactMap(\.elapsed).max() ?? 0
        print(
            "FaultMatrix: \(reports.count) cases in \(String(format: "%.1f", duration)) s, slowest completion "
                + "\(String(format: "%.2f", slowest)) s, \(reports.filter { !$0.problems.isEmpty }.count) failing")
        XCTAssertLessThan(duration, 60, "the matrix must stay well under a minute")
    }

    /// The redirect target of a matrix case must never see the token, and a redirected `fetchProducts`
    /// really carried it to the first host (so the check above is not vacuous).
    func testRedirectedProductsCarriedTheTokenOnlyToTheFirstHost() throws {
        let call = try XCTUnwrap(ControllerCall.accounts.first { $0.name == "accounts.fetchProducts" })
        try runRedirected(call, status: 302, signsUp: true) { server, other, token, outcome in
            XCTAssertEqual(server.requests.last?.headers["authorization"], "Bearer \(token ?? "")")
            XCTAssertEqual(other.requests.map(\.path), ["/api/products"])
            XCTAssertNil(other.requests.first?.headers["authorization"])
            XCTAssertEqual(outcome.failureError?.statusCode, 401)
        }
    }

    /// A 307 keeps the method, and Linux's URLSession would resend an order without its body: the client
    /// does not follow it, and nothing reaches the other host.
    func testA307OfAnOrderIsNotFollowedWithoutItsBody() throws {
        let call = try XCTUnwrap(ControllerCall.menu.first { $0.name == "menu.submitOrder" })
        try runRedirected(call, status: 307, signsUp: false) { _, other, _, outcome in
            if FaultMatrix.onLinux {
                XCTAssertEqual(outcome.failureError?.statusCode, 307, summary(outcome))
                XCTAssertEqual(other.requestCount(path: "/order"), 0)
            } else {
                XCTAssertEqual(outcome.successValue, "30 minutes", summary(outcome))
                XCTAssertEqual(other.requests.first?.body.isEmpty, false)
            }
        }
    }

    /// Runs `call` once against a server whose route redirects (with `status`) to the same route on a
    /// second server, then hands both servers, the account's token (when `signsUp`) and the call's one
    /// outcome to `check`.
    private func runRedirected(
        _ call: ControllerCall, status: Int, signsUp: Bool,
        check: (_ server: FixtureServer, _ other: FixtureServer, _ token: String?, _ outcome: Result<String, APIError>)
            throws -> Void
    ) throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let other = FixtureServer()
        try other.start()
        defer { other.stop() }
        let token = signsUp ? try XCTUnwrap(FaultAccount.signUp(on: server.baseURL)) : nil
        server.inject(.redirect(to: call.url(on: other.baseURL), status: status), path: call.path)
        let session = APIClient.makeSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let environment = CallEnvironment(
            root: server.baseURL, session: session,
            options: APIClient.Options(timeout: FaultMatrix.timeout, retryPolicy: .never), token: token)
        let log = ExactlyOnce<Result<String, APIError>>()
        _ = call.start(Controllers(environment)) { log.callback($0) }
        XCTAssertNotNil(firstCall(log, timeout: 10))
        try check(server, other, token, try XCTUnwrap(log.allValues.first))
    }

    /// A server that closes a reused keep-alive connection without a reply: every call still completes
    /// once, within its timeout. (On Linux a call with a body ends `.timedOut`: libcurl's resend of it
    /// on a new connection stalls; see ``FaultMatrix/expectedOnReusedConnectionClose(_:)``.)
    func testCloseBeforeResponseOnAReusedConnection() throws {
        var started: [(call: ControllerCall, log: ExactlyOnce<Result<String, APIError>>, elapsed: Locked<Double>)] =
            []
        var servers: [FixtureServer] = []
        defer { for server in servers { server.stop() } }
        let session = APIClient.makeSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        for call in ControllerCall.all {
            let server = FixtureServer()
            try server.start()
            servers.append(server)
            let token = call.needsAccount ? FaultAccount.signUp(on: server.baseURL) : nil
            let controllers = Controllers(
                CallEnvironment(
                    root: server.baseURL, session: session,
                    options: APIClient.Options(timeout: FaultMatrix.timeout, retryPolicy: .never), token: token))
            let warmUp = ExactlyOnce<Result<String, APIError>>()
            _ = call.start(controllers) { warmUp.callback($0) }
            XCTAssertNotNil(firstCall(warmUp, timeout: 10), call.name)
            XCTAssertNotNil(warmUp.allValues.first?.successValue, "\(call.name): the warm-up call failed")
            server.inject(.closeBeforeResponse, path: call.path, method: call.httpMethod, times: nil)
            let log = ExactlyOnce<Result<String, APIError>>()
            let at = DispatchTime.now()
            let elapsed = Locked<Double>(0)
            _ = call.start(controllers) { result in
                elapsed.withLock { $0 = Double(DispatchTime.now().uptimeNanoseconds - at.uptimeNanoseconds) / 1e9 }
                log.callback(result)
            }
            started.append((call, log, elapsed))
        }
        var observed: [String] = []
        for (call, log, arrival) in started {
            XCTAssertNotNil(firstCall(log, timeout: 10), "\(call.name): no completion")
            let elapsed = arrival.withLock { $0 }
            Thread.sleep(forTimeInterval: 0.05)
            let results = log.allValues
            XCTAssertEqual(results.count, 1, "\(call.name) × reused connection closed: completions")
            guard let result = results.first else { continue }
            let expected = FaultMatrix.expectedOnReusedConnectionClose(call)
            XCTAssertTrue(expected.matches(result), "\(call.name): expected \(expected), got \(summary(result))")
            XCTAssertLessThan(elapsed, FaultMatrix.timeout + FaultMatrix.margin, "\(call.name): too late")
            observed.append("\(call.name): \(summary(result)) after \(String(format: "%.2f", elapsed)) s")
        }
        print("Reused connection closed without a reply:\n  " + observed.joined(separator: "\n  "))
    }

    // MARK: The table

    /// The observed outcomes as a Markdown table, one row per call and one column per fault.
    static func table(_ reports: [FaultCaseReport]) -> String {
        let faults = FaultKind.allCases
        var lines = [
            "| call | " + faults.map(\.rawValue).joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: faults.count),
        ]
        for call in ControllerCall.all {
            let cells = faults.map { fault -> String in
                guard
                    let report = reports.first(where: {
                        $0.faultCase.call.name == call.name && $0.faultCase.fault == fault
                    })
                else { return "?" }
                let mark = report.problems.isEmpty ? "" : " ✗"
                return compact(report) + mark
            }
            lines.append("| \(call.name) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// A cell: the outcome without the decoding details.
    private static func compact(_ report: FaultCaseReport) -> String {
        guard let first = report.results.first else { return "none" }
        switch first {
        case .success: return "ok"
        case .failure(.decoding): return ".decoding"
        case .failure: return summary(first)
        }
    }
}
