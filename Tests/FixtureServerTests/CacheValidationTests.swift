import Foundation
import XCTest

@testable import FixtureServer

/// ETag, Last-Modified, Cache-Control and 304s over real sockets, and the hooks that change a resource.
final class CacheValidationTests: FixtureTestCase {
    /// A GET (or HEAD) of `target` on a fresh connection with `headers`; a 304 has no Content-Length,
    /// so nothing is read after its head.
    private func get(_ target: String, _ headers: [String: String] = [:], head: Bool = false) throws -> RawResponse {
        let lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        return try rawExchange("\(head ? "HEAD" : "GET") \(target) HTTP/1.1\r\nHost: x\r\n\(lines)\r\n", head: head)
    }

    func testCacheableRoutesCarryValidatorsAndCacheControl() throws {
        for target in ["/categories", "/menu", "/menu?category=salads", "/images/1.png", "/api/users", "/api/users/2"] {
            let response = try get(target)
            XCTAssertEqual(response.status, 200, target)
            let tag = try XCTUnwrap(response.headers["etag"], target)
            XCTAssertTrue(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"), "strong tag: \(tag)")
            let modified = try XCTUnwrap(response.headers["last-modified"], target)
            XCTAssertNotNil(HTTPDate.parse(modified), "IMF-fixdate: \(modified)")
            let control = try XCTUnwrap(response.headers["cache-control"], target)
            XCTAssertEqual(control, target.hasPrefix("/images/") ? "public, max-age=86400" : "no-cache", target)
        }
        let order = try rawExchange(
            "POST /order HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"menuIds\":[]}"
        )
        XCTAssertNil(order.headers["etag"], "POSTs carry no validators")
        XCTAssertNil(try get("/api/users/99").headers["etag"], "404s carry no validators")
    }

    func testTheTagIsAHashOfTheBody() throws {
        let first = try get("/menu?category=salads")
        let second = try get("/menu?category=salads")
        let other = try get("/menu?category=entrees")
        XCTAssertEqual(first.headers["etag"], second.headers["etag"])
        XCTAssertNotEqual(first.headers["etag"], other.headers["etag"])
        XCTAssertEqual(first.headers["etag"], CacheValidation.entityTag(for: first.body, generation: 0))
    }

    func testIfNoneMatchGivesA304WithValidatorsAndNoBody() throws {
        let tag = try XCTUnwrap(try get("/categories").headers["etag"])
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(tag)\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(response.status, 304)
        XCTAssertEqual(response.headers["etag"], tag)
        XCTAssertNotNil(response.headers["last-modified"])
        XCTAssertEqual(response.headers["cache-control"], "no-cache")
        XCTAssertNil(response.headers["content-length"])
        XCTAssertNil(response.headers["content-type"])
        // Nothing follows the head: the next request on the same connection is answered normally.
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let next = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(next.status, 200)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 304), 1)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 200), 2)
    }

    func testIfNoneMatchListsWeakTagsAndStar() throws {
        let tag = try XCTUnwrap(try get("/images/2.png").headers["etag"])
        XCTAssertEqual(try get("/images/2.png", ["If-None-Match": "\"nope\", W/\(tag)"]).status, 304)
        XCTAssertEqual(try get("/images/2.png", ["If-None-Match": "*"]).status, 304)
        XCTAssertEqual(try get("/images/2.png", ["If-None-Match": "\"nope\", \"a,b\""]).status, 200)
        XCTAssertEqual(try get("/images/2.png", ["If-None-Match": tag], head: true).status, 304)
    }

    func testIfModifiedSinceAndThePrecedenceOfIfNoneMatch() throws {
        let modified = try XCTUnwrap(try get("/api/users/2").headers["last-modified"])
        XCTAssertEqual(try get("/api/users/2", ["If-Modified-Since": modified]).status, 304)
        XCTAssertEqual(try get("/api/users/2", ["If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"]).status, 200)
        XCTAssertEqual(try get("/api/users/2", ["If-Modified-Since": "yesterday"]).status, 200, "invalid: ignored")
        let both = ["If-Modified-Since": modified, "If-None-Match": "\"other\""]
        XCTAssertEqual(try get("/api/users/2", both).status, 200, "If-None-Match takes precedence")
    }

    func testTouchChangesTheTagAndTheDate() throws {
        let before = try get("/menu")
        let tag = try XCTUnwrap(before.headers["etag"])
        let modified = try XCTUnwrap(before.headers["last-modified"])
        server.touch(path: "/menu")
        let after = try get("/menu", ["If-None-Match": tag])
        XCTAssertEqual(after.status, 200)
        XCTAssertEqual(after.body, before.body)
        XCTAssertNotEqual(after.headers["etag"], tag)
        let newDate = try XCTUnwrap(after.headers["last-modified"].flatMap { HTTPDate.parse($0) })
        XCTAssertGreaterThan(newDate, try XCTUnwrap(HTTPDate.parse(modified)))
        XCTAssertEqual(try get("/menu", ["If-Modified-Since": modified]).status, 200)
        XCTAssertEqual(try get("/menu", ["If-None-Match": after.headers["etag"]!]).status, 304)
    }

    func testReplaceImageServesNewBytesWithANewTag() throws {
        let before = try get("/images/3.png")
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        server.replaceImage(id: 3, data: bytes)
        let after = try get("/images/3.png", ["If-None-Match": before.headers["etag"]!])
        XCTAssertEqual(after.status, 200)
        XCTAssertEqual(after.body, bytes)
        XCTAssertEqual(after.headers["etag"], CacheValidation.entityTag(for: bytes, generation: 1))
    }

    func testCacheControlOverrideAndCountsAndBytes() throws {
        server.setCacheControl("no-store", path: "/categories")
        XCTAssertEqual(try get("/categories").headers["cache-control"], "no-store")
        server.setCacheControl(nil, path: "/categories")
        XCTAssertEqual(try get("/categories").headers["cache-control"], "no-cache")
        XCTAssertEqual(server.responseCount(path: "/categories", status: 200), 2)
        XCTAssertGreaterThan(server.bytesSent(path: "/categories"), 2 * 100)
        XCTAssertEqual(server.bytesSent(), server.bytesSent(path: "/categories"))
        server.resetRecords()
        XCTAssertEqual(server.responseCount(path: "/categories", status: 200), 0)
        XCTAssertEqual(server.bytesSent(), 0)
    }

    func testHTTPDateRoundTrip() throws {
        let date = Date(timeIntervalSince1970: 784_111_777)
        XCTAssertEqual(HTTPDate.format(date), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), date)
        // RFC 9110 §5.6.7: a recipient accepts the obsolete RFC 850 and asctime forms too.
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), date)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), date)
        XCTAssertNil(HTTPDate.parse("Sun, 6 Nov 1994 08:49:37 GMT"))
        XCTAssertNil(HTTPDate.parse("Someday, 06-Nov-94 08:49:37 GMT"))
        XCTAssertNil(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 PST"))
    }

    /// The arithmetic that writes a date from 1970 to 9999 writes what the calendar writes: every leap day
    /// and year end from 1970 to 2100 and the edges of the range, and a date every 9,970,027 seconds (about
    /// 115 days; prime to a day's 86,400, so every weekday, month and time of day comes round: about 25,000
    /// dates) from 1970 to the end of 9999. `SERVICELAYER_FULL=1` (CI's full-size stage) takes one every
    /// 997,003 seconds (about 11.5 days: 254,000 dates, 11 s of a loaded debug run).
    static let dateStride: Double =
        ProcessInfo.processInfo.environment["SERVICELAYER_FULL"] == "1" ? 997_003 : 9_970_027

    func testHTTPDateArithmeticAgreesWithTheCalendar() {
        var seconds: [Double] = [0, 0.999, 59, 86_399, 86_400, 951_782_400, 253_402_300_799, 253_402_300_799.5]
        for year in 1970...2100 {
            let utc = TimeZone(secondsFromGMT: 0)!
            let components = [(2, 28), (2, 29), (3, 1), (12, 31)].map {
                DateComponents(
                    calendar: Calendar(identifier: .gregorian), timeZone: utc, year: year, month: $0.0, day: $0.1)
            }
            seconds += components.compactMap { $0.date?.timeIntervalSince1970 }.map { $0 + 86_399 }
        }
        seconds += stride(from: 0, through: 253_402_300_799.0, by: Self.dateStride)
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            XCTAssertEqual(HTTPDate.format(date), HTTPDate.calendarFormat(date), "\(second)")
        }
        let before = Date(timeIntervalSince1970: -1)
        XCTAssertEqual(HTTPDate.format(before), "Wed, 31 Dec 1969 23:59:59 GMT", "before 1970: the calendar's")
    }
}
