import Foundation
import XCTest

@testable import FixtureServer

/// CORS over real sockets: `Access-Control-Allow-Origin: *` on every answer, preflights answered, and
/// `Options.cors = false` (`--no-cors`) as the control.
final class CORSTests: FixtureTestCase {
    private func exchange(_ method: String, _ target: String, _ headers: [String: String] = [:]) throws -> RawResponse {
        let lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        return try rawExchange("\(method) \(target) HTTP/1.1\r\nHost: x\r\n\(lines)\r\n", head: method == "HEAD")
    }

    func testEveryAnswerAllowsAnyOriginWithoutVaryingOnIt() throws {
        server.inject(.status(503), path: "/menu")
        let answers = [
            try exchange("GET", "/categories", ["Origin": "http://localhost:5173"]),
            try exchange("GET", "/categories"),  // no Origin: the same answer, so nothing varies on it
            try exchange("GET", "/nowhere", ["Origin": "http://localhost:5173"]),
            try exchange("GET", "/menu", ["Origin": "http://localhost:5173"]),  // an injected fault
            try exchange("HEAD", "/categories"),
            try exchange("BREW", "/categories"),
        ]
        XCTAssertEqual(answers.map(\.status), [200, 200, 404, 503, 200, 501])
        for answer in answers {
            XCTAssertEqual(answer.headers["access-control-allow-origin"], "*", answer.statusLine)
            XCTAssertNil(answer.headers["access-control-allow-credentials"], "no credentials with *")
            // The origin is never echoed, so nothing varies on it (the teaching 404 and 501 vary on their language
            // only).
            XCTAssertEqual(
                answer.headers["vary"], [404, 501].contains(answer.status) ? "Accept-Language" : nil,
                "the origin is never echoed, so nothing varies on it")
            let exposed = try XCTUnwrap(answer.headers["access-control-expose-headers"])
            XCTAssertTrue(exposed.contains("X-Total-Count") && exposed.contains("Link"), exposed)
        }
    }

    func testPreflightNamesTheMethodsAndAllowsTheRequestedHeaders() throws {
        let preflight = try exchange(
            "OPTIONS", "/api/users/2",
            [
                "Origin": "http://127.0.0.1:5500", "Access-Control-Request-Method": "PUT",
                "Access-Control-Request-Headers": "Authorization, Content-Type, X-Mock-Response",
            ])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.headers["access-control-allow-origin"], "*")
        XCTAssertEqual(preflight.headers["access-control-allow-methods"], "GET, HEAD, PUT, PATCH, DELETE, OPTIONS")
        XCTAssertEqual(
            preflight.headers["access-control-allow-headers"], "authorization, content-type, x-mock-response")
        XCTAssertEqual(preflight.headers["access-control-max-age"], "600")
        XCTAssertTrue(preflight.body.isEmpty)

        // An unknown path still passes its preflight, so the real request gets its own 404 message.
        let unknown = try exchange(
            "OPTIONS", "/movis", ["Origin": "http://127.0.0.1:5500", "Access-Control-Request-Method": "GET"])
        XCTAssertEqual(unknown.status, 204)
        XCTAssertEqual(unknown.headers["access-control-allow-methods"], Router.serverMethods)
        XCTAssertNil(unknown.headers["access-control-allow-headers"], "none requested, none allowed")

        // Requested names that are not tokens are never echoed into a header.
        let odd = try exchange(
            "OPTIONS", "/categories",
            [
                "Origin": "http://a.test", "Access-Control-Request-Method": "GET",
                "Access-Control-Request-Headers": "x-ok, bad name",
            ])
        XCTAssertEqual(odd.status, 204)
        XCTAssertNil(odd.headers["access-control-allow-headers"])
    }

    func testAPlainOptionsRequestIsNotAPreflight() throws {
        let plain = try exchange("OPTIONS", "/api/users/2")
        XCTAssertEqual(plain.status, 204)
        XCTAssertEqual(plain.headers["allow"], "GET, HEAD, PUT, PATCH, DELETE, OPTIONS")
        XCTAssertNil(plain.headers["access-control-allow-methods"], "no Origin: the route's own OPTIONS")
        XCTAssertEqual(plain.headers["access-control-allow-origin"], "*")
    }

    func testNoCORSLeavesEveryAnswerAsItWas() throws {
        var options = FixtureServer.Options()
        options.cors = false
        let quiet = try startExtraServer(try FixtureServer(api: nil, options: options))
        let client = try RawClient(port: quiet.port)
        defer { client.close() }
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\nOrigin: http://a.test\r\n\r\n")
        let answer = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(answer.status, 200)
        XCTAssertFalse(answer.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(answer.headers)")
        client.send(
            "OPTIONS /categories HTTP/1.1\r\nHost: x\r\nOrigin: http://a.test\r\nAccess-Control-Request-Method: GET\r\n\r\n"
        )
        let preflight = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.headers["allow"], "GET, HEAD, OPTIONS")
        XCTAssertFalse(preflight.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(preflight.headers)")
    }

    func testTokenNamesOnly() {
        XCTAssertEqual(CORS.headerNames("Authorization,  X-Api-Key "), "authorization, x-api-key")
        XCTAssertNil(CORS.headerNames("a\r\nb"))
        XCTAssertNil(CORS.headerNames(Array(repeating: "x", count: 65).joined(separator: ",")))
        XCTAssertNil(CORS.headerNames(" , "))
    }
}
