import Foundation
import XCTest

@testable import FixtureServer

/// What `.ci/fuzz.sh` found (issue 45), one test per finding, each failing without its fix. The input
/// that found it is in `Fuzz/Corpus/<target>/`, so every fuzz run starts from it again.
final class FuzzFindingsTests: FixtureTestCase {
    /// `framing`: `Content-Length:` with an empty value (or only commas) was read as no `Content-Length`,
    /// so beside `Transfer-Encoding: chunked` the body was read as chunked: a 400 now, like any other
    /// invalid length.
    func testAnEmptyContentLengthIsABadRequest() throws {
        for value in ["", " ", ",", " , "] {
            for coding in ["", "Transfer-Encoding: chunked\r\n"] {
                let head = "POST /order HTTP/1.1\r\nHost: x\r\nContent-Length:\(value)\r\n\(coding)"
                XCTAssertThrowsError(try HTTPParser.parseHead(ArraySlice(Array(head.utf8))), head.debugDescription) {
                    XCTAssertEqual(($0 as? HTTPParseError)?.status, 400, head.debugDescription)
                }
            }
        }
        // Control: a list of the same length, empty elements aside, is that length.
        let head = "POST /order HTTP/1.1\r\nHost: x\r\nContent-Length: 5, ,5\r\n"
        XCTAssertEqual(try HTTPParser.parseHead(ArraySlice(Array(head.utf8))).contentLength, 5)
        // On the wire: refused at once, the connection closed, not read as a chunked order.
        let answer = try rawExchange(
            "POST /order HTTP/1.1\r\nHost: x\r\nContent-Length:\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "f\r\n{\"menuIds\":[1]}\r\n0\r\n\r\n")
        XCTAssertEqual(answer.status, 400, answer.text)
    }

    /// `routes`: a path segment starting with a combining mark fused with the `/` before it into one
    /// character, so the `/` split nothing and the mark was dropped: `/%CD%9Emenu` was routed as `/menu`.
    func testASegmentStartingWithACombiningMarkIsItsOwnSegment() throws {
        XCTAssertEqual(Route.segments(of: "/\u{35E}menu"), ["\u{35E}menu"])
        XCTAssertEqual(Route.segments(of: "/a/\u{301}b//"), ["a", "\u{301}b", "", ""])
        XCTAssertEqual(Route("/\u{35E}x/:id", []).segments, ["\u{35E}x", ":id"])
        let route = MockRoute(method: "GET", pattern: "/\u{35E}x", examples: [], line: 1, field: "routes[0]")
        XCTAssertTrue(route.matches("/\u{35E}x"))
        XCTAssertFalse(route.matches("/x"))
        XCTAssertEqual(try fetch("/%CD%9Emenu").status, 404)
        XCTAssertEqual(try fetch("/menu").status, 200)
    }

    /// `head`: repeated header lines were joined with ", " even when one was empty, so `Accept: a` then
    /// `Accept:` gave the value "a, ", which a re-serialised head (one line per field) reads as "a,".
    func testAnEmptyRepeatedHeaderLineAddsNothing() throws {
        let head = "GET /menu HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nAccept:\r\nX-A:\r\nX-A: b\r\n"
        let parsed = try HTTPParser.parseHead(ArraySlice(Array(head.utf8)))
        XCTAssertEqual(parsed.headers["accept"], "application/json")
        XCTAssertEqual(parsed.headers["x-a"], "b")
        let again = "GET /menu HTTP/1.1\r\nhost: x\r\naccept: \(parsed.headers["accept"]!)\r\nx-a: b\r\n"
        XCTAssertEqual(try HTTPParser.parseHead(ArraySlice(Array(again.utf8))).headers, parsed.headers)
    }

    /// `http-date`: an HTTP-date on a day the calendar does not have was read as another day: year 0000 as
    /// 1 BC (printed back as 0001), 31 February as early March. Such a date is no date (so a conditional
    /// header holding one is ignored, as an invalid date is).
    func testAnHTTPDateOnADayThatDoesNotExistIsNoDate() {
        XCTAssertNil(HTTPDate.parse("Fri, 31 Dec 0000 23:59:59 GMT"))
        XCTAssertNil(HTTPDate.parse("Tue, 31 Feb 2000 00:00:00 GMT"))
        XCTAssertNil(HTTPDate.parse("Sun Feb 30 08:49:37 1994"))
        XCTAssertEqual(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT"), Date(timeIntervalSince1970: 951_782_400))
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), Date(timeIntervalSince1970: 784_111_777))
    }

    /// `like`: a range inside `[ ]` whose end is escaped (`[$-\-]`) ended at the `\`, so `[$-\-]` held
    /// everything from `$` to `\` (digits and capitals among it) where ICU and JavaScript hold `$` to `-`.
    func testARangeWithAnEscapedEndEndsAtTheEscapedCharacter() throws {
        let found = try SafePattern("[s^^^^^^b$$-\\-]")
        XCTAssertFalse(found.matches("aaaaaaaaA1 A"), "the fuzzer's input")
        XCTAssertTrue(found.matches("50%"))
        XCTAssertTrue(found.matches("a-b"))
        XCTAssertFalse(try SafePattern("^[$-\\-]+$").matches("1A"))
        XCTAssertTrue(try SafePattern("^[$-\\-]+$").matches("$(-)"))
        XCTAssertTrue(try SafePattern("^[\\$-\\-]$").matches("*"), "both ends escaped")
        XCTAssertThrowsError(try SafePattern("[a-\\d]")) {
            XCTAssertTrue(($0 as? SafePattern.Refusal)?.message.contains("range ending in \\d") == true, "\($0)")
        }
        XCTAssertThrowsError(try SafePattern("[a-\\"))
    }
}
