import Foundation
import XCTest

@testable import FixtureServer

final class BadInputTests: FixtureTestCase {
    /// Sends `request`, expects `status` with a JSON error body, and that the server then closes.
    private func expectRejected(_ request: [UInt8], status: Int, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let client = try rawClient()
        defer { client.close() }
        client.send(request)
        let response = try XCTUnwrap(client.readResponse(), file: file, line: line)
        XCTAssertEqual(response.status, status, file: file, line: line)
        XCTAssertEqual(response.headers["connection"], "close", file: file, line: line)
        XCTAssertNotNil(
            (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any], response.text, file: file,
            line: line)
        XCTAssertTrue(client.waitForClose(timeout: 10), "server kept the connection", file: file, line: line)
    }

    func testMalformedRequestLinesAre400() throws {
        for line in [
            "GARBAGE", "GET /categories", "GET  /categories HTTP/1.1", "GET categories HTTP/1.1",
            "GET /categories HTTP/1.1 extra", "G(T /categories HTTP/1.1", "GET /categories FTP/1.0",
            "GET /a b HTTP/1.1", "GET /%zz HTTP/1.1", "GET /%ff HTTP/1.1",
        ] {
            try expectRejected(Array("\(line)\r\nHost: x\r\n\r\n".utf8), status: 400)
        }
    }

    func testMalformedHeaderLinesAre400() throws {
        for header in ["NoColon", ": empty-name", "Bad Name: x", " folded: x", "X: a\u{7F}b"] {
            try expectRejected(Array("GET /categories HTTP/1.1\r\n\(header)\r\n\r\n".utf8), status: 400)
        }
        try expectRejected(Array("POST /order HTTP/1.1\r\nContent-Length: abc\r\n\r\n".utf8), status: 400)
        try expectRejected(
            Array("POST /order HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n".utf8), status: 400)
    }

    func testUnsupportedHTTPVersionIs505() throws {
        try expectRejected(Array("GET /categories HTTP/2.0\r\n\r\n".utf8), status: 505)
    }

    func testHeaderBlockOver16KiBIs431() throws {
        let big = "GET /categories HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n"
        try expectRejected(Array(big.utf8), status: 431)
        // Also without ever finishing the header block.
        try expectRejected(
            Array("GET /categories HTTP/1.1\r\n\(String(repeating: "X-A: b\r\n", count: 3000))".utf8), status: 431)
    }

    func testBodyOver1MiBIs413() throws {
        try expectRejected(Array("POST /order HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n".utf8), status: 413)
        // Sending part of the huge body anyway must not stop the client from reading the 413.
        let client = try rawClient()
        defer { client.close() }
        client.send("POST /order HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n" + String(repeating: "x", count: 100_000))
        XCTAssertEqual(client.readResponse()?.status, 413)
    }

    func testChunkedBodyIs411() throws {
        try expectRejected(
            Array("POST /order HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8), status: 411
        )
    }

    func testUnknownRouteIs404JSON() throws {
        for target in ["/nope", "/api", "/api/users/1/extra", "/CATEGORIES", "/categories.json"] {
            let reply = try fetch(target)
            XCTAssertEqual(reply.status, 404, target)
            XCTAssertEqual(reply.text, #"{"error":"Not found"}"#, target)
            XCTAssertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        }
        let doubled = try rawExchange("GET //categories HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(doubled.status, 404)
        XCTAssertEqual(doubled.text, #"{"error":"Not found"}"#)
    }

    func testWrongMethodIs405WithAllow() throws {
        let cases = [
            ("DELETE", "/categories", "GET, HEAD"), ("GET", "/order", "POST"),
            ("PUT", "/api/users", "GET, HEAD, POST"), ("POST", "/api/users/2", "GET, HEAD, PUT, PATCH, DELETE"),
            ("GET", "/api/login", "POST"), ("POST", "/api/products", "GET, HEAD"),
        ]
        for (method, path, allow) in cases {
            let response = try rawExchange("\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            XCTAssertEqual(response.status, 405, "\(method) \(path)")
            XCTAssertEqual(response.headers["allow"], allow, "\(method) \(path)")
            XCTAssertEqual(response.text, #"{"error":"Method not allowed"}"#)
        }
    }

    func testTraversalAttemptsNeverLeaveTheImages() throws {
        let targets = [
            "/images/../Data/menu.json", "/images/%2e%2e%2fmenu.json", "/images/..%2Fmenu.json",
            "/images/%2E%2E/%2E%2E/Package.swift", "/images/..%2f..%2fusers.json", "/images/%2fetc%2fpasswd",
            "/images/1.png%00.json", "/images/./1.png", "/images/../../../../etc/passwd", "/images/%2e%2e",
            "/images/1.png/..", "/images/menu.json", "/images//1.png",
        ]
        for target in targets {
            let response = try rawExchange("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue([400, 404].contains(response.status), "\(target) -> \(response.status)")
            XCTAssertFalse(response.text.contains("categories"), target)
            XCTAssertFalse(response.text.contains("root:"), target)
            XCTAssertNotEqual(response.headers["content-type"], "image/png", target)
        }
        XCTAssertEqual(try fetch("/images/categories").status, 404)
        XCTAssertEqual(try fetch("/categories").status, 200)
    }

    func testDeeplyNestedJSONBodiesAreRejectedWithoutCrashing() throws {
        for path in ["/order", "/api/users", "/api/login", "/api/accounts/signup"] {
            let body = String(repeating: "[", count: 500_000)
            let response = try rawExchange("POST \(path) HTTP/1.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            XCTAssertTrue([201, 400].contains(response.status), "\(path) -> \(response.status)")
        }
        XCTAssertEqual(try fetch("/categories").status, 200)
    }

    func testAbsoluteFormTargetIsRouted() throws {
        let response = try rawExchange("GET http://example.test/api/users/4 HTTP/1.1\r\nHost: example.test\r\n\r\n")
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.text.contains("eve.holt@reqres.in"))
    }

    func testExpect100ContinueGetsInterimResponseBeforeBody() throws {
        let client = try rawClient()
        defer { client.close() }
        let body = #"{"menuIds":[3]}"#
        client.send(
            "POST /order HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
        let interim = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(interim.status, 100)
        client.send(body)
        let final = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(final.status, 200)
        XCTAssertEqual(final.text, #"{"preparation_time":15}"#)
    }

    func testHTTP10ClosesUnlessKeepAliveAsked() throws {
        let client = try rawClient()
        client.send("GET /categories HTTP/1.0\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.headers["connection"], "close")
        XCTAssertTrue(client.waitForClose(timeout: 10))
        client.close()

        let keepAlive = try rawClient()
        defer { keepAlive.close() }
        keepAlive.send("GET /categories HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(keepAlive.readResponse()?.headers["connection"], "keep-alive")
        keepAlive.send("GET /menu HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(keepAlive.readResponse()?.status, 200)
    }

    func testConnectionCloseIsHonoured() throws {
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["connection"], "close")
        XCTAssertTrue(client.waitForClose(timeout: 10))
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        let client = try rawClient()
        defer { client.close() }
        let body = #"{"menuIds":[2]}"#
        client.send(
            "GET /categories HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /order HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                + "GET /api/users/3 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(client.readResponse()?.text.hasPrefix(#"{"categories""#) ?? false)
        XCTAssertEqual(client.readResponse()?.text, #"{"preparation_time":30}"#)
        XCTAssertTrue(client.readResponse()?.text.contains("emma.wong@reqres.in") ?? false)
        XCTAssertEqual(server.acceptedConnections, 1)
    }
}
