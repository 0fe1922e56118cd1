import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Cancelling calls while their redirects are being decided must not crash the process.
///
/// On Linux, Foundation traps when a task is cancelled between asking its delegate about a redirect
/// and receiving the answer. Before the client serialized its cancels with its redirect guard, this
/// test (and the soak, about one run in four) died with "Received callback for HTTP redirection, but
/// we're not waiting for it".
final class RedirectCancelRaceTests: XCTestCase {
    func testCancellingCallsMidRedirectNeitherCrashesNorLosesCompletions() throws {
        let server = FixtureServer(maxConnections: 256)
        try server.start()
        defer { server.stop() }
        let other = FixtureServer(maxConnections: 256)
        try other.start()
        defer { other.stop() }
        server.inject(
            .redirect(to: other.baseURL.appendingPathComponent("categories")), path: "/categories", times: nil)
        let session = APIClient.makeSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let client = APIClient(
            baseURL: server.baseURL, session: session,
            options: APIClient.Options(timeout: 2, retryPolicy: .never, coalescesGETs: false))
        let callbacks = DispatchQueue(label: "ServiceLayerTests.RedirectCancelRace")
        let calls = TestSize.pick(full: 2_000, small: 500)
        let completions = Locked<[Int: Int]>([:])
        let group = DispatchGroup()
        for index in 0..<calls {
            group.enter()
            let handle = client.send(Endpoint<CategoriesResponse>("categories"), callbackQueue: callbacks) { _ in
                let count = completions.withLock { completions -> Int in
                    completions[index, default: 0] += 1
                    return completions[index]!
                }
                if count == 1 { group.leave() }
            }
            // Cancels spread over the first few milliseconds, where the redirect is decided.
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(index % 20) * 0.0003) { handle.cancel() }
            if index % 16 == 15 { Thread.sleep(forTimeInterval: 0.003) }
        }
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 60), .success, "completions missing")
        callbacks.sync {}  // a second completion already on the callback queue has run
        // A later one is caught too: the rest of the run (at least 0.3 s) watches it (LateCallWatch).
        LateCallWatch.shared.watch("no call completed twice", forAtLeast: 0.3, in: self) {
            completions.withLock { $0.values.allSatisfy { $0 == 1 } }
        }
        let counts = completions.withLock { $0 }
        XCTAssertEqual(counts.count, calls)
        XCTAssertEqual(counts.values.filter { $0 != 1 }.count, 0, "calls completed more than once")
    }
}
