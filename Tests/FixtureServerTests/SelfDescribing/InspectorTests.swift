import Foundation
import XCTest

@testable import FixtureServer

/// `GET /_inspector` and `GET /_inspector/requests` over real sockets: what they show (a 4xx's reason),
/// what they never show (secrets), that no page elsewhere may read them (no CORS), the bound, and
/// `--no-inspector`.
final class InspectorTests: OptionsTestCase {
    private func requests(_ server: FixtureServer) throws -> [[String: Any]] {
        let response = try send(server, "GET", "/_inspector/requests")
        XCTAssertEqual(response.status, 200)
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try XCTUnwrap(body["requests"] as? [[String: Any]])
    }

    func testAWrongCallShowsWithItsReasonAndNoSecret() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        _ = try send(
            server, "POST", "/login?api_key=key-abcdef&page=1",
            ["Authorization": "Bearer secret-token-42", "Cookie": "session=cookie-value-9"],
            body: #"{"username":"learner","password":"hunter2-secret","profile":{"newPassword":"deep-secret"}}"#)
        _ = try send(server, "PATCH", "/movies/1", body: #"{"year":"2024"}"#)
        _ = try send(server, "DELETE", "/categories")
        _ = try send(server, "GET", "/movis")

        let list = try requests(server)
        XCTAssertEqual(list.map { $0["method"] as? String }, ["GET", "DELETE", "PATCH", "POST"], "newest first")
        let everything = String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
        for secret in ["secret-token-42", "cookie-value-9", "key-abcdef", "hunter2-secret", "deep-secret"] {
            XCTAssertFalse(everything.contains(secret), "\(secret) is masked: \(everything)")
        }
        let login = list[3]
        XCTAssertEqual((login["requestHeaders"] as? [String: String])?["authorization"], "Bearer ••••••")
        XCTAssertEqual((login["query"] as? [String: String])?["page"], "1", "other query items stay")
        XCTAssertTrue((login["requestBody"] as? String)?.contains(#""username":"learner""#) == true)
        XCTAssertEqual(login["status"] as? Int, 401)

        let patch = list[2]
        XCTAssertEqual(patch["status"] as? Int, 400)
        XCTAssertTrue(
            (patch["reason"] as? String)?.contains("Field year is a string") == true, "the field of the wrong kind")
        let delete = list[1]
        XCTAssertEqual(delete["status"] as? Int, 405)
        XCTAssertTrue((delete["reason"] as? String)?.contains("Allowed methods: GET, HEAD, OPTIONS") == true)
        let typo = list[0]
        XCTAssertTrue((typo["reason"] as? String)?.contains("Did you mean /movies?") == true, "the nearest route")
        XCTAssertTrue((typo["responseBody"] as? String)?.contains("Not found") == true)

        let page = try send(server, "GET", "/_inspector", ["Accept": "text/html"])
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(page.text.contains("Did you mean /movies?"), "the page shows the exchanges it has")
        XCTAssertFalse(page.text.contains("secret-token-42"))
        XCTAssertTrue(page.text.contains("/_inspector/requests"), "and polls for newer ones")
        XCTAssertFalse(page.text.contains("src=\"http"), "no script from elsewhere")
    }

    /// Issue 59: the browser's own requests and the server's pages fold away behind a switch, and a page's
    /// HTML is not kept as an entry's body.
    func testTheBrowsersOwnRequestsFoldAwayAndPagesAreNotKept() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        _ = try send(server, "GET", "/favicon.ico")
        let docs = try send(server, "GET", "/docs", ["Accept": "text/html"])
        _ = try send(server, "GET", "/movies")
        _ = try send(server, "GET", "/.well-known/appspecific/com.chrome.devtools.json")

        let list = try requests(server)
        let docsEntry = try XCTUnwrap(list.first { $0["path"] as? String == "/docs" })
        XCTAssertEqual(
            docsEntry["responseBody"] as? String,
            "(\(docs.body.count) bytes of text/html: open the page itself to read it)")
        let page = try send(server, "GET", "/_inspector", ["Accept": "text/html"]).text
        for noise in ["/favicon.ico", "/docs", "/.well-known/appspecific/com.chrome.devtools.json"] {
            let number = try XCTUnwrap(list.first { $0["path"] as? String == noise }?["number"] as? Int)
            XCTAssertTrue(page.contains(#"<div class="x noise" id="r\#(number)">"#), "\(noise) folds away: \(page)")
        }
        let movies = try XCTUnwrap(list.first { $0["path"] as? String == "/movies" }?["number"] as? Int)
        XCTAssertTrue(page.contains(#"<div class="x" id="r\#(movies)">"#), "the learner's request shows")
        XCTAssertTrue(page.contains(#"<div id="list" class="quiet""#), "hidden until the switch shows them")
        XCTAssertTrue(page.contains(#"<input type="checkbox" id="noise">"#), page)

        XCTAssertTrue(BrowserNoise.isNoise("/"))
        XCTAssertTrue(BrowserNoise.isNoise("/apple-touch-icon-precomposed.png"))
        XCTAssertTrue(BrowserNoise.isNoise("/openapi.json"))
        XCTAssertFalse(BrowserNoise.isNoise("/movies"))
        XCTAssertFalse(BrowserNoise.isNoise("/docs/1"))
        XCTAssertFalse(BrowserNoise.isNoise("/api/favicon.ico"))
    }

    /// The reason reads in the request's language, sentences ended as that language ends them (issue 56: no
    /// 「。.」).
    func testTheReasonIsInTheRequestsLanguage() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        _ = try send(server, "DELETE", "/categories", ["Accept-Language": "zh-TW"])
        _ = try send(server, "GET", "/movies?_order=desc", ["Accept-Language": "zh-CN"])
        _ = try send(server, "DELETE", "/categories", ["Accept-Language": "sv"])
        let reasons = try requests(server).compactMap { $0["reason"] as? String }
        XCTAssertEqual(reasons.count, 3)
        XCTAssertTrue(reasons[0].hasSuffix("Tillåtna metoder: GET, HEAD, OPTIONS."), reasons[0])
        XCTAssertEqual(reasons[1], "_order 必须和 _sort 一起使用，例如 _sort=year&_order=desc。")
        XCTAssertTrue(reasons[2].hasSuffix("）。允許的方法：GET, HEAD, OPTIONS。"), reasons[2])
        for reason in reasons { XCTAssertFalse(reason.contains("。."), reason) }
    }

    func testNoPageElsewhereMayReadIt() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        for path in ["/_inspector", "/_inspector/requests"] {
            let answer = try send(server, "GET", path, ["Origin": "http://elsewhere.example"])
            XCTAssertEqual(answer.status, 200)
            XCTAssertNil(answer.headers["access-control-allow-origin"], path)
            let preflight = try send(
                server, "OPTIONS", path,
                ["Origin": "http://elsewhere.example", "Access-Control-Request-Method": "GET"])
            XCTAssertNil(preflight.headers["access-control-allow-origin"], "\(path): the preflight is refused")
            XCTAssertNil(preflight.headers["access-control-allow-methods"], path)
            let wrong = try send(server, "POST", path, ["Origin": "http://elsewhere.example"])
            XCTAssertEqual(wrong.status, 405)
            XCTAssertNil(wrong.headers["access-control-allow-origin"], "\(path): not even its errors")
        }
        XCTAssertEqual(
            try send(server, "GET", "/movies", ["Origin": "http://elsewhere.example"]).headers[
                "access-control-allow-origin"], "*", "the API itself stays open")
        XCTAssertEqual(
            try send(server, "GET", "/openapi.json").headers["access-control-allow-origin"], "*",
            "the document is public: a web tool may read it")
    }

    func testItKeepsTheLastTwoHundredAndNotItsOwnRequests() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        let client = try RawClient(port: server.port)
        defer { client.close() }
        for index in 0..<(Inspector.capacity + 5) {
            XCTAssertTrue(client.send("GET /movies/\(index % 9) HTTP/1.1\r\nHost: x\r\n\r\n"))
            XCTAssertNotNil(client.readResponse())
        }
        _ = try send(server, "GET", "/_inspector/requests")
        let list = try requests(server)
        XCTAssertEqual(list.count, Inspector.capacity)
        XCTAssertEqual(list.first?["number"] as? Int, Inspector.capacity + 5, "the newest kept, its own not")
        XCTAssertEqual(list.last?["number"] as? Int, 6)
        let after = try send(server, "GET", "/_inspector/requests?after=\(Inspector.capacity + 4)")
        let newer = try XCTUnwrap(try JSONSerialization.jsonObject(with: after.body) as? [String: Any])
        XCTAssertEqual((newer["requests"] as? [Any])?.count, 1, "?after= gives only the newer ones")
    }

    /// An exchange with bodies over `Inspector.keptWhole` bytes is formatted when it is recorded (the ring
    /// keeps no large body); it shows as a small one does: cut to `Inspector.bodyLimit`, its secret masked.
    func testALargeBodyIsShownCutAndMaskedAsASmallOneIs() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        let filler = String(repeating: "x", count: Inspector.keptWhole)
        _ = try send(server, "POST", "/login", body: #"{"password":"large-secret-7","note":"\#(filler)"}"#)
        _ = try send(server, "POST", "/login", body: #"{"password":"small-secret-8"}"#)
        let list = try requests(server)
        XCTAssertEqual(list.map { $0["number"] as? Int }, [2, 1], "both kept, in order")
        let everything = String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
        XCTAssertFalse(everything.contains("large-secret-7"), everything.prefix(300) + "…")
        XCTAssertFalse(everything.contains("small-secret-8"))
        let large = try XCTUnwrap(list[1]["requestBody"] as? String)
        XCTAssertTrue(large.hasSuffix("… (cut)"), "cut to the body limit")
        XCTAssertLessThanOrEqual(large.utf8.count, Inspector.bodyLimit + "… (cut)".utf8.count)
        XCTAssertEqual(list[1]["status"] as? Int, list[0]["status"] as? Int, "answered as the small one")
    }

    func testNoInspectorMeansNotFound() throws {
        var options = FixtureServer.Options()
        options.inspector = false
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: options))
        _ = try send(server, "GET", "/movies")
        XCTAssertEqual(try send(server, "GET", "/_inspector").status, 404)
        XCTAssertEqual(try send(server, "GET", "/_inspector/requests").status, 404)
        let index = try send(server, "GET", "/", ["Accept": "application/json"])
        XCTAssertFalse(index.text.contains("/_inspector"), "the index does not link to it")
        XCTAssertTrue(index.text.contains("/docs"))
        XCTAssertEqual(try send(server, "GET", "/docs").status, 200, "the docs stay")
    }

    func testARecordingShowsTheUpstreamAnswers() throws {
        let upstream = try startExtraServer(FixtureServer())
        let into = try folder("record")
        let recording = try startExtraServer(try FixtureServer(recording: upstream.baseURL, into: into.url))
        _ = try send(recording, "GET", "/categories", ["Authorization": "Bearer upstream-secret-1"])
        let list = try requests(recording)
        XCTAssertEqual(list.count, 1, "the inspector is answered here, not forwarded")
        XCTAssertEqual(list.first?["upstream"] as? Bool, true)
        XCTAssertTrue((list.first?["responseBody"] as? String)?.contains("appetizers") == true, "\(list)")
        XCTAssertFalse(String(describing: list).contains("upstream-secret-1"))
        XCTAssertEqual(upstream.requestCount(path: "/_inspector/requests"), 0)
    }

    func testMaskingRules() {
        XCTAssertEqual(InspectorMask.headers(["authorization": "Basic abc", "x-api-key": "k"])["x-api-key"], "••••••")
        XCTAssertEqual(InspectorMask.headers(["authorization": "Basic abc"])["authorization"], "Basic ••••••")
        XCTAssertEqual(InspectorMask.maskForm("user=a&password=b&x=1"), "user=a&password=••••••&x=1")
        XCTAssertTrue(InspectorMask.isSecretMember("client_secret"))
        XCTAssertTrue(InspectorMask.isSecretMember("confirmPassword"))
        XCTAssertFalse(InspectorMask.isSecretMember("username"))
        let echoed = InspectorMask.body(
            Data("token is tok-12345".utf8), contentType: "text/plain", secrets: ["tok-12345"])
        XCTAssertEqual(echoed, "token is ••••••", "a credential echoed anywhere is masked")
    }
}
