import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base of the adversarial tests: hostile servers started on demand and stopped at the end, and a
/// client against one of them.
class HostileServerTestCase: XCTestCase {
    private var servers: [HostileServer] = []
    private var directories: [URL] = []

    override func tearDown() {
        for server in servers { server.stop() }
        servers.removeAll()
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        directories.removeAll()
        super.tearDown()
    }

    /// Starts a hostile server answering with `handler`; stopped by `tearDown`.
    func startServer(_ handler: @escaping HostileServer.Handler = { _ in .init() }) throws -> HostileServer {
        let server = try HostileServer(handler: handler)
        servers.append(server)
        return server
    }

    /// A fresh empty directory, removed by `tearDown`.
    func makeDirectory() throws -> URL {
        let directory = try makeCacheDirectory()
        directories.append(directory)
        return directory
    }

    /// A client against `baseURL` on an ephemeral session, no retries and a 10 s timeout unless
    /// `options` says otherwise.
    func makeClient(
        _ baseURL: URL, options: APIClient.Options = APIClient.Options(timeout: 10, retryPolicy: .never),
        session: URLSession = APIClient.makeSession(configuration: .ephemeral),
        token: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        APIClient(
            baseURL: baseURL, session: session, options: options, tokenProvider: token)
    }

    /// Options with `cache` as the response cache, no retries, a 10 s timeout and `headers`.
    func cachingOptions(_ cache: ResponseCache, headers: [String: String] = [:]) -> APIClient.Options {
        var options = APIClient.Options(timeout: 10, retryPolicy: .never, headers: headers)
        options.responseCache = cache
        return options
    }

    /// The error `work` throws; fails the test when it succeeds.
    func error<Value>(
        _ work: () async throws(APIError) -> Value, file: StaticString = #filePath, line: UInt = #line
    ) async -> APIError? {
        do {
            let value = try await work()
            XCTFail("expected an error, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}

/// `{"text": ...}`, the body most hostile answers carry.
struct TextAnswer: Decodable, Sendable, Equatable {
    let text: String
}

extension HostileServer.Response {
    /// A 200 `{"text": text}` with `headers`.
    static func text(_ text: String, headers: [(String, String)] = []) -> Self {
        .json(#"{"text":"\#(text)"}"#, headers: headers)
    }
}
