import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `localizedDescription` — what every tutorial prints — names the URL of the request that failed, for
/// every kind of failure that had one: a 4xx or 5xx, a timeout, offline, a body cut short, a download cut
/// halfway, a decoding failure, a transport failure. Each mistake is made for real over sockets (the
/// fixture server, a closed port, a loopback server); the URL is shown as scheme, host, port and path,
/// never with the query.
final class LocalizedDescriptionURLTests: MessageScenarioTestCase {
    /// The scenarios whose failure happened at a URL, and the path that URL ends with.
    private static let located: [(mistake: String, path: String)] = [
        ("The server is not running, or the port is wrong", "/menu"),
        ("A host name that does not exist", "/menu"),
        ("An API key in the query and a password in the URL, port closed", "/search"),
        ("`https://` to a server that answers in plain HTTP", "/categories"),
        ("The server closes the connection before answering", "/categories"),
        ("The body is cut short", "/categories"),
        ("A wrong path (404 with the server's `error`)", "/api/no-such-route"),
        ("A TMDB-style 401: the API key is missing or wrong", "/api/scenario"),
        ("An HTML 500 from the server or a proxy", "/categories"),
        ("snake_case keys, camelCase properties", ""),
        ("An empty 200 where JSON was expected", ""),
        ("The device is offline", "/categories"),
        ("A download cut halfway", "/files/2000"),
    ]

    func testEveryFailureAtAURLNamesItInLocalizedDescription() async throws {
        for (mistake, path) in Self.located {
            let (error, report) = try await run(mistake)
            let text = error.localizedDescription
            let url = try XCTUnwrap(error.failingURL, "\(mistake): the error names no URL (\(error))")
            XCTAssertTrue(text.contains(url.absoluteString), "\(mistake): \(text) does not name \(url)")
            XCTAssertTrue(url.path.hasSuffix(path), "\(mistake): \(url) is not the request's")
            XCTAssertNil(url.query, "\(mistake): \(url) keeps a query")
            XCTAssertNil(url.user, "\(mistake): \(url) keeps a user")
            if let sent = report?.request.url {
                XCTAssertEqual(url.host, sent.host, mistake)
                XCTAssertEqual(url.path, sent.path, mistake)
            }
        }
    }

    func testATimeoutNamesItsURLInLocalizedDescription() async throws {
        let (error, _) = try await run("The server is too slow (a 1 s timeout)")
        guard case .timedOut = error else { return XCTFail("expected .timedOut, got \(error)") }
        let url = try XCTUnwrap(error.failingURL)
        XCTAssertEqual(url.path, "/categories")
        XCTAssertTrue(error.localizedDescription.contains(url.absoluteString), error.localizedDescription)
    }

    func testTheURLNeverChangesEqualityAndTheOldSpellingsStillWork() {
        let url = URL(string: "https://user:pw@example.com:8443/a/b?api_key=k#f")!
        let located = APIError.timedOut(url: nil).located(at: url)
        XCTAssertEqual(located.failingURL?.absoluteString, "https://example.com:8443/a/b")
        XCTAssertEqual(located, .timedOut)
        XCTAssertEqual(APIError.offline.located(at: url), .offline(url: url))
        let status = APIError.httpStatus(code: 404, body: Data("x".utf8)).located(at: url)
        XCTAssertEqual(status.failingURL?.absoluteString, "https://example.com:8443/a/b")
        XCTAssertEqual(status, .httpStatus(code: 404, body: Data("x".utf8)))
        switch status {
        case .httpStatus(let code, _): XCTAssertEqual(code, 404)
        default: XCTFail("\(status)")
        }
        XCTAssertEqual(String(decoding: status.responseBody ?? Data(), as: UTF8.self), "x")
    }
}
