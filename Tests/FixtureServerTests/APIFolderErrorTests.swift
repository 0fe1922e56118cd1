import Foundation
import XCTest

@testable import FixtureServer

/// Malformed `--api` folders: a clear ``APIFolderError`` naming the file, line and field, never a crash;
/// and `writesBack`, string ids, and a folder with only a route file.
final class APIFolderErrorTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// The error of loading the folder (fails the test if it loads).
    private func loadError(file: StaticString = #filePath, line: UInt = #line) -> APIFolderError? {
        do {
            _ = try FixtureServer(api: folder)
            XCTFail("the folder loaded", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func expect(
        _ name: String, line: Int, field: String, contains message: String, file: StaticString = #filePath,
        lineNumber: UInt = #line
    ) {
        guard let error = loadError(file: file, line: lineNumber) else { return }
        XCTAssertEqual(error.file, folder.appendingPathComponent(name).path, file: file, line: lineNumber)
        XCTAssertEqual(error.line, line, "\(error)", file: file, line: lineNumber)
        XCTAssertEqual(error.field, field, "\(error)", file: file, line: lineNumber)
        XCTAssertTrue(error.message.contains(message), "\(error)", file: file, line: lineNumber)
        XCTAssertTrue(
            error.description.hasPrefix("\(error.file):\(line): "), error.description, file: file, line: lineNumber)
    }

    func testEmptyOrMissingFolders() throws {
        XCTAssertEqual(loadError()?.message, "has neither db.json nor routes.json")
        XCTAssertThrowsError(try FixtureServer(api: folder.appendingPathComponent("nope"))) { error in
            XCTAssertEqual((error as? APIFolderError)?.message, "is not a folder")
        }
    }

    func testJSONSyntaxErrorsNameTheLine() throws {
        try write("db.json", "{\n  \"movies\": [\n    {\"id\": 1,}\n  ]\n}\n")
        expect("db.json", line: 3, field: "", contains: "invalid JSON: expected a member name")
        try write("db.json", "{\"a\": [],\n\"a\": []}")
        expect("db.json", line: 2, field: "", contains: "duplicate member \"a\"")
        try write("db.json", "{\"a\": \"unterminated\n")
        expect("db.json", line: 1, field: "", contains: "control character")
    }

    func testDatabaseErrorsNameTheField() throws {
        try write("db.json", "{\n  \"movies\": 5\n}")
        expect(
            "db.json", line: 2, field: "movies",
            contains: "must be an array of objects (a collection) or an object, not a number")
        try write("db.json", "{\"movies\": [\n  {\"id\": 1},\n  {\"title\": \"no id\"}\n]}")
        expect("db.json", line: 3, field: "movies[1].id", contains: "is missing")
        try write("db.json", "{\"movies\": [\n  {\"id\": 1},\n  {\"id\": 1}\n]}")
        expect("db.json", line: 3, field: "movies[1].id", contains: "1 is used twice")
        try write("db.json", "{\"movies\": [{\"id\": true}]}")
        expect("db.json", line: 1, field: "movies[0].id", contains: "without / or control characters, not a boolean")
        try write("db.json", "{\"movies\": [{\"id\": \"a\\r\\nX: y\"}]}")
        expect("db.json", line: 1, field: "movies[0].id", contains: "without / or control characters, not a string")
    }

    func testRouteErrorsNameTheField() throws {
        try write("routes.json", "{\"routes\": [\n  {\"method\": \"GET\", \"path\": \"/a\",\n   \"status\": 99}\n]}")
        expect("routes.json", line: 3, field: "routes[0].status", contains: "from 200 to 599")
        try write("routes.json", "{\"routes\": [\n  {\"method\": \"get\", \"path\": \"/a\"}\n]}")
        expect("routes.json", line: 2, field: "routes[0].method", contains: "uppercase")
        try write("routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"a\"}]}")
        expect("routes.json", line: 1, field: "routes[0].path", contains: "must start with /")
        try write(
            "routes.json",
            "{\"routes\": [\n{\"method\": \"GET\", \"path\": \"/a\", \"examples\": [\n{\"stauts\": 200}]}]}")
        expect("routes.json", line: 3, field: "routes[0].examples[0].stauts", contains: "unknown field")
        try write("routes.json", "{\"routes\": [\n{\"method\": \"GET\", \"path\": \"/a\",\n\"stauts\": 200}]}")
        expect(
            "routes.json", line: 3, field: "routes[0].stauts", contains: "unknown field (expected one of: body, delay")
        try write("routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"file\": \"missing.json\"}]}")
        expect("routes.json", line: 1, field: "routes[0].file", contains: "no file missing.json")
        try write("routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"file\": \"../db.json\"}]}")
        expect("routes.json", line: 1, field: "routes[0].file", contains: "no file ../db.json")
        try write("routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"fault\": \"explode\"}]}")
        expect("routes.json", line: 1, field: "routes[0].fault", contains: "unknown fault")
        try write(
            "routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"headers\": {\"Date\": \"x\"}}]}")
        expect("routes.json", line: 1, field: "routes[0].headers.Date", contains: "is set by the server")
        try write(
            "routes.json",
            "{\"routes\": [\n{\"method\": \"GET\", \"path\": \"/a\"},\n{\"method\": \"GET\", \"path\": \"/a\"}]}")
        expect("routes.json", line: 3, field: "routes[1]", contains: "already defined at line 2")
        try write(
            "routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"body\": 1, \"text\": \"x\"}]}")
        expect("routes.json", line: 1, field: "routes[0].text", contains: "only one of body, text, file and events")
        try write("routes.json", "[]")
        expect("routes.json", line: 1, field: "", contains: "must be an object")
        try write("db.json", "{\"movies\": []}")
        try write("routes.json", "{\"routes\": [{\"method\": \"GET\", \"path\": \"/movies/top\"}]}")
        expect("routes.json", line: 1, field: "routes[0]", contains: "inside the database collection /movies")
    }

    func testWritesBackSavesTheFileAndStringIdsStayStrings() throws {
        try write("db.json", #"{"notes": [{"id": "a", "text": "one"}]}"#)
        let server = try FixtureServer(api: folder, writesBack: true)
        try server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        defer { client.close() }
        let body = #"{"text":"two"}"#
        client.send("POST /notes HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let created = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.text, #"{"id":"1","text":"two"}"#)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("db.json")))
        let notes = try XCTUnwrap((saved as? [String: Any])?["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.map { $0["id"] as? String }, ["a", "1"])
    }

    func testWritesStayInMemoryByDefault() throws {
        let original = #"{"notes": [{"id": 1}]}"#
        try write("db.json", original)
        let server = try FixtureServer(api: folder)
        try server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        defer { client.close() }
        client.send("DELETE /notes/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 204)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("db.json"), encoding: .utf8), original)
    }

    func testARouteFileAloneIsEnoughAndInlineAnswersWork() throws {
        try write("hello.txt", "hello\n")
        try write(
            "routes.json",
            #"{"routes": [{"method": "GET", "path": "/hello", "file": "hello.txt", "#
                + #""headers": {"X-Kind": "greeting", "Cache-Control": "max-age=60"}}]}"#
        )
        let server = try FixtureServer(api: folder)
        try server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        defer { client.close() }
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.text, "hello\n")
        XCTAssertEqual(response.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertEqual(response.headers["x-kind"], "greeting")
        XCTAssertEqual(response.headers["cache-control"], "max-age=60", "the route's own")
        XCTAssertNotNil(response.headers["etag"])
        XCTAssertEqual(server.apiRoutes, ["GET    /hello  (1 example from routes.json)"])
    }
}
