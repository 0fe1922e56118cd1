import Foundation
import XCTest

@testable import FixtureServer

/// A `routes.json` route that answers a stream (`"events"`): served over a socket with the server's event
/// stream writer, each event after its wait, written exactly (`raw` too), resumed by a `Last-Event-ID`
/// match, cut by a `truncatedBody` fault, stopped when the client closes, described as `text/event-stream`;
/// and the mistakes a route file can make in it, named by file, line and field.
final class MockStreamTests: FixtureTestCase {
    private var folder: URL!
    private let lines = Locked<[String]>([])

    /// The awkward stream of `raw` events: a BOM, CR, LF and CRLF line ends, a comment, an id with NUL.
    static let awkward = "\u{FEFF}: hello\r\ndata: one\rdata: two\r\n\r\nid: a\u{0}b\nevent: odd\ndata:x\n\n"

    /// 200 events of 100 bytes of data: more than the inspector keeps of a stream.
    static let bigEvents = (1...200).map { #"{"id": "\#($0)", "data": "\#(String(repeating: "x", count: 100))"}"# }
        .joined(separator: ", ")

    static let routes = """
        {"routes": [
          {"method": "GET", "path": "/ticks", "examples": [
            {"name": "resume", "match": {"headers": {"Last-Event-ID": "2"}}, "events": [
              {"id": "3", "data": "three"}
            ]},
            {"name": "over", "match": {"headers": {"Last-Event-ID": "3"}}, "status": 204},
            {"headers": {"X-Stream": "ticks"}, "events": [
              {"id": "1", "retry": 50, "data": "one"},
              {"wait": 5, "id": "2", "event": "update", "data": "two\\nlines"},
              {"wait": 5, "raw": ": a comment\\n\\n"},
              {"wait": 5, "id": "3", "data": "three"}
            ]},
            {"name": "cut", "fault": "truncatedBody", "events": [
              {"id": "1", "retry": 50, "data": "one"},
              {"id": "2", "event": "update", "data": "two\\nlines"},
              {"id": "3", "data": "three"},
              {"id": "4", "data": "four"}
            ]}
          ]},
          {"method": "GET", "path": "/awkward", "events": [{"raw": \(JSON.encodedString(awkward))}]},
          {"method": "GET", "path": "/slow", "events": [{"data": "first"}, {"wait": 30000, "data": "second"}]},
          {"method": "GET", "path": "/big", "events": [\(bigEvents)]}
        ]}
        """

    override func makeServer() -> FixtureServer {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("streams-\(UUID().uuidString)")
        let lines = self.lines
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(Self.routes.utf8).write(to: folder.appendingPathComponent("routes.json"))
            return try FixtureServer(
                api: folder, options: FixtureServer.Options(), logger: { line in lines.withLock { $0.append(line) } })
        } catch {
            XCTFail("\(error)")
            return FixtureServer()
        }
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    func testAStreamIsServedAsWrittenWithTheStreamsHead() throws {
        let reply = try fetch("/ticks")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "text/event-stream; charset=utf-8")
        XCTAssertEqual(reply.headers["cache-control"], "no-cache")
        XCTAssertEqual(reply.headers["x-stream"], "ticks")
        XCTAssertNil(reply.headers["etag"], "a stream is never the same twice: no validators")
        XCTAssertEqual(
            reply.text,
            "id: 1\nretry: 50\ndata: one\n\nid: 2\nevent: update\ndata: two\ndata: lines\n\n: a comment\n\n"
                + "id: 3\ndata: three\n\n")
        let raw = try rawExchange("GET /ticks HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(raw.headers["transfer-encoding"], "chunked", "one flushed chunk per event")
    }

    func testARawEventIsWrittenByteForByte() throws {
        let reply = try fetch("/awkward")
        XCTAssertEqual(reply.body, Data(Self.awkward.utf8))
    }

    func testALastEventIDMatchResumesAndEndsWith204() throws {
        XCTAssertEqual(try fetch("/ticks", headers: ["Last-Event-ID": "2"]).text, "id: 3\ndata: three\n\n")
        XCTAssertEqual(try fetch("/ticks", headers: ["Last-Event-ID": "3"]).status, 204)
    }

    func testATruncatedBodyFaultCutsTheStreamMidEvent() throws {
        let client = try rawClient()
        client.send("GET /ticks HTTP/1.1\r\nHost: x\r\nX-Mock-Response: cut\r\n\r\n")
        let text = EventStreamRouteTests.read(client.fd, until: nil, timeout: 10)
        XCTAssertTrue(text.contains("data: lines\n\n"), "the first half came whole: \(text)")
        XCTAssertTrue(text.contains("id: 3"), text)
        XCTAssertFalse(text.contains("data: three"), "cut inside the event after half: \(text)")
        XCTAssertFalse(text.hasSuffix("0\r\n\r\n"), "no end of the chunked body")
    }

    /// The second event waits 30 s: the first arrives long before (flushed), and a client that closes then
    /// stops the stream's work at once (logged).
    func testEachEventIsFlushedAndAClosedClientStopsTheStream() throws {
        let client = try rawClient()
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = EventStreamRouteTests.read(client.fd, until: "\n\n", timeout: 10)
        XCTAssertTrue(first.contains("data: first\n\n"), first)
        client.close()
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, !lines.withLock({ $0.contains { $0.contains("the client closed the stream") } }) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertTrue(
            lines.withLock { $0.contains { $0.hasPrefix("GET /slow: the client closed the stream") } },
            "\(lines.withLock { $0 })")
    }

    /// `/_inspector/requests` shows a stream's events as they went, each after its time, while it runs
    /// (`"streaming": true`) and after.
    func testTheInspectorShowsAStreamsEventsAsTheyWent() throws {
        let client = try rawClient()
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(EventStreamRouteTests.read(client.fd, until: "\n\n", timeout: 10).contains("data: first"))
        let running = try XCTUnwrap(try inspected("/slow"))
        XCTAssertEqual(running["streaming"] as? Bool, true)
        XCTAssertTrue((running["responseBody"] as? String)?.hasPrefix("+") == true, "\(running)")
        XCTAssertTrue((running["responseBody"] as? String)?.contains(" ms\ndata: first\n\n") == true, "\(running)")
        client.close()

        try fetch("/ticks")
        let ended = try XCTUnwrap(try inspected("/ticks"))
        XCTAssertNil(ended["streaming"], "the stream ended")
        let text = try XCTUnwrap(ended["responseBody"] as? String)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.filter { $0.hasPrefix("+") && $0.hasSuffix(" ms") }.count, 4, text)
        XCTAssertTrue(text.contains("id: 2\nevent: update\ndata: two\ndata: lines\n\n"), text)

        try fetch("/big")
        let big = try XCTUnwrap(try inspected("/big"))
        let kept = try XCTUnwrap(big["responseBody"] as? String)
        XCTAssertLessThanOrEqual(kept.utf8.count, SentEvents.keptBytes + 4096, "bounded")
        XCTAssertTrue(kept.hasSuffix("more events (not kept)"), String(kept.suffix(80)))
    }

