import Foundation
import ServiceLayer
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test case that talks to a running httpbin, whose root URL is read from `HTTPBIN_URL`
/// (for example `http://127.0.0.1:8765/`). Every test is skipped when the variable is not set;
/// `.ci/httpbin.sh` starts httpbin and runs these tests with it.
class HTTPBinTestCase: XCTestCase {
    /// The message of the skip when `HTTPBIN_URL` is not set.
    static let skipMessage = "HTTPBIN_URL is not set: start httpbin (see .ci/httpbin.sh) to run the interop tests"

    /// httpbin's root URL, as given in `HTTPBIN_URL`.
    private(set) var baseURL: URL!
    /// Where every client of the test delivers its completions.
    let queue = DispatchQueue(label: "HTTPBinInteropTests.callbacks")
    /// One line per request that reached the network, from every client of the test.
    let log = Locked<[String]>([])
    private var sessions: [URLSession] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard let value = ProcessInfo.processInfo.environment["HTTPBIN_URL"], !value.isEmpty else {
            throw XCTSkip(Self.skipMessage)
        }
        let url = try XCTUnwrap(URL(string: value), "HTTPBIN_URL is not a URL: \(value)")
        XCTAssertNotNil(url.host, "HTTPBIN_URL has no host: \(value)")
        baseURL = url
    }

    override func tearDown() {
        for session in sessions { session.invalidateAndCancel() }
        sessions = []
        super.tearDown()
    }

    /// httpbin's port (the scheme's default when `HTTPBIN_URL` names none).
    var port: Int { baseURL.port ?? (baseURL.scheme == "https" ? 443 : 80) }

    /// The absolute string httpbin reports as `url` for `path` under ``baseURL``.
    func urlString(_ path: String) -> String {
        baseURL.absoluteString + (baseURL.absoluteString.hasSuffix("/") ? "" : "/") + path
    }

    /// A client of httpbin on its own session, with no retries, a 30-second timeout, completions on
    /// ``queue`` and every request logged into ``log``.
    func makeClient(token: String? = nil, retryPolicy: RetryPolicy = .never) -> APIClient {
        let session = APIClient.makeSession(configuration: .ephemeral)
        sessions.append(session)
        let log = self.log
        var tokenProvider: (@Sendable () -> String?)?
        if let token { tokenProvider = { token } }
        return APIClient(
            baseURL: baseURL, session: session,
            options: .init(
                timeout: 30, retryPolicy: retryPolicy, logger: { line in log.withLock { $0.append(line) } }),
            tokenProvider: tokenProvider)
    }

    /// Sends `endpoint` with `client`, waits for its one completion (and checks there is no second),
    /// and returns its result.
    func send<Response: Sendable>(
        _ endpoint: Endpoint<Response>, with client: APIClient, timeout: TimeInterval = 60,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Result<Response, APIError> {
        let recorder = Completions<Response>()
        client.send(endpoint, completion: recorder.completion())
        let results = recorder.wait(timeout: timeout, file: file, line: line)
        return try XCTUnwrap(results.first, "the call did not complete", file: file, line: line)
    }

    /// The log lines of requests whose URL contains `fragment`.
    func logLines(containing fragment: String) -> [String] {
        log.withLock { $0 }.filter { $0.contains(fragment) }
    }
}

// MARK: - httpbin's answers

/// What httpbin echoes about a request (`/get`, `/post`, `/anything`, `/headers`, `/gzip`, ...): only
/// the fields the tests read, each optional since not every route sends all of them.
struct HTTPBinEcho: Decodable, Sendable {
    let args: [String: String]?
    let headers: [String: String]
    let url: String?
    let method: String?
    let json: InteropPayload?
    let gzipped: Bool?
    let deflated: Bool?
    let brotli: Bool?

    /// The value of the request header `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// `/bearer`'s answer to a request with a token.
struct BearerAnswer: Decodable, Sendable, Equatable {
    let authenticated: Bool
    let token: String
}

/// A JSON body with the characters and types that break naive encoders.
struct InteropPayload: Codable, Sendable, Equatable {
    let name: String
    let count: Int
    let price: Double
    let tags: [String]
    let available: Bool
    let note: String?

    static let sample = InteropPayload(
        name: "Crème brûlée 🍮 & \"quoted\" / slash \\ back",
        count: 42,
        price: 9.5,
        tags: ["dessert", "日本語", "a+b=c&d"],
        available: true,
        note: nil)
}
