import Foundation
import XCTest

@testable import FixtureServer

/// What a learner meets starting the server (issue 48): every route listed in every mode, a port in use
/// named with its fix, and a relative `--api` path explained.
final class StartUpTests: FixtureTestCase {
    func testThePlainServerListsItsRoutes() {
        let listing = server.routeListing
        XCTAssertEqual(listing.first, "Apple's OpenRestaurant API, at /:")
        for line in [
            "  GET    /categories", "The reqres users API, at /api/:", "  DELETE /api/users/:id",
            "The accounts API, at /api/:", "  POST   /api/accounts/login", "  GET    /files/:bytes",
        ] {
            XCTAssertTrue(listing.contains(line), "\(line) in\n\(listing.joined(separator: "\n"))")
        }
        XCTAssertEqual(listing.last, "This list, as a page for a browser (JSON with Accept: application/json): GET /")
    }

    func testTheAPIListingIncludesTheBuiltInRoutes() throws {
        let api = try FixtureServer(api: Self.moviesFolder)
        let listing = api.routeListing
        XCTAssertEqual(listing.first, "Your API from \(Self.moviesFolder.path), at /:")
        XCTAssertEqual(listing[1], "  GET    /movie/popular  (4 examples from routes.json)")
        XCTAssertEqual(Array(listing[1...api.apiRoutes.count]), api.apiRoutes.map { "  " + $0 })
        XCTAssertTrue(listing.contains("  GET    /menu"), "the built-in routes that still answer")
        XCTAssertTrue(listing.contains("  POST   /api/login"))
    }

    func testARecordingListsNoRoutes() throws {
        let folder = try TemporaryFolder("record-listing")
        defer { folder.remove() }
        let recorder = try FixtureServer(recording: URL(string: "http://127.0.0.1:9/")!, into: folder.url)
        XCTAssertEqual(recorder.routeListing, [], "a recording forwards every path")
    }

    func testAPortInUseIsNamedWithTheFix() throws {
        let other = FixtureServer(port: server.port)
        XCTAssertThrowsError(try other.start()) { error in
            XCTAssertEqual(error as? FixtureServerError, .portInUse(server.port))
            let text = "\(error)"
            XCTAssertTrue(text.contains("port \(server.port) is already in use"), text)
            XCTAssertTrue(text.contains("--port \(server.port + 1)"), text)
            XCTAssertTrue(text.contains("Stop that server"), text)
            XCTAssertFalse(text.contains("errno"), text)
        }
        XCTAssertEqual(try fetch("/categories").status, 200, "the first server is untouched")
    }

    func testARelativeAPIPathSaysWhereItWasLookedFor() throws {
        let elsewhere = try TemporaryFolder("learner-package")
        defer { elsewhere.remove() }
        let relative = URL(fileURLWithPath: "server-fixtures/Examples/movies", relativeTo: elsewhere.url)
        XCTAssertThrowsError(try FixtureServer(api: relative)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("is not a folder"), text)
            XCTAssertTrue(text.contains("server-fixtures/Examples/movies is relative"), text)
            XCTAssertTrue(text.contains("looked for in \(elsewhere.url.path)"), text)
            XCTAssertTrue(text.contains("inside the ServiceLayer checkout"), text)
            XCTAssertTrue(text.contains("--api ../ServiceLayer/server-fixtures/Examples/movies"), text)
            XCTAssertTrue(text.contains("--api \(Self.moviesFolder.path)."), "the real folder, found: \(text)")
        }
        let mine = URL(fileURLWithPath: "MyAPI", relativeTo: elsewhere.url)
        XCTAssertThrowsError(try FixtureServer(api: mine)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("MyAPI is relative"), text)
            XCTAssertFalse(text.contains("ServiceLayer checkout"), "only server-fixtures/ paths are the checkout's")
        }
        XCTAssertThrowsError(try FixtureServer(api: URL(fileURLWithPath: "/nonexistent-\(UUID())"))) { error in
            XCTAssertEqual((error as? APIFolderError)?.message, "is not a folder", "an absolute path needs no more")
        }
    }
}
