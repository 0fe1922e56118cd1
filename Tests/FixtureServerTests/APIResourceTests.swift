import Foundation
import XCTest

@testable import FixtureServer

/// Singular resources, nested routes, cascade deletes, body checks, teaching 404/405 and Postman's
/// example-picking headers, on a copy of the movies example served with `--write`, over real sockets.
final class APIResourceTests: MoviesCopyTestCase {
    private func saved() throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("db.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func ids(_ target: String) throws -> [Int] {
        let list = try JSONSerialization.jsonObject(with: try fetch(target).body) as? [[String: Any]]
        return try XCTUnwrap(list).compactMap { $0["id"] as? Int }
    }

    func testSingularResourceGetPutPatch() throws {
        XCTAssertEqual(try fetch("/profile").object()["name"] as? String, "Learner")
        let patched = try post("/profile", json: #"{"favoriteGenre":"comedy"}"#, method: "PATCH")
        XCTAssertEqual(patched.status, 200)
        XCTAssertEqual(try patched.object()["name"] as? String, "Learner", "PATCH merges")
        XCTAssertEqual(try patched.object()["favoriteGenre"] as? String, "comedy")
        let replaced = try post("/profile", json: #"{"name":"Ada"}"#, method: "PUT")
        XCTAssertEqual(replaced.text, #"{"name":"Ada"}"#, "PUT replaces")
        XCTAssertEqual((try saved()["profile"] as? [String: Any])?["name"] as? String, "Ada", "--write saved it")
        let wrongType = try post("/profile", json: #"{"name":5}"#, method: "PATCH")
        XCTAssertEqual(wrongType.status, 400)
        XCTAssertTrue(
            try wrongType.object()["error"] as? String
                == "Field name is a number, but the other items of profile have a string there (e.g. \"Ada\"). Send a string, or null."
        )
        let delete = try fetch("/profile", method: "DELETE")
        XCTAssertEqual(delete.status, 405)
        XCTAssertEqual(delete.headers["allow"], "GET, HEAD, PUT, PATCH, OPTIONS")
    }

    func testSnapshotHasCollectionsAndSingularResources() throws {
        let database = try Database.load(
            Self.moviesFolder.appendingPathComponent("db.json"), writesBack: false)
        let saved = try XCTUnwrap(try JSONSerialization.jsonObject(with: database.snapshot()) as? [String: Any])
        XCTAssertEqual(saved.keys.sorted(), ["movies", "profile", "reviews"])
        XCTAssertEqual((saved["profile"] as? [String: Any])?["name"] as? String, "Learner")
        XCTAssertEqual((saved["movies"] as? [Any])?.count, 8)
    }

    func testNestedRoutesAndCascadeDelete() throws {
        XCTAssertEqual(try ids("/movies/1/reviews"), [1, 2])
        XCTAssertEqual(try ids("/movies/1/reviews?stars_gte=5"), [1])
        XCTAssertEqual(try fetch("/movies/99/reviews").status, 404)
        XCTAssertEqual(try fetch("/reviews/1/movies").status, 404, "no movie points at a review: no such list")
        XCTAssertTrue(
            server.apiRoutes.contains { $0.hasPrefix("GET    /movies/:id/reviews  (database; POST sets movieId)") })
        XCTAssertFalse(server.apiRoutes.contains { $0.contains("/reviews/:id/movies") })
        let created = try post("/movies/3/reviews", json: #"{"stars":5,"text":"Hungry again."}"#)
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(try created.object()["movieId"] as? Int, 3, "POST under a movie sets movieId")
        XCTAssertEqual(created.headers["location"], "/reviews/6")
        XCTAssertEqual(try ids("/movies/3/reviews"), [4, 6])

        XCTAssertEqual(try ids("/reviews"), [1, 2, 3, 4, 5, 6], "control: the reviews of movie 1 exist")
        XCTAssertEqual(try fetch("/movies/1", method: "DELETE").status, 204)
        XCTAssertEqual(try ids("/reviews"), [3, 4, 5, 6], "deleting a movie deletes its reviews")
        XCTAssertEqual((try saved()["reviews"] as? [Any])?.count, 4)
        XCTAssertEqual(try fetch("/movies/2?_dependent=reviwes", method: "DELETE").status, 400)
        XCTAssertEqual(try fetch("/movies/2?_dependent=reviews", method: "DELETE").status, 204)
        XCTAssertEqual(try ids("/reviews"), [4, 5, 6])
    }

    /// json-server v1's own example: string ids, `postId` strings, a singular `profile`.
    func testStringIdsAsTheFileHasThem() throws {
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        let db = #"""
            {"posts": [{"id": "1", "title": "a title", "views": 100}, {"id": "2", "title": "another title", "views": 200}],
             "comments": [{"id": "1", "text": "a comment about post 1", "postId": "1"},
                          {"id": "2", "text": "another comment about post 1", "postId": "1"}],
             "profile": {"name": "typicode"}}
            """#
        try Data(db.utf8).write(to: other.appendingPathComponent("db.json"))
        let posts = try startExtraServer(try FixtureServer(api: other))
        func get(_ target: String) throws -> RawResponse {
            let client = try RawClient(port: posts.port)
            defer { client.close() }
            XCTAssertTrue(client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"))
            return try XCTUnwrap(client.readResponse())
        }
        let post = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: get("/posts/1?_embed=comments").body) as? [String: Any])
        XCTAssertEqual(post["id"] as? String, "1", "a string id stays a string")
        XCTAssertEqual((post["comments"] as? [Any])?.count, 2)
        let page = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: get("/posts?views:gt=150").body) as? [[String: Any]])
        XCTAssertEqual(page.compactMap { $0["id"] as? String }, ["2"])
        XCTAssertEqual(try get("/posts/1/comments").status, 200)
        XCTAssertEqual(try get("/profile").text, #"{"name":"typicode"}"#)

        let client = try RawClient(port: posts.port)
        defer { client.close() }
        let body = #"{"text":"new"}"#
        XCTAssertTrue(
            client.send(
                "POST /posts/2/comments HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"))
        let created = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(
            created.text, #"{"id":"3","postId":"2","text":"new"}"#, "the next id is a string, postId as the post has it"
        )
    }

    func testBodiesThatDoNotFitTheCollectionAreExplained() throws {
        let wrong = try post("/movies", json: #"{"title":"X","year":"2024"}"#)
        XCTAssertEqual(wrong.status, 400)
        XCTAssertEqual(
            try wrong.object()["error"] as? String,
            "Field year is a string, but the other items of movies have a number there (e.g. 2019). Send a number, or null."
        )
        XCTAssertEqual(try post("/movies", json: #"{"title":"X","year":2024,"rating":null}"#).status, 201, "control")
        XCTAssertEqual(try post("/movies/2", json: #"{"tags":"space"}"#, method: "PUT").status, 400)
        let notJSON = try post("/movies", json: "{title: 1}")
        XCTAssertTrue((try notJSON.object()["error"] as? String)?.contains("The body is not JSON (line 1") ?? false)
    }

    func testUnknownPathsAndMethodsSayWhatWouldWork() throws {
        let typo = try fetch("/movis")
        XCTAssertEqual(typo.status, 404)
        XCTAssertEqual(
            try typo.object()["error"] as? String,
            "Not found: no route matches /movis. Did you mean /movies? It answers GET, HEAD, POST, OPTIONS.")
        XCTAssertTrue(
            (try fetch("/movies/1/reveiws").object()["error"] as? String)?.contains("/movies/:id/reviews") ?? false)
        let method = try post("/movies/1", json: "{}")
        XCTAssertEqual(method.status, 405)
        XCTAssertEqual(
            try method.object()["error"] as? String,
            "Method not allowed: POST /movies/1. This path answers GET, HEAD, PUT, PATCH, DELETE, OPTIONS (see the Allow header)."
        )
        let query = try rawExchange("QUERY /movies HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(query.status, 405, "QUERY is a method the server knows, and no route answers")
        XCTAssertEqual(query.headers["allow"], "GET, HEAD, POST, OPTIONS")
        XCTAssertEqual(
            try fetch("/movies/42").object()["error"] as? String,
            "movies/42 not found. GET /movies lists the ids there are.")
    }

    func testPostmanHeadersPickAnExample() throws {
        let unauthorized = try fetch("/account", headers: ["X-Mock-Response-Code": "401"])
        XCTAssertEqual(unauthorized.status, 401)
        XCTAssertEqual(try unauthorized.object()["error"] as? String, "Sign in first")
        XCTAssertEqual(try fetch("/account", headers: ["X-Mock-Response-Code": "500"]).status, 500)
        XCTAssertEqual(try fetch("/account", headers: ["X-Mock-Response-Name": "server error"]).status, 500)
        let both = try fetch("/account", headers: ["X-Mock-Response-Name": "slow", "X-Mock-Response-Code": "500"])
        XCTAssertEqual(both.status, 404, "name and code must both hold")
        XCTAssertTrue((try both.object()["error"] as? String)?.contains(#""server error" (500)"#) ?? false)
        XCTAssertEqual(try fetch("/account", headers: ["X-Mock-Response-Code": "abc"]).status, 400)
        XCTAssertEqual(try fetch("/account").status, 401, "control: without the headers, match rules pick")
    }
}
