import FixtureServer
import Foundation
import ServiceLayer
import XCTest

@testable import DemoKit

/// The demo's walk, run end to end against an embedded fixture server. These tests check the
/// report (which steps ran and passed), not the wording of the transcript.
final class DemoWalkTests: XCTestCase {
    private var server: FixtureServer!

    override func setUpWithError() throws {
        server = FixtureServer()
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    private func walk(_ sections: [DemoSection] = DemoSection.allCases, baseURL: URL? = nil) -> (DemoReport, [String]) {
        let lines = Locked<[String]>([])
        let queue = DispatchQueue(label: "DemoWalkTests.walk")
        let walk = DemoWalk(
            baseURL: baseURL ?? server.baseURL, sections: sections, queue: queue,
            output: DemoOutput { line in lines.withLock { $0.append(line) } })
        let finished = expectation(description: "walk finished")
        let report = Locked<DemoReport?>(nil)
        walk.run { result in
            dispatchPrecondition(condition: .onQueue(queue))
            report.withLock { $0 = result }
            finished.fulfill()
        }
        wait(for: [finished], timeout: 60)
        return (report.withLock { $0 } ?? DemoReport(steps: []), lines.withLock { $0 })
    }

    /// What one whole walk did: its report, its transcript and the paths the server was asked for.
    private struct Walked: Sendable {
        let report: DemoReport
        let lines: [String]
        let paths: [String]
    }

    /// The whole walk, run once (on a server of its own) for the two tests that only read what it did:
    /// a walk costs a 20 MB download, and the second would show nothing the first did not.
    private static let wholeWalk: Walked = {
        let server = FixtureServer()
        guard (try? server.start()) != nil else {
            return Walked(report: DemoReport(steps: []), lines: ["the fixture server did not start"], paths: [])
        }
        defer { server.stop() }
        let lines = Locked<[String]>([])
        let queue = DispatchQueue(label: "DemoWalkTests.wholeWalk")
        let walk = DemoWalk(
            baseURL: server.baseURL, queue: queue, output: DemoOutput { line in lines.withLock { $0.append(line) } })
        let report = Locked<DemoReport?>(nil)
        walk.run { result in
            dispatchPrecondition(condition: .onQueue(queue))
            report.withLock { $0 = result }
        }
        // Runs the main queue meanwhile (the controllers' completions arrive there), 60 s at most.
        let deadline = Date(timeIntervalSinceNow: 60)
        while report.withLock({ $0 }) == nil, Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
        }
        return Walked(
            report: report.withLock { $0 } ?? DemoReport(steps: []), lines: lines.withLock { $0 },
            paths: server.requests.map(\.path))
    }()

    func testTheWholeWalkSucceeds() {
        let (report, lines) = (Self.wholeWalk.report, Self.wholeWalk.lines)
        XCTAssertTrue(report.succeeded, "failed: \(report.failedSteps)")
        XCTAssertEqual(report.steps.count, 19)
        XCTAssertEqual(
            report.steps.map(\.name),
            [
                "fetch the categories", "fetch the menu of each category", "add two items to the order",
                "submit the order", "fetch an image, then again from the cache",
                "fetch users page 1", "fetch users page 2", "fetch user 2", "create a user", "update user 2",
                "delete user 2", "fetch unknown user 23 (fails on purpose)",
                "upload an avatar for user 2 (multipart)", "download a 20 MB file to disk",
                "sign up", "log in with a wrong password (fails on purpose)", "log in",
                "fetch the products (with the token)", "fetch the products after the access token expired",
            ])
        XCTAssertFalse(lines.contains { $0.contains("\u{1B}[") }, "no colour codes when not a terminal")
        let bars = lines.filter { $0.hasPrefix("  download [") }
        XCTAssertEqual(
            bars.last, "  download [####################] 100% 20.0/20.0 MB", "plain progress lines when piped")
        XCTAssertLessThanOrEqual(bars.count, 11, "at most one line a tenth")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  upload   [####################] 100%") })
    }

    func testTheWalkTouchesEveryRoute() {
        let paths = Set(Self.wholeWalk.paths)
        for path in [
            "/categories", "/menu", "/order", "/api/users", "/api/users/2", "/api/users/23", "/api/accounts/signup",
            "/api/accounts/login", "/api/products", "/api/accounts/refresh", "/api/users/2/avatar", "/files/20000000",
        ] {
            XCTAssertTrue(paths.contains(path), "the walk never asked for \(path)")
        }
        XCTAssertEqual(
            Self.wholeWalk.paths.filter { $0.hasPrefix("/images/") }.count, 1, "the second image came from the cache")
    }

    func testOnlyOneSection() {
        let (report, _) = walk([.users])
        XCTAssertTrue(report.succeeded)
        XCTAssertEqual(report.steps.count, 9, "the users' seven steps and the two transfers")
        XCTAssertFalse(server.requests.contains { $0.path == "/categories" })
    }

    func testAFailingStepIsNamed() {
        server.inject(.html500, path: "/api/users/2", method: "GET", times: nil)
        let (report, _) = walk([.users])
        XCTAssertFalse(report.succeeded)
        XCTAssertEqual(report.failedSteps, ["fetch user 2"])
        XCTAssertTrue(report.steps.first { $0.name == "fetch user 2" }?.detail.contains("500") ?? false)
    }

    func testAServerThatIsDownFailsEveryStepWithoutHanging() {
        let dead = FixtureServer()
        XCTAssertNoThrow(try dead.start())
        let deadURL = dead.baseURL
        dead.stop()
        let started = Date()
        let (report, _) = walk([.menu], baseURL: deadURL)
        XCTAssertFalse(report.succeeded)
        XCTAssertEqual(report.failedSteps.first, "fetch the categories")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }
}
