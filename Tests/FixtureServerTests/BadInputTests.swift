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

    func testChunkedBodyIsDecoded() throws {
        let chunked =
            "POST /order HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "6;ext=1\r\n{\"menu\r\n9\r\nIds\":[2]}\r\n0\r\nX-Trailer: yes\r\n\r\n"
        let client = try rawClient()
        defer { client.close() }
        client.send(chunked + "GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let order = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(order.status, 200)
        XCTAssertEqual(order.text, #"{"id":1,"preparation_time":30}"#)
        XCTAssertEqual(
            client.readResponse()?.status, 200, "the next request on the connection is read after the trailer")
        XCTAssertEqual(server.requests.first?.body, Data(#"{"menuIds":[2]}"#.utf8))
    }

    func testBadFramingIs400AndUnknownCodingsAre501() throws {
        let post = "POST /order HTTP/1.1\r\nHost: x\r\n"
        try expectRejected(
            Array((post + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n").utf8), status: 400)
        try expectRejected(Array((post + "Transfer-Encoding: gzip\r\n\r\n").utf8), status: 400)
        try expectRejected(Array((post + "Transfer-Encoding: chunked, chunked\r\n\r\n").utf8), status: 400)
        try expectRejected(Array((post + "Transfer-Encoding: gzip, chunked\r\n\r\n").utf8), status: 501)
        try expectRejected(
            Array("POST /order HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8), status: 400)
        try expectRejected(Array((post + "Transfer-Encoding: chunked\r\n\r\nzz\r\n").utf8), status: 400)
        try expectRejected(Array((post + "Transfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n").utf8), status: 400)
        try expectRejected(Array((post + "Transfer-Encoding: chunked\r\n\r\n100001\r\n").utf8), status: 413)
    }

    func testHostIsRequiredOnceAndValid() throws {
        try expectRejected(Array("GET /categories HTTP/1.1\r\n\r\n".utf8), status: 400)
        try expectRejected(Array("GET /categories HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".utf8), status: 400)
        try expectRejected(Array("GET /categories HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n".utf8), status: 400)
        for bad in ["bad host/x", "a/b", "[::1", "x:80a", "exa mple", "a@b"] {
            try expectRejected(Array("GET /categories HTTP/1.1\r\nHost: \(bad)\r\n\r\n".utf8), status: 400)
        }
        for good in ["", "localhost", "127.0.0.1:8090", "[::1]:8090", "example.test:", "xn--bcher-kva.example"] {
            XCTAssertEqual(try rawExchange("GET /categories HTTP/1.1\r\nHost: \(good)\r\n\r\n").status, 200, good)
        }
        XCTAssertEqual(try rawExchange("GET /categories HTTP/1.0\r\n\r\n").status, 200, "HTTP/1.0 needs no Host")
    }

    func testUnknownMethodsAre501AndOptionsIsAnswered() throws {
        for method in ["BREW", "PROPFIND", "get"] {
            let response = try rawExchange("\(method) /categories HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(response.status, 501, method)
            XCTAssertEqual(response.text, #"{"error":"Method not implemented"}"#)
        }
        let star = try rawExchange("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(star.status, 204)
        XCTAssertEqual(star.headers["allow"], "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        let route = try rawExchange("OPTIONS /api/users/2 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(route.status, 204)
        XCTAssertEqual(route.headers["allow"], "GET, HEAD, PUT, PATCH, DELETE, OPTIONS")
        XCTAssertNil(route.headers["content-length"])
        XCTAssertEqual(try rawExchange("OPTIONS /nope HTTP/1.1\r\nHost: x\r\n\r\n").status, 404)
        try expectRejected(Array("GET * HTTP/1.1\r\nHost: x\r\n\r\n".utf8), status: 400)
    }

    func testEveryResponseHasADate() throws {
        let routed = try rawExchange("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let rejected = try rawExchange("GET /categories HTTP/9.9\r\n\r\n")
        server.inject(.noContent, path: "/menu")
        let faulted = try rawExchange("GET /menu HTTP/1.1\r\nHost: x\r\n\r\n")
        for response in [routed, rejected, faulted] {
            let date = try XCTUnwrap(response.headers["date"].flatMap { HTTPDate.parse($0) }, "\(response.status)")
            XCTAssertLessThan(abs(date.timeIntervalSinceNow), 3600, "a current date")
        }
    }

    func testUnknownRouteIs404JSON() throws {
        for target in ["/nope", "/api", "/api/users/1/extra", "/CATEGORIES", "/categories.json"] {
            let reply = try fetch(target)
            XCTAssertEqual(reply.status, 404, target)
            XCTAssertTrue(reply.text.hasPrefix(#"{"error":"Not found"#), target)
            XCTAssertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        }
        let doubled = try rawExchange("GET //categories HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(doubled.status, 404)
        XCTAssertEqual(
            doubled.text,
            #"{"error":"Not found: no route matches //categories. Did you mean /categories? It answers GET, HEAD, OPTIONS."}"#
        )
    }

    func testWrongMethodIs405WithAllow() throws {
        let cases = [
            ("DELETE", "/categories", "GET, HEAD, OPTIONS"), ("GET", "/order", "POST, OPTIONS"),
            ("PUT", "/api/users", "GET, HEAD, POST, OPTIONS"),
            ("POST", "/api/users/2", "GET, HEAD, PUT, PATCH, DELETE, OPTIONS"), ("GET", "/api/login", "POST, OPTIONS"),
            ("POST", "/api/products", "GET, HEAD, OPTIONS"),
        ]
        for (method, path, allow) in cases {
            let response = try rawExchange("\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            XCTAssertEqual(response.status, 405, "\(method) \(path)")
            XCTAssertEqual(response.headers["allow"], allow, "\(method) \(path)")
            XCTAssertEqual(
                response.text,
                #"{"error":"Method not allowed: \#(method) \#(path). This path answers \#(allow) (see the Allow header)."}"#
            )
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
            let response = try rawExchange(
                "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
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
        XCTAssertEqual(final.text, #"{"id":1,"preparation_time":15}"#)
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
        XCTAssertEqual(client.readResponse()?.text, #"{"id":1,"preparation_time":30}"#)
        XCTAssertTrue(client.readResponse()?.text.contains("emma.wong@reqres.in") ?? false)
        XCTAssertEqual(server.acceptedConnections, 1)
    }
}
