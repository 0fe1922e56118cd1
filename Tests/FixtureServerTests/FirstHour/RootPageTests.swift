import Foundation
import XCTest

@testable import FixtureServer

/// `GET /` (issue 48): the index of the APIs the server answers, HTML for a browser and JSON for a program,
/// over real sockets, with the movies example served beside the built-in APIs.
final class RootPageTests: FixtureTestCase {
    private static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    override func makeServer() -> FixtureServer { apiServer(Self.moviesFolder) }

    private func index(accept: String?) throws -> RawResponse {
        let field = accept.map { "Accept: \($0)\r\n" } ?? ""
        return try rawExchange("GET / HTTP/1.1\r\nHost: x\r\n\(field)\r\n")
    }

    func testJSONListsEveryAPIWithItsFirstRoutes() throws {
        let reply = try index(accept: "application/json")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(reply.headers["vary"], "Accept")
        XCTAssertNotNil(reply.headers["date"])
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        let apis = try XCTUnwrap(body["apis"] as? [[String: Any]])
        XCTAssertEqual(
            apis.compactMap { $0["name"] as? String },
            [
                "Your API (movies)", "Apple's OpenRestaurant API", "The reqres users API", "The accounts API",
                "Uploads and downloads", "A chat-completions mock",
            ])
        let movies = apis[0]
        XCTAssertEqual(movies["root"] as? String, "/")
        let routes = try XCTUnwrap(movies["routes"] as? [String])
        XCTAssertEqual(routes.count, RootPage.routesShown, "the first routes, not all")
        XCTAssertEqual(routes.first, "GET /movie/popular")
        XCTAssertTrue(routes.contains("GET /movies"), "\(routes)")
        XCTAssertEqual(
            movies["routeCount"] as? Int, server.apiRoutes.count + 1,
            "the start-up list's lines, where GET and POST /movies/:id/reviews share one")
        XCTAssertEqual(
            apis[1]["routes"] as? [String],
            ["GET /categories", "GET /menu", "GET /images/:name", "POST /order", "GET /order/:id/status"])
        XCTAssertEqual(apis[2]["root"] as? String, "/api/")
        XCTAssertEqual(
            (body["links"] as? [[String: Any]])?.compactMap { $0["href"] as? String },
            ["/docs", "/openapi.json", "/_inspector"], "the self-describing pages, /docs first")
    }

    func testEveryRouteTheIndexNamesAnswers() throws {
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: try index(accept: nil).body) as? [String: Any])
        for api in try XCTUnwrap(body["apis"] as? [[String: Any]]) {
            for route in try XCTUnwrap(api["routes"] as? [String]) {
                let parts = route.split(separator: " ")
                let path = parts[1].replacingOccurrences(of: ":id", with: "1")
                    .replacingOccurrences(of: ":name", with: "1.png").replacingOccurrences(of: ":bytes", with: "10")
                let reply = try rawExchange("OPTIONS \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                XCTAssertEqual(reply.status, 204, route)
                XCTAssertTrue(reply.headers["allow"]?.contains(String(parts[0])) ?? false, "\(route): \(reply.headers)")
            }
        }
    }

    func testABrowserGetsHTML() throws {
        let reply = try index(accept: Self.browserAccept)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(reply.headers["vary"], "Accept")
        let page = String(decoding: reply.body, as: UTF8.self)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"), page)
        XCTAssertTrue(page.contains(#"<meta charset="utf-8">"#))
        XCTAssertTrue(page.contains("<h2>Your API (movies)</h2>"), page)
        XCTAssertTrue(
            page.contains(
                #"<li><span class="m get">GET</span> <code><a href="/categories">/categories</a></code></li>"#),
            page)
        XCTAssertTrue(
            page.contains(#"<li><span class="m get">GET</span> <code>/images/:name</code></li>"#),
            "a pattern is not a link")
        XCTAssertTrue(page.contains("<h2>Apple's OpenRestaurant API</h2>"), page)
        // Styled as /docs is; the server's pages before the APIs (in view at 1280×900: .ci/mock-pages.sh looks);
        // why a link answers 401 in a browser, naming the login route.
        XCTAssertTrue(page.contains(ServerPages.style), "the style /docs has")
        let pages = try XCTUnwrap(page.range(of: #"<nav class="pages"><a href="/docs">"#), page)
        let firstAPI = try XCTUnwrap(page.range(of: "<h2>"), page)
        XCTAssertLessThan(pages.lowerBound, firstAPI.lowerBound, "the pages' links come first")
        XCTAssertTrue(page.contains("answers <b>401</b>"), page)
        XCTAssertTrue(page.contains("<code>POST /api/accounts/login</code>"), page)
        XCTAssertTrue(page.hasSuffix("</html>\n"))
    }

    func testNoAcceptAndStarStarGetJSON() throws {
        for accept in [nil, "*/*", "application/json, text/html;q=0.5"] {
            XCTAssertEqual(
                try index(accept: accept).headers["content-type"], "application/json; charset=utf-8",
                "\(accept ?? "none")")
        }
    }

    func testTheIndexAnswersHeadAndOptionsAndRefusesPost() throws {
        let head = try rawExchange("HEAD / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n", head: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(head.body.isEmpty)
        let options = try rawExchange("OPTIONS / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(options.status, 204)
        XCTAssertEqual(options.headers["allow"], "GET, HEAD, OPTIONS")
        let post = try rawExchange("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET, HEAD, OPTIONS")
    }

    func testAPlainServerListsTheBuiltInAPIs() throws {
        let plain = try startExtraServer(FixtureServer())
        let client = try RawClient(port: plain.port)
        defer { client.close() }
        XCTAssertTrue(client.send("GET / HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n"))
        let reply = try XCTUnwrap(client.readResponse())
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        let names = try XCTUnwrap(body["apis"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(names.first, "Apple's OpenRestaurant API")
        XCTAssertFalse(names.contains { $0.hasPrefix("Your API") })
    }

    func testAcceptRanking() {
        XCTAssertTrue(RootPage.prefersHTML(Self.browserAccept))
        XCTAssertTrue(RootPage.prefersHTML("text/html"))
        XCTAssertTrue(RootPage.prefersHTML("application/json;q=0.5, text/html"))
        XCTAssertFalse(RootPage.prefersHTML(nil))
        XCTAssertFalse(RootPage.prefersHTML("*/*"))
        XCTAssertFalse(RootPage.prefersHTML("application/json"))
        XCTAssertFalse(RootPage.prefersHTML("text/html;q=0, */*"))
        XCTAssertFalse(RootPage.prefersHTML("text/html, application/json"), "a tie goes to JSON")
    }

    func testNamesAreEscapedInHTML() {
        let api = ServedAPI(name: "<b>&", root: "/", routes: [Route("/a\"b", [("GET", { _ in .error(200, "") })])])
        let page = RootPage.html(apis: [api], links: [RootPage.Link(title: "Docs <all>", path: "/docs")])
        XCTAssertTrue(page.contains("<h2>&lt;b&gt;&amp;</h2>"), page)
        XCTAssertTrue(page.contains(#"<a href="/a&quot;b">/a&quot;b</a>"#), page)
        XCTAssertTrue(
            page.contains(#"<nav class="pages"><a href="/docs">Docs &lt;all&gt;</a></nav>"#),
            "the links hook shows its links")
    }
}
