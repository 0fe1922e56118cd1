import Foundation
import XCTest

@testable import FixtureServer

/// Issue 34: no query value or id makes `--api` exit; ids never reach a response head unchecked.
final class APIOverflowTests: MoviesCopyTestCase {
    func testHugePageIsA400AndTheServerLives() throws {
        let huge = try fetch("/movies?_page=9223372036854775807&_limit=2")
        XCTAssertEqual(huge.status, 400)
        XCTAssertEqual(
            try huge.object()["error"] as? String,
            #"_page must be a whole number from 1 to 1000000000, not "9223372036854775807""#)
        for target in [
            "/movies?_page=1000000000&_limit=1000", "/movies?_page=1000000000&_per_page=1000",
            "/movies?_start=1000000000&_limit=1000", "/movies?_end=1000000000",
        ] {
            XCTAssertEqual(try fetch(target).status, 200, target)
        }
        XCTAssertEqual(try fetch("/movies?_page=-1").status, 400)
        XCTAssertEqual(try fetch("/movies").status, 200, "still answering")
    }

    func testLargestIdIsRefusedAfterWithoutOverflow() throws {
        XCTAssertEqual(try post("/movies", json: #"{"title":"A"}"#).headers["location"], "/movies/9", "control")
        let top = try post("/movies", json: #"{"id":9223372036854775807,"title":"Last"}"#)
        XCTAssertEqual(top.status, 201)
        let next = try post("/movies", json: #"{"title":"After"}"#)
        XCTAssertEqual(next.status, 409)
        XCTAssertTrue((try next.object()["error"] as? String)?.contains("largest possible id") ?? false)
        XCTAssertEqual(try fetch("/movies/9223372036854775807").status, 200, "still answering")
        XCTAssertEqual(try post("/movies", json: #"{"id":10,"title":"Chosen"}"#).status, 201)

        // The id was saved (--write): a server started on the saved file refuses in the same way.
        let restarted = try startExtraServer(try FixtureServer(api: folder, writesBack: true))
        let client = try RawClient(port: restarted.port)
        defer { client.close() }
        let body = #"{"title":"Again"}"#
        XCTAssertTrue(
            client.send("POST /movies HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"))
        XCTAssertEqual(try XCTUnwrap(client.readResponse()).status, 409)
        XCTAssertEqual(try fetch("/movies").status, 200)
    }

    func testIdsWithControlCharactersAreRefused() throws {
        let injected = try post("/movies", json: #"{"id":"b1\r\nX-Injected: yes","title":"x"}"#)
        XCTAssertEqual(injected.status, 400)
        XCTAssertNil(injected.headers["x-injected"])
        XCTAssertEqual(try post("/movies", json: #"{"id":"a\u0000b"}"#).status, 400)
        XCTAssertEqual(try post("/movies/1", json: #"{"id":"1\r\n"}"#, method: "PUT").status, 400)
        let spaced = try post("/movies", json: #"{"id":"a b?c","title":"x"}"#)
        XCTAssertEqual(spaced.status, 201, "control: a plain string id is fine")
        XCTAssertEqual(spaced.headers["location"], "/movies/a%20b%3Fc", "and is percent-encoded in Location")
    }

    /// Decided (issue 34): a JSON number beyond a Double's range is refused, never stored as `null`.
    func testNumberBeyondDoubleRangeIsRefusedNotStoredAsNull() throws {
        let control = try post("/movies", json: #"{"title":"Big","rating":1e300}"#)
        XCTAssertEqual(control.status, 201, "control: a large finite number is stored")
        let refused = try post("/movies", json: #"{"title":"Huge","rating":1e400}"#)
        XCTAssertEqual(refused.status, 400)
        let message = try XCTUnwrap(try refused.object()["error"] as? String)
        XCTAssertTrue(message.contains("out of range"), message)
        XCTAssertTrue(message.contains("1e400"), message)
        let listing = String(decoding: try fetch("/movies?title=Huge").body, as: UTF8.self)
        XCTAssertEqual(listing.filter { !$0.isWhitespace }, "[]", "nothing was stored")
    }
}
