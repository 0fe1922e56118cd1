import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test case with a fixture server started before each test and stopped after it, and helpers to
/// run calls against it and count their completions.
class FixtureTestCase: XCTestCase {
    var server: FixtureServer!
    let queue = DispatchQueue(label: "ServiceLayerTests.callbacks")

    override func setUpWithError() throws {
        server = FixtureServer()
        try server.start()
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    /// The base URL of the server's `/api/` routes.
    var apiURL: URL { server.baseURL.appendingPathComponent("api/") }

    /// A client on its own session against `baseURL` (the server's root by default).
    func makeClient(
        baseURL: URL? = nil,
        options: APIClient.Options = APIClient.Options(),
        token: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        APIClient(
            baseURL: baseURL ?? server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            callbackQueue: queue, options: options, tokenProvider: token)
    }
}

/// Collects the results of calls and checks that each call completed exactly once.
final class CompletionRecorder<Value: Sendable>: Sendable {
    private let results = Locked<[Int: [Result<Value, APIError>]]>([:])
    private let group = DispatchGroup()

    /// A completion for call `index`; the recorder waits for one result per completion made.
    func completion(_ index: Int = 0) -> @Sendable (Result<Value, APIError>) -> Void {
        group.enter()
        return { [self] result in
            let first = results.withLock { results -> Bool in
                results[index, default: []].append(result)
                return results[index]!.count == 1
            }
            if first { group.leave() }
        }
    }

    /// Waits for every call to complete once, then a little longer to catch a second completion.
    func wait(
        timeout: TimeInterval = 20, settle: TimeInterval = 0.3, file: StaticString = #filePath, line: UInt = #line
    )
        -> [Result<Value, APIError>]
    {
        XCTAssertEqual(
            MainQueue.wait(for: group, timeout: timeout), .success, "completions missing", file: file, line: line)
        Thread.sleep(forTimeInterval: settle)
        return results.withLock { results in
            for (index, list) in results where list.count != 1 {
                XCTFail("call \(index) completed \(list.count) times", file: file, line: line)
            }
            return results.keys.sorted().compactMap { results[$0]?.first }
        }
    }
}

/// The categories answer of the Restaurant API.
struct CategoriesResponse: Decodable, Sendable, Equatable {
    let categories: [String]
}
