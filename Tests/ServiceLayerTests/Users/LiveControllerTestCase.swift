import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base of the users and accounts tests: a fresh fixture server on a free port for each test,
/// and a way to wait for a call's single completion on the main queue.
class LiveControllerTestCase: XCTestCase {
    /// The server of the current test, started in `setUp`.
    var server: FixtureServer!
    private var extraServers: [FixtureServer] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainQueue.prepare()
        server = FixtureServer()
        try server.start()
    }

    override func tearDown() {
        for extra in extraServers { extra.stop() }
        extraServers.removeAll()
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// `http://127.0.0.1:<port>/api/` of `server` (or of another one).
    func apiURL(of server: FixtureServer? = nil) -> URL {
        URL(string: "api/", relativeTo: (server ?? self.server).baseURL)!.absoluteURL
    }

    /// Starts a second server for this test; `tearDown` stops it.
    func startExtraServer() throws -> FixtureServer {
        let extra = FixtureServer()
        try extra.start()
        extraServers.append(extra)
        return extra
    }

    /// The requests `server` received for `path` (decoded, no query), in order.
    func requests(to path: String, on server: FixtureServer? = nil) -> [RecordedRequest] {
        (server ?? self.server).requests.filter { $0.path == path }
    }

    // MARK: Waiting for a completion

    /// Starts a callback call and waits (up to `timeout` seconds, 10 by default) for its completion.
    /// Fails the test unless the completion runs exactly once, on the main queue.
    func awaitCompletion<Value: Sendable>(
        timeout: TimeInterval = 10,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> RequestHandle
    ) -> Result<Value, APIError>? {
        awaitCompletion(timeout: timeout, file: file, line: line, start, then: { _ in })
    }

    /// Like ``awaitCompletion(timeout:file:line:_:)``, running `then` with the call's handle right
    /// after it starts (to cancel it, for example).
    func awaitCompletion<Value: Sendable>(
        timeout: TimeInterval = 10,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> RequestHandle,
        then: (RequestHandle) -> Void
    ) -> Result<Value, APIError>? {
        let log = CompletionLog<Value>()
        let handle = start { result in
            log.record(result, onCallbackQueue: MainQueue.isCurrent)
        }
        then(handle)
        guard MainQueue.wait(for: log.done, timeout: timeout) == .success else {
            XCTFail("no completion within \(timeout) s", file: file, line: line)
            handle.cancel()
            return nil
        }
        MainQueue.drain()  // a second completion, if any, would already be queued
        let (results, offQueue) = log.snapshot
        XCTAssertEqual(results.count, 1, "the completion must run exactly once", file: file, line: line)
        XCTAssertEqual(offQueue, 0, "the completion must run on the main queue", file: file, line: line)
        return results.first
    }

    /// The completions one call received, and how many ran off the callback queue.
    final class CompletionLog<Value: Sendable>: Sendable {
        let done = DispatchSemaphore(value: 0)
        private let state = Locked<(results: [Result<Value, APIError>], offQueue: Int)>(([], 0))

        func record(_ result: Result<Value, APIError>, onCallbackQueue: Bool) {
            state.withLock { state in
                state.results.append(result)
                if !onCallbackQueue { state.offQueue += 1 }
            }
            done.signal()
        }

        var snapshot: (results: [Result<Value, APIError>], offQueue: Int) {
            state.withLock { $0 }
        }
    }

}
