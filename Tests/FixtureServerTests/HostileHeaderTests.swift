import Foundation
import XCTest

@testable import FixtureServer

/// Response splitting (issue 34): the one function that writes a response head refuses a field name or
/// value with CR, LF, NUL or another control character — the response becomes a logged 500 and the field
/// never reaches the wire — and every response carries `X-Content-Type-Options: nosniff`.
final class HostileHeaderTests: FixtureTestCase {
    private let lines = Locked<[String]>([])

    override func makeServer() -> FixtureServer {
        let lines = self.lines
        return FixtureServer(logger: { line in lines.withLock { $0.append(line) } })
    }

    /// Sends `request` with `Connection: close` semantics and returns every byte the server wrote.
    private func wire(_ request: String, port: UInt16? = nil) throws -> String {
        let client = try RawClient(port: port ?? server.port)
        defer { client.close() }
        XCTAssertTrue(client.send(request))
        let (data, closed) = client.readToEOF(timeout: 20)
        XCTAssertTrue(closed, "the server closes after a Connection: close request")
        return String(decoding: data, as: UTF8.self)
    }

    /// The header lines of the first response in `wire` (status line excluded).
    private func headLines(_ wire: String) -> [String] {
        let head = wire.components(separatedBy: "\r\n\r\n").first ?? ""
        return Array(head.components(separatedBy: "\r\n").dropFirst())
    }

    // MARK: The writer itself

    func testTheWriterRefusesEveryControlCharacterInNamesAndValues() throws {
        let hostile = [
            "a\r\nX-Injected: yes", "a\nX-Injected: yes", "a\rb", "a\u{0}b", "a\u{1}b", "a\u{7F}b", "a\u{85}b",
        ]
        for value in hostile {
            let response = HTTPResponse(
                status: 200, contentType: "text/plain", fields: [.init(name: "X-Evil", value: value)])
            XCTAssertThrowsError(try response.serializedHead(keepAlive: true), value.debugDescription) { error in
                XCTAssertEqual((error as? HTTPResponse.UnsafeField)?.name, "X-Evil")
            }
        }
        for name in ["X-Evil\r\nX-Injected", "X Evil", "X:Evil", "", "X-\u{0}"] {
            let response = HTTPResponse(status: 200, contentType: nil, fields: [.init(name: name, value: "v")])
            XCTAssertThrowsError(try response.serializedHead(keepAlive: true), name.debugDescription) { error in
                let shown = (error as? HTTPResponse.UnsafeField)?.name ?? ""
                XCTAssertFalse(shown.contains("\r") || shown.contains("\n") || shown.contains("\u{0}"), "safe to log")
            }
        }
        // Control: a tab, non-ASCII and every printable ASCII character are written as they are.
        let printable = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        let fine = HTTPResponse(
            status: 200, contentType: "text/plain",
            fields: [.init(name: "X-Fine", value: "a\tb é \(printable)")])
        let head = String(decoding: try fine.serializedHead(keepAlive: false), as: UTF8.self)
        XCTAssertTrue(head.contains("\r\nX-Fine: a\tb é \(printable)\r\n"), head)
        XCTAssertTrue(head.contains("\r\nX-Content-Type-Options: nosniff\r\n"), head)
    }

    // MARK: Over a socket

    func testAHeaderWithCRLFBecomesA500AndIsNeverWritten() throws {
        server.inject(.status(200, headers: ["X-Evil": "a\r\nX-Injected: yes"]), path: "/categories")
        let refused = try wire("GET /categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(refused.hasPrefix("HTTP/1.1 500 "), refused)
        XCTAssertFalse(refused.contains("X-Injected"), refused)
        XCTAssertFalse(refused.contains("X-Evil"), refused)
        XCTAssertTrue(refused.contains("cannot be written safely"), refused)
        let logged = lines.withLock { $0 }.joined(separator: "\n")
        XCTAssertTrue(logged.contains("GET /categories -> 500: refused to write the header field X-Evil"), logged)
        XCTAssertFalse(logged.contains("X-Injected"), "the value is never logged: \(logged)")
        // Control: the same fault with a clean value writes the field, so the path above is the one refusing.
        server.inject(.status(200, headers: ["X-Evil": "a, X-Injected: yes"]), path: "/categories")
        let clean = try wire("GET /categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(clean.hasPrefix("HTTP/1.1 200 "), clean)
        XCTAssertTrue(headLines(clean).contains("X-Evil: a, X-Injected: yes"), clean)
        // And the server goes on answering.
        XCTAssertEqual(try rawExchange("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n").status, 200)
    }

    func testAnAPIIdWithCRLFNeverReachesLocation() throws {
        let api = try startExtraServer(try FixtureServer(api: Self.moviesFolder))
        let body = #"{"id":"b1\r\nX-Injected: yes","title":"Split"}"#
        let split = try wire(
            "POST /movies HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)", port: api.port)
        // Refused at POST (400, the database's own check) or by the writer (500): never an injected field.
        XCTAssertTrue(split.hasPrefix("HTTP/1.1 400 ") || split.hasPrefix("HTTP/1.1 500 "), split)
        XCTAssertFalse(headLines(split).contains { $0.lowercased().hasPrefix("x-injected") }, split)
        XCTAssertFalse(headLines(split).contains { $0.lowercased().hasPrefix("location") }, split)
        // Control: a clean string id is written into Location.
        let cleanBody = #"{"id":"b1","title":"Whole"}"#
        let created = try wire(
            "POST /movies HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(cleanBody.utf8.count)\r\n\r\n\(cleanBody)", port: api.port)
        XCTAssertTrue(created.hasPrefix("HTTP/1.1 201 "), created)
        XCTAssertTrue(headLines(created).contains { $0.hasPrefix("Location: ") && $0.hasSuffix("/movies/b1") }, created)
    }

    func testEveryResponseSaysNosniff() throws {
        var seen: [String: String?] = [:]
        seen["200"] = try rawExchange("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n").headers["x-content-type-options"]
        seen["404"] = try rawExchange("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n").headers["x-content-type-options"]
        seen["204 OPTIONS"] = try rawExchange("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n").headers["x-content-type-options"]
        seen["400 before routing"] = try rawExchange("GARBAGE\r\n\r\n").headers["x-content-type-options"]
        seen["streamed"] =
            try rawExchange("GET /files/10 HTTP/1.1\r\nHost: x\r\n\r\n").headers["x-content-type-options"]
        let tag = try XCTUnwrap(try rawExchange("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n").headers["etag"])
        let notModified = try rawExchange("GET /categories HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(tag)\r\n\r\n")
        XCTAssertEqual(notModified.status, 304, "control: the 304 path is taken")
        seen["304"] = notModified.headers["x-content-type-options"]
        server.inject(.status(200, headers: ["X-Content-Type-Options": "sniff-away"]), path: "/menu")
        let overridden = try wire("GET /menu HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        seen["a fault's own value"] = headLines(overridden).filter { $0.hasPrefix("X-Content-Type-Options") }
            .joined(separator: "|")
            .replacingOccurrences(of: "X-Content-Type-Options: ", with: "")
        for (label, value) in seen { XCTAssertEqual(value, "nosniff", label) }
    }
}
