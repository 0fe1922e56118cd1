import Foundation
import XCTest

@testable import FixtureServer

/// Issue 59, item 10: a server started without `--api` answers an own-API-looking path with a 404 that names
/// the path and `--api` (the learner forgot it, or started the wrong server), in the request's language; the
/// browser's own requests keep the plain "Not found", and with `--api` nothing changes. Over real sockets.
final class WithoutAPITests: FixtureTestCase {
    private func error(_ target: String, language: String? = nil, server: FixtureServer? = nil) throws -> String {
        var headers = ["Accept": "application/json"]
        if let language { headers["Accept-Language"] = language }
        if let server {
            let client = try RawClient(port: server.port)
            defer { client.close() }
            let lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
            XCTAssertTrue(client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\(lines)\r\n"))
            let raw = try XCTUnwrap(client.readResponse(timeout: 30))
            XCTAssertEqual(raw.status, 404, target)
            return try XCTUnwrap(
                (try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["error"] as? String, target)
        }
        let reply = try fetch(target, headers: headers)
        XCTAssertEqual(reply.status, 404, target)
        return try XCTUnwrap(try reply.object()["error"] as? String, reply.text)
    }

    func testAnOwnAPIPathNamesAPI() throws {
        XCTAssertEqual(
            try error("/movie/popular"),
            "Not found: no route matches /movie/popular. This server answers its built-in APIs only (see / and "
                + "/docs): to serve your own API, start it with --api FOLDER, e.g. swift run fixture-server --api "
                + "server-fixtures/Examples/movies.")
        for language in ["zh-TW", "zh-CN", "sv"] {
            let text = try error("/movie/popular", language: language)
            for verbatim in ["/movie/popular", "--api FOLDER", Teaching.apiExample, "/docs"] {
                XCTAssertTrue(text.contains(verbatim), "\(language) keeps \(verbatim): \(text)")
            }
            XCTAssertFalse(text.contains("built-in"), "\(language) is translated: \(text)")
        }
    }

    func testTheBrowsersOwnRequestsAndABuiltInAPIsPathsStayPlain() throws {
        XCTAssertEqual(try error("/favicon.ico"), "Not found")
        XCTAssertEqual(try error("/robots.txt"), "Not found")
        XCTAssertEqual(try error("/api/no-such-route"), "Not found", "under /api/, where reqres and accounts live")
    }

    func testANearRouteStillWins() throws {
        XCTAssertTrue(try error("/categoris").contains("Did you mean /categories?"))
    }

    func testWithAPIThePlainNotFoundStays() throws {
        let server = try FixtureServer(api: Self.moviesFolder)
        try server.start()
        defer { server.stop() }
        XCTAssertEqual(try error("/nothing/here/at/all", server: server), "Not found")
    }
}
