import Foundation
import XCTest

@testable import FixtureServer

/// The teaching 404 (issue 48): a swap of two letters is one edit, and a route under a wrong root is named,
/// in the `{"error": ...}` the client quotes; over real sockets against the movies example.
final class DidYouMeanTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { apiServer(Self.moviesFolder) }

    private func error(_ target: String) throws -> String {
        let reply = try fetch(target, headers: ["Accept": "application/json"])
        XCTAssertEqual(reply.status, 404, target)
        XCTAssertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        return try XCTUnwrap(try reply.object()["error"] as? String, target)
    }

    func testTwoSwappedLettersSuggestTheRouteMeant() throws {
        XCTAssertEqual(
            try error("/movie/popluar"),
            "Not found: no route matches /movie/popluar. Did you mean /movie/popular? It answers GET, HEAD, OPTIONS.")
        XCTAssertTrue(try error("/movie/populr").contains("Did you mean /movie/popular?"), "a dropped letter too")
        XCTAssertTrue(try error("/moveis").contains("Did you mean /movies?"))
        XCTAssertTrue(try error("/cetagories").contains("Did you mean /categories?"))
    }

    func testAWrongRootNamesTheRouteMeant() throws {
        XCTAssertEqual(
            try error("/api/movies"),
            "Not found: no route matches /api/movies. Did you mean /movies? Drop /api from the front: the route "
                + "starts at /movies. It answers GET, HEAD, POST, OPTIONS.")
        XCTAssertTrue(try error("/api/movies/3").contains("Did you mean /movies/3?"), "the values sent are kept")
        XCTAssertTrue(try error("/api/categories").contains("Did you mean /categories?"))
        XCTAssertEqual(
            try error("/users/2"),
            "Not found: no route matches /users/2. Did you mean /api/users/2? The route is under /api/: add /api "
                + "in front. It answers GET, HEAD, PUT, PATCH, DELETE, OPTIONS.")
        XCTAssertEqual(try error("/api/nothing/here"), "Not found", "nothing near: the plain 404")
    }

    func testOptimalStringAlignmentDistance() {
        XCTAssertEqual(EditDistance.between("popluar", "popular"), 1, "one swap")
        XCTAssertEqual(EditDistance.between("popular", "popular"), 0)
        XCTAssertEqual(EditDistance.between("ab", "ba"), 1)
        XCTAssertEqual(EditDistance.between("abc", "ca"), 3, "no letter is moved twice (OSA, not full Damerau)")
        XCTAssertEqual(EditDistance.between("kitten", "sitting"), 3, "plain edits as Levenshtein counts them")
        XCTAssertEqual(EditDistance.between("", "abc"), 3)
        XCTAssertEqual(EditDistance.between("Movies", "movies"), 0, "case-insensitive")
    }
}