    /// The newest exchange of `path` in `/_inspector/requests`.
    private func inspected(_ path: String) throws -> [String: Any]? {
        let requests = try fetch("/_inspector/requests").object()["requests"] as? [[String: Any]]
        return requests?.first { $0["path"] as? String == path }
    }

    func testTheOpenAPIDocumentDescribesAStreamAsTextEventStream() throws {
        let document = try fetch("/openapi.json").object()
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let get = try XCTUnwrap((paths["/awkward"] as? [String: Any])?["get"] as? [String: Any])
        let ok = try XCTUnwrap((get["responses"] as? [String: Any])?["200"] as? [String: Any])
        let media = try XCTUnwrap((ok["content"] as? [String: Any])?["text/event-stream"] as? [String: Any])
        // Linux's JSONSerialization drops a string's leading U+FEFF: the bytes show it was sent.
        XCTAssertEqual((media["example"] as? String)?.hasSuffix(String(Self.awkward.dropFirst())), true)
        XCTAssertTrue(try fetch("/openapi.json").text.contains("\"example\": \"\u{FEFF}: hello"))
        let docs = try fetch("/docs").text
        XCTAssertTrue(docs.contains("<code>text/event-stream</code> (server-sent events)"), "/docs names the stream")
        XCTAssertTrue(docs.contains("<p>Example stream, as written:</p>\n<pre>id: 3\ndata: three\n\n</pre>"), docs)
        XCTAssertEqual((media["schema"] as? [String: Any])?["type"] as? String, "string")
    }

    func testMistakesInAStreamNameTheField() throws {
        let cases: [(events: String, field: String, message: String)] = [
            (#""events": []"#, "routes[0].events", "non-empty array"),
            (#""events": [{"data": "a", "wait": 30001}]"#, "routes[0].events[0].wait", "milliseconds"),
            (#""events": [{"data": "a", "wait": 0.5}]"#, "routes[0].events[0].wait", "whole number"),
            (#""events": [{"raw": "x", "id": "1"}]"#, "routes[0].events[0].id", "raw"),
            (#""events": [{"data": "a\rb"}]"#, "routes[0].events[0].data", "CR"),
            (#""events": [{"id": "a\nb"}]"#, "routes[0].events[0].id", "one line"),
            (#""events": [{"retry": -1}]"#, "routes[0].events[0].retry", "0 or more"),
            (#""events": [{"wait": 5}]"#, "routes[0].events[0]", "needs data"),
            (#""events": [{"date": "a"}]"#, "routes[0].events[0].date", "unknown field"),
            (#""events": [{"data": "a"}], "body": {}"#, "routes[0].events", "only one of"),
            (#""events": [{"data": "a"}], "status": 201"#, "routes[0].status", "200"),
        ]
        for (events, field, message) in cases {
            let other = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: other) }
            let text = "{\"routes\": [{\"method\": \"GET\", \"path\": \"/s\", \(events)}]}"
            try Data(text.utf8).write(to: other.appendingPathComponent("routes.json"))
            do {
                _ = try FixtureServer(api: other)
                XCTFail("loaded: \(events)")
            } catch {
                XCTAssertEqual(error.field, field, "\(error)")
                XCTAssertTrue(error.message.contains(message), "\(error)")
            }
        }
    }
}
