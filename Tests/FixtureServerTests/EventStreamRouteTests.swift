import Foundation
import XCTest

@testable import FixtureServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fixture server's event streams: the Restaurant's order countdown (`GET /order/{id}/status`) and the
/// chat-completions mock (`POST /v1/chat/completions`), each event flushed as it is made, the work stopped
/// when the client closes, resumed by `Last-Event-ID`, and the faults a learner asks for.
final class EventStreamRouteTests: FixtureTestCase {
    private let lines = Locked<[String]>([])

    override func makeServer() -> FixtureServer {
        let lines = self.lines
        return FixtureServer(logger: { line in lines.withLock { $0.append(line) } })
    }

    // MARK: - The order countdown

    func testAnOrderAnswersItsIDAndItsStatusCountsDown() throws {
        let order = try post("/order", json: #"{"menuIds":[3,5]}"#)
        XCTAssertEqual(order.text, #"{"id":1,"preparation_time":15}"#)
        let reply = try fetch("/order/1/status?speed=60000")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "text/event-stream; charset=utf-8")
        XCTAssertEqual(reply.headers["cache-control"], "no-cache")
        let events = Self.events(reply.text)
        XCTAssertEqual(events.count, 16, "one a minute of 15, and the ready one")
        XCTAssertEqual(events.first?.id, "0")
        XCTAssertEqual(events.first?.retry, "1")
        XCTAssertEqual(events.first?.data, #"{"minutes_left":15,"state":"preparing"}"#)
        XCTAssertEqual(events[14].data, #"{"minutes_left":1,"state":"preparing"}"#)
        XCTAssertEqual(events.last?.id, "15")
        XCTAssertEqual(events.last?.data, #"{"minutes_left":0,"state":"ready"}"#)
        XCTAssertEqual(events.map(\.id), (0...15).map(String.init))
    }

    func testLastEventIDResumesAndAfterTheLastEventIs204() throws {
        _ = try post("/order", json: #"{"menuIds":[1]}"#)  // 20 minutes
        let resumed = try fetch("/order/1/status?speed=60000", headers: ["Last-Event-ID": "17"])
        XCTAssertEqual(Self.events(resumed.text).map(\.id), ["18", "19", "20"])
        XCTAssertEqual(Self.events(resumed.text).last?.data, #"{"minutes_left":0,"state":"ready"}"#)
        let over = try fetch("/order/1/status?speed=60000", headers: ["Last-Event-ID": "20"])
        XCTAssertEqual(over.status, 204, "every event was had: stop for good")
        XCTAssertTrue(over.body.isEmpty)
    }

    func testUnknownOrdersAndBadSpeedsTeach() throws {
        let missing = try fetch("/order/7/status")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.text.contains("POST /order"), missing.text)
        _ = try post("/order", json: #"{"menuIds":[1]}"#)
        for speed in ["0", "60001", "fast", "-1", "99999999999999999999999"] {
            let bad = try fetch("/order/1/status?speed=\(speed)")
            XCTAssertEqual(bad.status, 400, speed)
            XCTAssertTrue(bad.text.contains("speed=600"), bad.text)
        }
    }

    /// At speed 1 a minute is a real minute: the first event must arrive long before the second is due, so
    /// the server flushed it; closing the connection then stops the stream's work at once (logged).
    func testEachEventIsFlushedAndAClosedClientStopsTheStream() throws {
        _ = try post("/order", json: #"{"menuIds":[1]}"#)
        let client = try rawClient()
        client.send("GET /order/1/status HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        let first = Self.read(client.fd, until: "\n\n", timeout: 10)
        XCTAssertTrue(first.contains("HTTP/1.1 200 OK"), first)
        XCTAssertTrue(first.contains("Transfer-Encoding: chunked"), first)
        XCTAssertTrue(first.contains(#"data: {"minutes_left":20,"state":"preparing"}"#), first)
        client.close()
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, !lines.withLock({ $0.contains { $0.contains("the client closed the stream") } }) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertTrue(
            lines.withLock {
                $0.contains { $0.hasPrefix("GET /order/1/status: the client closed the stream") }
            },
            "\(lines.withLock { $0 })")
    }

    // MARK: - The chat-completions mock

    func testAStreamedChatAnswerComesWordByWordThenDone() throws {
        let body = #"{"model":"m","messages":[{"role":"user","content":"What is on the menu?"}],"stream":true}"#
        let reply = try post("/v1/chat/completions", json: body)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "text/event-stream; charset=utf-8")
        let events = Self.events(reply.text)
        XCTAssertEqual(events.last?.data, "[DONE]")
        let chunks = events.dropLast().map { JSON.object(from: Data($0.data.utf8)) }
        XCTAssertTrue(
            chunks.allSatisfy { $0?["object"] as? String == "chat.completion.chunk" && $0?["model"] as? String == "m" })
        let deltas = chunks.compactMap { (($0?["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any]) }
        XCTAssertEqual(deltas.first?["role"] as? String, "assistant")
        let words = deltas.compactMap { $0["content"] as? String }.filter { !$0.isEmpty }
        XCTAssertEqual(words, ChatCompletionRoutes.words(answering: "What is on the menu?"))
        XCTAssertGreaterThan(words.count, 10)
        XCTAssertTrue(words.joined().hasPrefix(#"You asked: "What is on the menu?"."#), words.joined())
        let finish = (chunks.last??["choices"] as? [[String: Any]])?.first?["finish_reason"] as? String
        XCTAssertEqual(finish, "stop")
        XCTAssertEqual(try post("/v1/chat/completions", json: body).text, reply.text, "deterministic")
    }

    func testAChatWithoutStreamIsOneJSONAnswer() throws {
        let reply = try post("/v1/chat/completions", json: #"{"messages":[{"role":"user","content":"Hi"}]}"#)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "application/json; charset=utf-8")
        let object = try XCTUnwrap(JSON.object(from: reply.body))
        let message = (object["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any]
        XCTAssertEqual(message?["content"] as? String, ChatCompletionRoutes.words(answering: "Hi").joined())
        XCTAssertEqual(object["model"] as? String, ChatCompletionRoutes.defaultModel)
        let bad = try post("/v1/chat/completions", json: #"{"prompt":"Hi"}"#)
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("messages"), bad.text)
    }

    func testA429AndAMidStreamErrorFromTheFaultQueue() throws {
        let body = #"{"messages":[{"role":"user","content":"Hi"}],"stream":true}"#
        server.inject(
            .status(
                429, body: Data(#"{"error":{"message":"Rate limit reached"}}"#.utf8), headers: ["Retry-After": "2"]),
            path: "/v1/chat/completions")
        let limited = try post("/v1/chat/completions", json: body)
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.headers["retry-after"], "2")

        server.inject(.eventStreamError(message: "The model is overloaded"), path: "/v1/chat/completions")
        let failed = try post("/v1/chat/completions", json: body)
        XCTAssertEqual(failed.status, 200)
        let events = Self.events(failed.text)
        XCTAssertEqual(events.last?.event, "error")
        XCTAssertEqual(events.last?.data, #"{"error":{"message":"The model is overloaded"}}"#)
        XCTAssertFalse(events.contains { $0.data == "[DONE]" })
        XCTAssertGreaterThan(events.count, 2, "half of the words came first")
    }

    func testATruncationCutsTheStreamMidEvent() throws {
        _ = try post("/order", json: #"{"menuIds":[2]}"#)
        server.inject(.truncatedBody, path: "/order/1/status")
        let client = try rawClient()
        client.send("GET /order/1/status?speed=60000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let text = Self.read(client.fd, until: nil, timeout: 10)
        XCTAssertFalse(text.hasSuffix("0\r\n\r\n"), "no end of the chunked body")
        XCTAssertFalse(text.hasSuffix("\n\n\r\n"), "cut inside an event, not after one")
        XCTAssertTrue(text.contains(#""minutes_left":16"#), "the first half of the 31 events came whole")
    }

    // MARK: - Reading a stream

    struct Event: Equatable {
        var id: String?
        var event = "message"
        var retry: String?
        var data = ""
    }

    /// The events of a whole `text/event-stream` body written as this server writes them (LF line ends).
    static func events(_ text: String) -> [Event] {
        text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
            var event = Event()
            var data: [String] = []
            for line in block.split(separator: "\n") {
                let (name, value) = line.hasPrefix("data: ") ? ("data", line.dropFirst(6)) : split(line)
                switch name {
                case "id": event.id = String(value)
                case "event": event.event = String(value)
                case "retry": event.retry = String(value)
                case "data": data.append(String(value))
                default: break
                }
            }
            event.data = data.joined(separator: "\n")
            return event
        }
    }

    private static func split(_ line: Substring) -> (String, Substring) {
        guard let colon = line.firstIndex(of: ":") else { return (String(line), "") }
        let value = line[line.index(after: colon)...]
        return (String(line[..<colon]), value.hasPrefix(" ") ? value.dropFirst() : value)
    }

    /// What `fd` sends until `marker` appears (or, with no marker, until it closes), at most `timeout` seconds.
    static func read(_ fd: Int32, until marker: String?, timeout: TimeInterval) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while deadline.timeIntervalSinceNow > 0 {
            if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
