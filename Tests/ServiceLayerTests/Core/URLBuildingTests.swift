import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Joining a base URL and an endpoint path, and encoding query items.
final class URLBuildingTests: StubTestCase {
    func testJoiningKeepsTheBasePath() {
        let cases: [(base: String, path: String, expected: String)] = [
            ("https://host/api/", "users/2", "https://host/api/users/2"),
            ("https://host/api", "users/2", "https://host/api/users/2"),
            ("https://host/api/", "/users/2", "https://host/api/users/2"),
            ("https://host/api", "//users/2", "https://host/api/users/2"),
            ("https://host/api/", "", "https://host/api/"),
            ("https://host/api", "", "https://host/api"),
            ("https://host/", "categories", "https://host/categories"),
            ("https://host", "categories", "https://host/categories"),
            ("http://localhost:8090/", "menu", "http://localhost:8090/menu"),
            ("https://host/a/b/", "c/d", "https://host/a/b/c/d"),
        ]
        for (base, path, expected) in cases {
            let url = URLBuilding.url(base: URL(string: base)!, path: path, query: [])
            XCTAssertEqual(url?.absoluteString, expected, "\(base) + \(path)")
        }
    }

    func testQueryValuesAreEncodedStrictlyAndDecodeBackExactly() {
        let cases: [(value: String, encoded: String)] = [
            ("a b", "a%20b"),
            ("a+b", "a%2Bb"),
            ("a&b", "a%26b"),
            ("a=b", "a%3Db"),
            ("a/b", "a%2Fb"),
            ("a#b", "a%23b"),
            ("a?b", "a%3Fb"),
            ("café", "caf%C3%A9"),
            ("日本", "%E6%97%A5%E6%9C%AC"),
            ("plain-._~", "plain-._~"),
            ("100%", "100%25"),
        ]
        let base = URL(string: "https://host/api/")!
        for (value, encoded) in cases {
            let url = URLBuilding.url(base: base, path: "search", query: [URLQueryItem(name: "q", value: value)])
            XCTAssertEqual(url?.absoluteString, "https://host/api/search?q=\(encoded)", value)
            let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems }
            XCTAssertEqual(items, [URLQueryItem(name: "q", value: value)], value)
        }
    }

    func testQueryNamesAreEncodedAndOrderIsKept() {
        let query = [
            URLQueryItem(name: "a b", value: "1"),
            URLQueryItem(name: "flag", value: nil),
            URLQueryItem(name: "z", value: "x&y=z"),
        ]
        let url = URLBuilding.url(base: URL(string: "https://host/")!, path: "p", query: query)
        XCTAssertEqual(url?.absoluteString, "https://host/p?a%20b=1&flag&z=x%26y%3Dz")
        let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems }
        XCTAssertEqual(items, query)
    }

    func testBaseURLQueryIsKept() {
        let base = URL(string: "https://host/api/?key=abc")!
        let url = URLBuilding.url(base: base, path: "users", query: [URLQueryItem(name: "page", value: "2")])
        XCTAssertEqual(url?.absoluteString, "https://host/api/users?key=abc&page=2")
        let bare = URLBuilding.url(base: base, path: "users", query: [])
        XCTAssertEqual(bare?.absoluteString, "https://host/api/users?key=abc")
    }

    func testQueryValuesArriveAtTheServerExactlyAsGiven() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        let values = ["a b", "a+b", "a&b", "a=b", "a/b", "a#b", "a?b", "é", "日本"]
        let query = values.enumerated().map { URLQueryItem(name: "v\($0.offset)", value: $0.element) }
        let result = result(Endpoint<Data>("/search", query: query), on: client)
        XCTAssertNotNil(success(result))
        XCTAssertEqual(stub.requestCount, 1)
        let url = stub.requests.first?.url
        XCTAssertEqual(url?.path, "/search")
        let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems }
        XCTAssertEqual(items, query)
        XCTAssertFalse(url?.absoluteString.contains("+") ?? true, "a raw + would read as a space")
    }

    /// `query(_:)` appends to the endpoint's own items, in order, each change a copy: a template made
    /// once (as `MenuAPI.menu` is) keeps its items, and each call's values go after them.
    func testQueryBuilderAppendsToATemplateWithoutChangingIt() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        let template = Endpoint<Data>("/menu", query: [URLQueryItem(name: "lang", value: "sv")])
        let first = template.query([URLQueryItem(name: "category", value: "a&b")])
        let second = template.query([URLQueryItem(name: "category", value: "c")]).query([
            URLQueryItem(name: "lang", value: "en")
        ])
        XCTAssertEqual(template.query, [URLQueryItem(name: "lang", value: "sv")])
        XCTAssertNotNil(success(result(first, on: client)))
        XCTAssertNotNil(success(result(second, on: client)))
        XCTAssertEqual(
            stub.requests.map { $0.url?.query },
            ["lang=sv&category=a%26b", "lang=sv&category=c&lang=en"])
    }

    func testAbsoluteURLEndpointIsUsedAsIs() {
        let api = makeStub(always: .json("{}"))
        let images = makeStub(always: .respond(status: 200, headers: [:], body: Data([0x89, 0x50, 0x4E, 0x47])))
        let client = makeClient(api)
        let imageURL = images.url("images/1.png")
        let bytes = success(result(Endpoint<Data>(.url(imageURL)), on: client))
        XCTAssertEqual(bytes, Data([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertEqual(api.requestCount, 0)
        XCTAssertEqual(images.requests.map(\.url), [imageURL])
    }

    func testAbsoluteURLKeepsItsQueryAndAppendsMore() {
        let url = URLBuilding.url(
            URL(string: "https://cdn.example/img.png?v=1")!, appending: [URLQueryItem(name: "size", value: "2 x")])
        XCTAssertEqual(url?.absoluteString, "https://cdn.example/img.png?v=1&size=2%20x")
    }

    func testURLThatCannotBeFormedFailsWithInvalidRequest() {
        let client = makeClient(baseURL: URL(string: "mailto:x@y")!)
        let error = failure(result(Endpoint<Data>("users"), on: client))
        guard case .invalidRequest(let reason) = error else {
            return XCTFail("expected .invalidRequest, got \(String(describing: error))")
        }
        XCTAssertFalse("\(reason)".isEmpty)
    }

    func testNonHTTPSchemeFailsWithInvalidRequest() {
        let ftp = makeClient(baseURL: URL(string: "ftp://host/files/")!)
        guard case .invalidRequest = failure(result(Endpoint<Data>("a.txt"), on: ftp)) else {
            return XCTFail("ftp base URL must give .invalidRequest")
        }
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        guard
            case .invalidRequest = failure(result(Endpoint<Data>(.url(URL(string: "file:///etc/passwd")!)), on: client))
        else {
            return XCTFail("file URL must give .invalidRequest")
        }
        XCTAssertEqual(stub.requestCount, 0)
    }

    func testSameOrigin() {
        let cases: [(String, String, Bool)] = [
            ("https://host/api/", "https://host/other?x=1", true),
            ("https://HOST/api/", "https://host/", true),
            ("https://host/", "https://host:443/", true),
            ("http://host/", "http://host:80/", true),
            ("https://host/", "http://host/", false),
            ("https://host/", "https://other/", false),
            ("https://host/", "https://host:8443/", false),
            ("http://localhost:8090/", "http://localhost:8091/", false),
            ("https://host/", "https://api.host/", false),
        ]
        for (lhs, rhs, expected) in cases {
            XCTAssertEqual(Origin.same(URL(string: lhs)!, URL(string: rhs)!), expected, "\(lhs) vs \(rhs)")
        }
    }
}
