import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer

/// Every public controller call against every fault the network or server can throw at it: each one
/// completes exactly once, on its callback queue, within its timeout plus a margin, with the
/// documented outcome (see ``FaultMatrix/expected(_:_:)`` for the table and why each entry is so).
///
/// Every case has its own fixture server, so queued faults never meet another case's request, and the
/// cases run several at a time so the whole matrix takes seconds rather than minutes.
final class FaultMatrixTests: XCTestCase {
    /// Cases in flight at once. Most wait on a timer or a socket, not on the CPU.
    private let width = 12

    func testEveryControllerCallUnderEveryFault() throws {
        let cases = ControllerCall.all.flatMap { call in FaultKind.allCases.map { FaultCase(call: call, fault: $0) } }
        XCTAssertEqual(cases.count, 13 * 12)
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
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let other = FixtureServer()
        try other.start()
        defer { other.stop() }
        let token = try XCTUnwrap(FaultAccount.signUp(on: server.baseURL))
        server.inject(.redirect(to: call.url(on: other.baseURL)), path: call.path)
        let queue = DispatchQueue(label: "ServiceLayerTests.FaultMatrix.redirect")
        let session = APIClient.makeSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let environment = CallEnvironment(
            root: server.baseURL, session: session, callbackQueue: queue,
            options: APIClient.Options(timeout: FaultMatrix.timeout, retryPolicy: .never), token: token)
        let log = LiveControllerTestCase.CompletionLog<String>()
        _ = call.start(environment) { log.record($0, onCallbackQueue: true) }
        XCTAssertEqual(log.done.wait(timeout: .now() + 10), .success)

        XCTAssertEqual(server.requests.last?.headers["authorization"], "Bearer \(token)")
        XCTAssertEqual(other.requests.map(\.path), ["/api/products"])
        XCTAssertNil(other.requests.first?.headers["authorization"])
        XCTAssertEqual(log.snapshot.results.first?.failureError?.statusCode, 401)
    }

    /// A 307 keeps the method, and Linux's URLSession would resend an order without its body: the client
    /// does not follow it, and nothing reaches the other host.
    func testA307OfAnOrderIsNotFollowedWithoutItsBody() throws {
        let call = try XCTUnwrap(ControllerCall.menu.first { $0.name == "menu.submitOrder" })
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let other = FixtureServer()
        try other.start()
        defer { other.stop() }
        server.inject(.redirect(to: call.url(on: other.baseURL), status: 307), path: call.path)
        let queue = DispatchQueue(label: "ServiceLayerTests.FaultMatrix.307")
        let session = APIClient.makeSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let environment = CallEnvironment(
            root: server.baseURL, session: session, callbackQueue: queue,
            options: APIClient.Options(timeout: FaultMatrix.timeout, retryPolicy: .never), token: nil)
        let log = LiveControllerTestCase.CompletionLog<String>()
        _ = call.start(environment) { log.record($0, onCallbackQueue: true) }
        XCTAssertEqual(log.done.wait(timeout: .now() + 10), .success)

        let outcome = try XCTUnwrap(log.snapshot.results.first)
        if FaultMatrix.onLinux {
            XCTAssertEqual(outcome.failureError?.statusCode, 307, summary(outcome))
            XCTAssertEqual(other.requestCount(path: "/order"), 0)
        } else {
            XCTAssertEqual(outcome.successValue, "30 minutes", summary(outcome))
            XCTAssertEqual(other.requests.first?.body.isEmpty, false)
        }
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
