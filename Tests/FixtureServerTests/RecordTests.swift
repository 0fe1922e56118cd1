import Foundation
import XCTest

@testable import FixtureServer

final class RecordTests: FixtureTestCase {
    private let lines = Locked<[String]>([])

    override func makeServer() -> FixtureServer {
        let sink = lines
        return FixtureServer(logger: { line in sink.withLock { $0.append(line) } })
    }

    func testRequestCountCountsEveryMethodQueryAndFault() throws {
        server.inject(.status(500), path: "/menu")
        XCTAssertEqual(try fetch("/menu").status, 500)
        XCTAssertEqual(try fetch("/menu?category=salads").status, 200)
        XCTAssertEqual(try fetch("/menu", method: "POST", body: Data("x".utf8)).status, 405)
        XCTAssertEqual(try fetch("/nowhere").status, 404)
        XCTAssertEqual(server.requestCount(path: "/menu"), 3)
        XCTAssertEqual(server.requestCount(path: "/menu/"), 3)
        XCTAssertEqual(server.requestCount(path: "/nowhere"), 1)
        XCTAssertEqual(server.requestCount(path: "/categories"), 0)
    }

    func testRequestsAreRecordedInOrderWithHeadersAndBody() throws {
        try fetch("/categories", headers: ["X-Trace": "abc"])
        try post("/order", json: #"{"menuIds":[1]}"#)
        let requests = server.requests
        XCTAssertEqual(requests.map(\.method), ["GET", "POST"])
        XCTAssertEqual(requests.map(\.path), ["/categories", "/order"])
        XCTAssertEqual(requests[0].headers["x-trace"], "abc")
        XCTAssertNotNil(requests[0].headers["host"])
        XCTAssertEqual(requests[1].headers["content-type"], "application/json")
        XCTAssertEqual(String(decoding: requests[1].body, as: UTF8.self), #"{"menuIds":[1]}"#)
        XCTAssertTrue(requests[0].body.isEmpty)
    }

    func testQueryAndPathArriveDecodedIntact() throws {
        let target = "/men%75?category=a%20b%26c%2Bd%2Fe%3Ff%23g%C3%A9%E2%82%AC&plus=1+2&empty=&flag&x=%3D%25"
        let response = try rawExchange("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, #"{"items":[]}"#)
        let recorded = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(recorded.target, target)
        XCTAssertEqual(recorded.path, "/menu")
        XCTAssertEqual(recorded.query["category"], "a b&c+d/e?f#gé€")
        XCTAssertEqual(recorded.query["plus"], "1+2")
        XCTAssertEqual(recorded.query["empty"], "")
        XCTAssertEqual(recorded.query["flag"], "")
        XCTAssertEqual(recorded.query["x"], "=%")
    }

    func testURLSessionEncodedQueryRoundTrips() throws {
        var components = URLComponents(
            url: server.baseURL.appendingPathComponent("menu"), resolvingAgainstBaseURL: false)!
        let value = "salads & soups + more/?#é"
        components.percentEncodedQueryItems = [
            URLQueryItem(
                name: "category",
                value: value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        ]
        XCTAssertEqual(try fetch(components.url!.absoluteString).status, 200)
        XCTAssertEqual(server.requests.last?.query["category"], value)
    }

    func testCountOnlyServerKeepsNoRequests() throws {
        let counting = try startExtraServer(FixtureServer(recordsRequests: false))
        let client = try RawClient(port: counting.port)
        defer { client.close() }
        for _ in 0..<3 {
            client.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(client.readResponse()?.status, 200)
        }
        XCTAssertEqual(counting.requestCount(path: "/categories"), 3)
        XCTAssertTrue(counting.requests.isEmpty)
    }

    func testResetRecords() throws {
        try fetch("/categories")
        XCTAssertEqual(server.requests.count, 1)
        server.resetRecords()
        XCTAssertTrue(server.requests.isEmpty)
        XCTAssertEqual(server.requestCount(path: "/categories"), 0)
        try fetch("/categories")
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
    }

    func testLoggerGetsOneLinePerRequestWithoutAuthorization() throws {
        try fetch("/menu?category=salads")
        try fetch("/api/products", headers: ["Authorization": "Bearer SECRET-TOKEN-123"])
        let deadline = Date().addingTimeInterval(10)
        while lines.withLock({ $0.count }) < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let logged = lines.withLock { $0 }
        XCTAssertEqual(logged.count, 2)
        guard logged.count == 2 else { return }
        XCTAssertNotNil(
            logged[0].range(
                of: #"^GET /menu\?category=salads -> 200 \(\d+ bytes, \d+ ms\)$"#, options: .regularExpression),
            logged[0])
        XCTAssertTrue(logged[1].hasPrefix("GET /api/products -> 401"), logged[1])
        XCTAssertFalse(logged.joined().contains("SECRET"))
    }
}
