import Foundation
import XCTest

@testable import FixtureServer

/// The movies example (`server-fixtures/Examples/movies`) served with `FixtureServer(api:)`, over real sockets.
final class APIFolderTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { apiServer(Self.moviesFolder) }

    private func send(_ method: String, _ target: String, _ headers: [String: String] = [:], body: String? = nil)
        throws -> RawResponse
    {
        var lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        if let body { lines += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        return try rawExchange(
            "\(method) \(target) HTTP/1.1\r\nHost: x\r\n\(lines)\r\n\(body ?? "")", head: method == "HEAD")
    }

    private func json(_ response: RawResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: response.body)
    }

    private func ids(_ response: RawResponse) throws -> [Int] {
        try XCTUnwrap(try json(response) as? [[String: Any]]).compactMap { $0["id"] as? Int }
    }

    // MARK: The database

    func testCollectionsListFilterSortAndPaginate() throws {
        let all = try send("GET", "/movies")
        XCTAssertEqual(all.status, 200)
        XCTAssertEqual(try ids(all), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(all.headers["x-total-count"], "8")
        XCTAssertNil(all.headers["link"], "no Link without _page")
        let movie = try XCTUnwrap(try json(all) as? [[String: Any]]).first { $0["id"] as? Int == 4 }
        XCTAssertTrue(movie?["rating"] is NSNull, "a null rating stays null")
        XCTAssertEqual(movie?["tags"] as? [String], ["city", "puzzle"])

        XCTAssertEqual(try ids(try send("GET", "/movies?genre=drama")), [1, 5])
        XCTAssertEqual(try ids(try send("GET", "/movies?genre=drama&year=2016")), [5])
        XCTAssertEqual(try ids(try send("GET", "/movies?genre=western")), [])
        XCTAssertEqual(try ids(try send("GET", "/movies?_sort=year")), [5, 8, 3, 1, 6, 2, 4, 7])
        XCTAssertEqual(try ids(try send("GET", "/movies?_sort=-rating")), [1, 5, 2, 6, 3, 8, 4, 7], "nulls last")
        let page = try send("GET", "/movies?_sort=-year&_page=2&_limit=3")
        XCTAssertEqual(try ids(page), [6, 1, 3])
        XCTAssertEqual(page.headers["x-total-count"], "8")
        XCTAssertEqual(
            page.headers["link"],
            "<http://x/movies?_sort=-year&_page=1&_limit=3>; rel=\"first\", "
                + "<http://x/movies?_sort=-year&_page=1&_limit=3>; rel=\"prev\", "
                + "<http://x/movies?_sort=-year&_page=3&_limit=3>; rel=\"next\", "
                + "<http://x/movies?_sort=-year&_page=3&_limit=3>; rel=\"last\"")
        XCTAssertEqual(try ids(try send("GET", "/movies?_page=9&_limit=3")), [])
        for bad in ["_page=0", "_page=x", "_limit=0", "_page=1&_limit=5000"] {
            let response = try send("GET", "/movies?\(bad)")
            XCTAssertEqual(response.status, 400, bad)
            XCTAssertNotNil(try json(response) as? [String: Any], bad)
        }
        XCTAssertEqual(try ids(try send("GET", "/reviews?movieId=1")), [1, 2])
    }

    func testGetOneAndNotFound() throws {
        let one = try send("GET", "/movies/2")
        XCTAssertEqual(one.status, 200)
        XCTAssertEqual(try XCTUnwrap(try json(one) as? [String: Any])["title"] as? String, "Orbit of Ashes")
        let missing = try send("GET", "/movies/99")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.text, #"{"error":"movies/99 not found. GET /movies lists the ids there are."}"#)
        XCTAssertEqual(try send("HEAD", "/movies/2").headers["content-length"], one.headers["content-length"])
        let wrong = try send("POST", "/movies/2", body: "{}")
        XCTAssertEqual(wrong.status, 405)
        XCTAssertEqual(wrong.headers["allow"], "GET, HEAD, PUT, PATCH, DELETE, OPTIONS")
    }

    func testWritesCreateReplaceMergeAndDelete() throws {
        let created = try send("POST", "/movies", body: #"{"title":"New","genre":"drama","year":2024,"tags":[]}"#)
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.headers["location"], "/movies/9")
        XCTAssertEqual(try XCTUnwrap(try json(created) as? [String: Any])["id"] as? Int, 9)
        XCTAssertEqual(try send("GET", "/movies/9").status, 200)
        XCTAssertEqual(try send("POST", "/movies", body: #"{"id":9,"title":"Again"}"#).status, 409)
        XCTAssertEqual(try send("POST", "/movies", body: "[1]").status, 400)
        XCTAssertEqual(try send("POST", "/movies", body: #"{"id":1.5}"#).status, 400)

        let replaced = try send("PUT", "/movies/2", body: #"{"title":"Orbit"}"#)
        XCTAssertEqual(replaced.status, 200)
        XCTAssertEqual(replaced.text, #"{"id":2,"title":"Orbit"}"#)
        let merged = try send("PATCH", "/movies/3", body: #"{"rating":7.5}"#)
        XCTAssertEqual(try XCTUnwrap(try json(merged) as? [String: Any])["title"] as? String, "Noodle Nights")
        XCTAssertEqual(try XCTUnwrap(try json(merged) as? [String: Any])["rating"] as? Double, 7.5)
        XCTAssertEqual(try send("PUT", "/movies/3", body: #"{"id":4}"#).status, 400, "the id cannot change")
        XCTAssertEqual(try send("PUT", "/movies/99", body: "{}").status, 404)

        XCTAssertEqual(try send("DELETE", "/movies/8").status, 204)
        XCTAssertEqual(try send("GET", "/movies/8").status, 404)
        XCTAssertEqual(try send("DELETE", "/movies/8").status, 404)
        XCTAssertEqual(try send("GET", "/movies").headers["x-total-count"], "8")
    }

    func testCachingFollowsWrites() throws {
        let first = try send("GET", "/movies/1")
        let tag = try XCTUnwrap(first.headers["etag"])
        XCTAssertEqual(first.headers["cache-control"], "no-cache")
        XCTAssertEqual(try send("GET", "/movies/1", ["If-None-Match": tag]).status, 304)
        XCTAssertEqual(try send("PATCH", "/movies/1", ["If-Match": #""stale""#], body: #"{"year":1}"#).status, 412)
        XCTAssertEqual(try send("GET", "/movies/1").headers["etag"], tag, "the failed PATCH changed nothing")
        XCTAssertEqual(try send("PATCH", "/movies/1", ["If-Match": tag], body: #"{"year":2000}"#).status, 200)
        let after = try send("GET", "/movies/1", ["If-None-Match": tag])
        XCTAssertEqual(after.status, 200)
        XCTAssertNotEqual(after.headers["etag"], tag)
        XCTAssertNotNil(try send("GET", "/movie/popular").headers["etag"], "canned GETs are cacheable too")
    }

    // MARK: The routes file

    func testPopularPagesByQuery() throws {
        for (query, page, count) in [("?page=1", 1, 4), ("?page=2", 2, 4), ("?page=3", 3, 0), ("", 1, 4)] {
            let response = try send("GET", "/movie/popular\(query)")
            XCTAssertEqual(response.status, 200, query)
            let object = try XCTUnwrap(try json(response) as? [String: Any])
            XCTAssertEqual(object["page"] as? Int, page, query)
            XCTAssertEqual(object["total_pages"] as? Int, 2, query)
            XCTAssertEqual((object["results"] as? [Any])?.count, count, query)
            XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
        }
    }

    func testPathParametersBodiesAndHeadersPickTheExample() throws {
        XCTAssertEqual(try send("GET", "/movie/1/credits").status, 200)
        XCTAssertEqual(try send("GET", "/movie/5/credits").text, #"{"error":"No credits for this movie"}"#)
        let login = try send("POST", "/login", body: #"{"password":"swift","username":"learner","extra":1}"#)
        XCTAssertEqual(login.status, 200)
        XCTAssertEqual(login.text, #"{"expiresIn":3600,"token":"movie-token-123"}"#)
        let wrong = try send("POST", "/login", body: #"{"username":"learner","password":"nope"}"#)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.headers["www-authenticate"], #"Bearer realm="movies""#)
        XCTAssertEqual(try send("GET", "/account", ["Authorization": "Bearer movie-token-123"]).status, 200)
        XCTAssertEqual(try send("GET", "/account").status, 401)
    }

    func testXMockResponseNamesTheExample() throws {
        let failure = try send("GET", "/account", ["X-Mock-Response": "server error"])
        XCTAssertEqual(failure.status, 500)
        XCTAssertEqual(failure.text, #"{"error":"Something went wrong"}"#)
        let unknown = try send("GET", "/account", ["X-Mock-Response": "nope"])
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(
            unknown.text,
            #"{"error":"No example named \"nope\" for GET /account; it has: \"signed in\" (200), \"signed out\" (401), "#
                + #"\"server error\" (500), \"slow\" (200), \"cut off\" (200)"}"#)
        XCTAssertEqual(try send("GET", "/account", ["X-Mock-Response-Name": "signed in"]).status, 200)
    }

    func testAnExampleFaultIsApplied() throws {
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /account HTTP/1.1\r\nHost: x\r\nX-Mock-Response: cut off\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        let declared = try XCTUnwrap(Int(response.headers["content-length"] ?? ""))
        XCTAssertLessThan(response.body.count, declared, "half the body, then the connection closes")
        server.inject(.status(503), path: "/account")
        XCTAssertEqual(
            try send("GET", "/account", ["X-Mock-Response": "cut off"]).status, 503, "an injected fault wins")
    }

    func testOptionsAllowAndTheBuiltInBackendsBeside() throws {
        let options = try send("OPTIONS", "/login")
        XCTAssertEqual(options.status, 204)
        XCTAssertEqual(options.headers["allow"], "POST, OPTIONS")
        XCTAssertEqual(try send("GET", "/login").status, 405)
        XCTAssertEqual(try send("GET", "/categories").status, 200)
        XCTAssertEqual(try send("GET", "/api/users/2").status, 200)
        XCTAssertEqual(server.apiRoutes.first, "GET    /movie/popular  (4 examples from routes.json)")
        XCTAssertTrue(server.apiRoutes.contains("DELETE /reviews/:id  (database)"), "\(server.apiRoutes)")
    }
}
