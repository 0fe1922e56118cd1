import Foundation
import XCTest

@testable import FixtureServer

/// `If-Match` and `If-Unmodified-Since` (RFC 9110 §13.1.1, §13.1.4) over real sockets: a failing
/// precondition is 412 and the method does not run.
final class PreconditionTests: FixtureTestCase {
    private func send(_ method: String, _ target: String, _ headers: [String: String], body: String = "")
        throws -> RawResponse
    {
        let lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        return try rawExchange(
            "\(method) \(target) HTTP/1.1\r\nHost: x\r\n\(lines)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    private func etag(_ path: String) throws -> String {
        try XCTUnwrap(try rawExchange("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n").headers["etag"])
    }

    func testIfMatchWithAStaleTagIs412AndTheCurrentTagPasses() throws {
        let body = #"{"name":"neo","job":"the one"}"#
        let stale = try send("PUT", "/api/users/2", ["If-Match": #""0000000000000000""#], body: body)
        XCTAssertEqual(stale.status, 412)
        XCTAssertEqual(stale.text, #"{"error":"Precondition failed: the resource has changed"}"#)
        XCTAssertEqual(try send("PUT", "/api/users/2", ["If-Match": try etag("/api/users/2")], body: body).status, 200)
        let list = #""x", \#(try etag("/api/users/2"))"#
        XCTAssertEqual(try send("PATCH", "/api/users/2", ["If-Match": list], body: body).status, 200, "a list of tags")
        let weak = "W/" + (try etag("/api/users/2"))
        XCTAssertEqual(try send("PUT", "/api/users/2", ["If-Match": weak], body: body).status, 412, "strong comparison")
    }

    func testIfMatchStarNeedsAnExistingResource() throws {
        XCTAssertEqual(try send("DELETE", "/api/users/3", ["If-Match": "*"]).status, 204)
        XCTAssertEqual(try send("DELETE", "/api/users/99", ["If-Match": "*"]).status, 412)
    }

    func testATouchedResourceFailsTheOldTag() throws {
        let old = try etag("/api/users/2")
        server.touch(path: "/api/users/2")
        XCTAssertEqual(try send("DELETE", "/api/users/2", ["If-Match": old]).status, 412)
        XCTAssertEqual(server.responseCount(path: "/api/users/2", status: 204), 0, "the DELETE did not run")
    }

    func testIfUnmodifiedSince() throws {
        let old = "Sun, 06 Nov 1994 08:49:37 GMT"
        XCTAssertEqual(try send("PUT", "/api/users/2", ["If-Unmodified-Since": old], body: "{}").status, 412)
        let future = "Fri, 01 Jan 2100 00:00:00 GMT"
        XCTAssertEqual(try send("PUT", "/api/users/2", ["If-Unmodified-Since": future], body: "{}").status, 200)
        XCTAssertEqual(try send("PUT", "/api/users/2", ["If-Unmodified-Since": "yesterday"], body: "{}").status, 200)
        XCTAssertEqual(
            try send("PUT", "/api/users/2", ["If-Unmodified-Since": old, "If-Match": "*"], body: "{}").status, 200,
            "If-Match wins over If-Unmodified-Since")
    }

    // MARK: If-None-Match on unsafe methods (RFC 9110 §13.1.2)

    func testIfNoneMatchStarOnAnExistingResourceIs412ForEveryUnsafeMethod() throws {
        let body = #"{"name":"neo","job":"the one"}"#
        for method in ["PUT", "PATCH", "DELETE"] {
            let refused = try send(method, "/api/users/2", ["If-None-Match": "*"], body: body)
            XCTAssertEqual(refused.status, 412, method)
            XCTAssertEqual(refused.text, #"{"error":"Precondition failed: the resource exists (If-None-Match: *)"}"#)
        }
        XCTAssertEqual(
            try send("POST", "/api/users", ["If-None-Match": "*"], body: body).status, 412, "the collection exists")
        XCTAssertEqual(server.responseCount(path: "/api/users/2", status: 200), 0, "no PUT or PATCH ran")
        XCTAssertEqual(server.responseCount(path: "/api/users/2", status: 204), 0, "the DELETE did not run")
        // Controls: without the header the methods run; on a resource that does not exist the header holds.
        XCTAssertEqual(try send("PUT", "/api/users/2", [:], body: body).status, 200)
        XCTAssertEqual(try send("PUT", "/api/users/99", ["If-None-Match": "*"], body: body).status, 200)
        XCTAssertEqual(
            try rawExchange("GET /api/users/99 HTTP/1.1\r\nHost: x\r\n\r\n").status, 404, "it does not exist")
    }

    func testIfNoneMatchWithTheCurrentTagIs412AndAStaleOneRuns() throws {
        let body = #"{"name":"neo"}"#
        XCTAssertEqual(
            try send("PUT", "/api/users/2", ["If-None-Match": try etag("/api/users/2")], body: body).status, 412)
        let weak = "W/" + (try etag("/api/users/2"))
        XCTAssertEqual(
            try send("PATCH", "/api/users/2", ["If-None-Match": weak], body: body).status, 412, "weak comparison")
        XCTAssertEqual(try send("PUT", "/api/users/2", ["If-None-Match": #""stale""#], body: body).status, 200)
        // On GET the same header is still a 304, not a 412.
        XCTAssertEqual(try send("GET", "/api/users/2", ["If-None-Match": "*"]).status, 304)
    }

    func testIfNoneMatchStarOnTheAPIFolder() throws {
        let api = try startExtraServer(try FixtureServer(api: Self.moviesFolder))
        func send(_ method: String, _ target: String, _ headers: String, _ body: String = "{}") throws -> Int {
            let client = try RawClient(port: api.port)
            defer { client.close() }
            client.send(
                "\(method) \(target) HTTP/1.1\r\nHost: x\r\n\(headers)Content-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            return try XCTUnwrap(client.readResponse()).status
        }
        let star = "If-None-Match: *\r\n"
        XCTAssertEqual(try send("PUT", "/movies/2", star, #"{"title":"Gone"}"#), 412)
        XCTAssertEqual(try send("PATCH", "/movies/2", star, #"{"title":"Gone"}"#), 412)
        XCTAssertEqual(try send("DELETE", "/movies/2", star, ""), 412)
        XCTAssertEqual(try send("GET", "/movies/2", ""), 200, "the movie is still there")
        // Controls: the same PATCH without the header runs; a movie that does not exist is not a 412.
        XCTAssertEqual(try send("PATCH", "/movies/2", "", #"{"title":"Renamed"}"#), 200)
        XCTAssertEqual(try send("PUT", "/movies/99", star, #"{"title":"New"}"#), 404)
    }

    func testPreconditionsOnAWrongMethodStay405() throws {
        XCTAssertEqual(try send("DELETE", "/categories", ["If-Match": #""x""#]).status, 405)
    }
}
