import Foundation
import XCTest

@testable import FixtureServer

final class FaultTests: FixtureTestCase {
    private func get(_ path: String, on client: RawClient? = nil, method: String = "GET") throws -> RawResponse {
        let raw = try client ?? rawClient()
        raw.send("\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        return try XCTUnwrap(raw.readResponse())
    }

    func testStatusFaultSendsExactStatusBodyAndHeaders() throws {
        server.inject(
            .status(503, body: Data("down".utf8), headers: ["Retry-After": "1", "Content-Type": "text/plain"]),
            path: "/categories")
        let client = try rawClient()
        let faulted = try get("/categories", on: client)
        XCTAssertEqual(faulted.status, 503)
        XCTAssertEqual(faulted.text, "down")
        XCTAssertEqual(faulted.headers["retry-after"], "1")
        XCTAssertEqual(faulted.headers["content-type"], "text/plain")
        XCTAssertEqual(faulted.headers["content-length"], "4")
        XCTAssertEqual(try get("/categories", on: client).status, 200)
    }

    func testStatusFaultWithEmptyBodyStillSendsContentLength() throws {
        server.inject(.status(500), path: "/menu")
        let faulted = try get("/menu")
        XCTAssertEqual(faulted.status, 500)
        XCTAssertEqual(faulted.headers["content-length"], "0")
    }

    func testTimesAndFIFOOrder() throws {
        server.inject(.status(503), path: "/categories", times: 2)
        XCTAssertEqual(try fetch("/categories").status, 503)
        XCTAssertEqual(try fetch("/categories").status, 503)
        XCTAssertEqual(try fetch("/categories").status, 200)

        server.inject(.status(500), path: "/categories")
        server.inject(.status(502), path: "/categories", times: 2)
        server.inject(.json(418, #"{"teapot":true}"#), path: "/categories")
        XCTAssertEqual(try fetch("/categories").status, 500)
        XCTAssertEqual(try fetch("/categories").status, 502)
        XCTAssertEqual(try fetch("/categories").status, 502)
        XCTAssertEqual(try fetch("/categories").status, 418)
        XCTAssertEqual(try fetch("/categories").status, 200)
        XCTAssertEqual(server.requestCount(path: "/categories"), 8)
    }

    func testFaultsMatchMethodAndExactPath() throws {
        server.inject(.status(500), path: "/order", method: "POST")
        server.inject(.status(500), path: "/api/users/2")
        XCTAssertEqual(try fetch("/order").status, 405)  // GET does not consume the POST fault
        XCTAssertEqual(try fetch("/api/users/3").status, 200)
        XCTAssertEqual(try fetch("/api/users/2?page=1").status, 500)
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[1]}"#).status, 500)
        XCTAssertEqual(try post("/order", json: #"{"menuIds":[1]}"#).status, 200)
    }

    func testUnlimitedFaultUntilClearFaults() throws {
        server.inject(.status(503), path: "/categories", times: nil)
        for _ in 0..<5 { XCTAssertEqual(try fetch("/categories").status, 503) }
        server.clearFaults()
        XCTAssertEqual(try fetch("/categories").status, 200)
    }

    func testJSONFault() throws {
        server.inject(.json(422, #"{"reason":"nope"}"#), path: "/categories")
        let response = try get("/categories")
        XCTAssertEqual(response.status, 422)
        XCTAssertEqual(response.headers["content-type"], "application/json")
        XCTAssertEqual(response.text, #"{"reason":"nope"}"#)
    }

    func testMalformedJSONFault() throws {
        server.inject(.malformedJSON, path: "/menu")
        let reply = try fetch("/menu")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "application/json")
        XCTAssertEqual(reply.text, #"{"broken": [1, 2,"#)
        XCTAssertThrowsError(try JSONSerialization.jsonObject(with: reply.body))
    }

    func testEmptyOKFault() throws {
        server.inject(.emptyOK, path: "/categories")
        let response = try get("/categories")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-length"], "0")
        XCTAssertEqual(response.headers["content-type"], "application/json")
        XCTAssertTrue(response.body.isEmpty)
    }

    func testNoContentFault() throws {
        server.inject(.noContent, path: "/categories")
        let client = try rawClient()
        let response = try get("/categories", on: client)
        XCTAssertEqual(response.statusLine, "HTTP/1.1 204 No Content")
        XCTAssertNil(response.headers["content-length"])
        XCTAssertTrue(response.body.isEmpty)
        XCTAssertEqual(try get("/categories", on: client).status, 200)  // no stray bytes on the connection
    }

    func testUnauthorizedBearerFault() throws {
        server.inject(.unauthorizedBearer, path: "/api/products")
        let response = try get("/api/products")
        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(response.headers["www-authenticate"], #"Bearer realm="fixture""#)
        XCTAssertEqual(response.text, #"{"error":"unauthorized"}"#)
    }

    func testHTML500Fault() throws {
        server.inject(.html500, path: "/categories")
        let reply = try fetch("/categories")
        XCTAssertEqual(reply.status, 500)
        XCTAssertTrue(reply.headers["content-type"]?.hasPrefix("text/html") ?? false)
        XCTAssertTrue(reply.text.contains("<html"))
    }

    func testRedirectFault() throws {
        server.inject(.redirect(to: URL(string: "http://example.com/elsewhere")!), path: "/categories")
        server.inject(.redirect(to: URL(string: "/menu")!, status: 307), path: "/categories")
        let first = try get("/categories")
        XCTAssertEqual(first.status, 302)
        XCTAssertEqual(first.headers["location"], "http://example.com/elsewhere")
        XCTAssertEqual(first.headers["content-length"], "0")
        let second = try get("/categories")
        XCTAssertEqual(second.status, 307)
        XCTAssertEqual(second.headers["location"], "/menu")
    }

    func testDelayFaultWaitsThenAnswersNormally() throws {
        server.inject(.delay(0.4), path: "/categories")
        let started = Date()
        let reply = try fetch("/categories")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.35)
        XCTAssertEqual(reply.status, 200)
        XCTAssertTrue(reply.text.hasPrefix(#"{"categories""#))
    }

    func testHeldFaultAnswersNormallyOnceTheGateOpens() throws {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/categories")
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        waitUntil { gate.heldCount == 1 }
        XCTAssertNil(client.readResponse(timeout: 0.05), "held: no answer before the gate opens")
        gate.open()
        let reply = try XCTUnwrap(client.readResponse(timeout: 10))
        XCTAssertEqual(reply.status, 200)
        XCTAssertTrue(reply.text.hasPrefix(#"{"categories""#))
        XCTAssertEqual(gate.heldCount, 0)
        XCTAssertEqual(try fetch("/categories").status, 200, "the next request is not held")
    }

    func testStopInterruptsAHeldRequest() throws {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/menu")
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /menu HTTP/1.1\r\nHost: x\r\n\r\n")
        waitUntil { gate.heldCount == 1 }
        server.stop()
        XCTAssertTrue(client.waitForClose(timeout: 5))
        XCTAssertFalse(gate.isOpen)
    }

    /// Checks `condition` every 5 ms; fails the test after 10 s.
    private func waitUntil(file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            guard Date() < deadline else { return XCTFail("condition not met within 10 s", file: file, line: line) }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    func testCloseBeforeResponseFault() throws {
        server.inject(.closeBeforeResponse, path: "/categories")
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let (data, closed) = client.readToEOF(timeout: 10)
        XCTAssertTrue(closed)
        XCTAssertTrue(data.isEmpty)
        XCTAssertEqual(server.requestCount(path: "/categories"), 1)
        XCTAssertEqual(try fetch("/categories").status, 200)
    }

    func testTruncatedBodyFault() throws {
        server.inject(.truncatedBody, path: "/categories")
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let (data, closed) = client.readToEOF(timeout: 10)
        XCTAssertTrue(closed)
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        XCTAssertEqual(parts.count, 2)
        XCTAssertTrue(parts[0].hasPrefix("HTTP/1.1 200 OK"))
        XCTAssertTrue(parts[0].contains("Content-Length: 80"), parts[0])
        XCTAssertEqual(parts[1].utf8.count, 40)
    }

    func testSlowBodyFaultDeliversTheWholeBodySlowly() throws {
        server.inject(.slowBody(interval: 0.003), path: "/categories")
        let client = try rawClient()
        defer { client.close() }
        let started = Date()
        let response = try get("/categories", on: client)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2)  // 80 bytes * 3 ms (a lower bound)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body.count, 80)
        XCTAssertTrue(response.text.hasPrefix(#"{"categories""#))
        XCTAssertEqual(try get("/categories", on: client).status, 200)  // connection still usable
    }

    func testStopInterruptsASlowBody() throws {
        server.inject(.slowBody(interval: 5), path: "/menu")
        let client = try rawClient()
        defer { client.close() }
        client.send("GET /menu HTTP/1.1\r\nHost: x\r\n\r\n")
        // The headers arrive; the body's first byte is due only after 5 s.
        let partial = try XCTUnwrap(client.readResponse(timeout: 10, bodyTimeout: 0.05))
        XCTAssertEqual(partial.status, 200)
        XCTAssertLessThan(partial.body.count, Int(partial.headers["content-length"] ?? "") ?? 0)
        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertTrue(client.waitForClose(timeout: 5))
    }
}
