import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `.ci/fuzz.sh` found in the client (issue 45), one test per finding, each failing without its fix.
/// The input that found it is in `Fuzz/Corpus/<target>/`, so every fuzz run starts from it again.
final class ClientFuzzFindingsTests: XCTestCase {
    /// `retry-after`: `Retry-After` was read with `TimeInterval(_:)`, so `inf` (an endless wait, cut to
    /// `maximumDelay`), `1e3`, `0x10`, `+5` and `1.5` counted as seconds. RFC 9110 §10.2.3's delay-seconds
    /// are digits only.
    func testRetryAfterIsReadAsDelaySecondsOnly() throws {
        let url = try XCTUnwrap(URL(string: "https://example.com/a"))
        func read(_ value: String, status: Int = 503) -> TimeInterval? {
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": value])
            return RequestTries.retryAfter(in: response)
        }
        for value in ["inf", "infinity", "nan", "1e3", "0x10", "+5", "-1", "1.5", "", "Wed, 21 Oct 2015 07:28:00 GMT"] {
            XCTAssertNil(read(value), value)
        }
        XCTAssertEqual(read("120"), 120)
        XCTAssertEqual(read(" 0 "), 0)
        XCTAssertEqual(read("7", status: 429), 7)
        XCTAssertNil(read("7", status: 500), "only a 429 or a 503 is waited for")
    }

    /// `url-building`: a base URL with an empty port (`https://host:`) was joined as text with its `:`,
    /// while `URLComponents` drops it: the text join must give the URL the `URLComponents` route gives.
    func testABaseWithAnEmptyPortJoinsAsURLComponentsDoes() throws {
        for base in ["https://example.com:/api/", "https://*userlhos:", "http://localhost:"] {
            let baseURL = try XCTUnwrap(URL(string: base))
            let byText = URLBuilding.url(base: baseURL, path: "t", query: [])
            let byComponents = URLBuilding.url(base: baseURL, plainBase: nil, path: "t", query: [])
            XCTAssertEqual(byText, byComponents, base)
        }
        // Control: a plain base is still joined as text.
        XCTAssertEqual(
            URLBuilding.plainBase(try XCTUnwrap(URL(string: "https://reqres.in/api/"))), "https://reqres.in/api/")
    }

    /// `url-building`: a base URL with an empty host (`https://://host`: an empty authority, then the path
    /// `//host`) gave `https:////host...`, a URL that reads back with another origin. A base without a
    /// host builds no URL (the call fails as an invalid request).
    func testABaseWithAnEmptyHostBuildsNoURL() throws {
        let baseURL = try XCTUnwrap(URL(string: "https://://localhost"))
        XCTAssertNil(URLBuilding.url(base: baseURL, path: "menu", query: [URLQueryItem(name: "a", value: "1")]))
        XCTAssertNil(URLBuilding.url(baseURL, appending: [URLQueryItem(name: "a", value: "1")]))
        XCTAssertNil(URLBuilding.plainBase(baseURL))
    }
}
