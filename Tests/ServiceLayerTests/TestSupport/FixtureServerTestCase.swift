import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base of every test against the fixture server: a fresh server on a free port for each test
/// (and more on demand), stopped when the test ends, and a client on a private callback queue.
class FixtureServerTestCase: XCTestCase {
    /// The server of the current test, started in `setUp`.
    var server: FixtureServer!
    private var extraServers: [FixtureServer] = []
    /// A queue for tests that deliver completions off the main queue (`send(_:callbackQueue:completion:)`).
    let queue = DispatchQueue(label: "ServiceLayerTests.callbacks")

    override func setUpWithError() throws {
        try super.setUpWithError()
        TestMainQueue.prepare()
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

    /// Starts another server for this test (on `host`, `127.0.0.1` by default); `tearDown` stops it.
    func startExtraServer(host: String = "127.0.0.1") throws -> FixtureServer {
        let extra = FixtureServer(host: host)
        try extra.start()
        extraServers.append(extra)
        return extra
    }

    /// The requests `server` received for `path` (decoded, no query), in order.
    func requests(to path: String, on server: FixtureServer? = nil) -> [RecordedRequest] {
        (server ?? self.server).requests.filter { $0.path == path }
    }

    /// A client on its own session against `baseURL` (the server's root by default).
    func makeClient(
        baseURL: URL? = nil,
        options: APIClient.Options = APIClient.Options(),
        token: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        APIClient(
            baseURL: baseURL ?? server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: options, tokenProvider: token)
    }

    /// A `NetworkController` (the Users sample) on `server`'s `/api/`, without retries by default.
    func makeUsersController(
        options: APIClient.Options = APIClient.Options(retryPolicy: .never), apiKey: String? = nil
    ) -> NetworkController {
        NetworkController(baseURL: apiURL(), options: options, apiKey: apiKey)
    }
}
