import Foundation
import XCTest

@testable import FixtureServer

/// `--record` of an event stream: the upstream's events are answered and saved in `routes.json` as the
/// example's `events`, each as it came (its text exactly) with the wait before it, and `--api` replays them
/// as a stream; the upstream is another server on loopback (the Restaurant's countdown).
final class RecordStreamTests: OptionsTestCase {
    func testAStreamIsRecordedWithItsTimingAndReplayed() throws {
        let upstream = try startExtraServer(FixtureServer())
        let saved = try folder("recorded-stream")
        let recorder = try startExtraServer(try FixtureServer(recording: upstream.baseURL, into: saved.url))
        XCTAssertEqual(
            try fetch(
                upstream.baseURL.absoluteString + "order", method: "POST", body: Data(#"{"menuIds":[5]}"#.utf8),
                headers: ["Content-Type": "application/json"]
            ).status, 200)
        let target = "order/1/status?speed=3000"  // a minute every 0.02 s: six events
        let direct = try fetch(upstream.baseURL.absoluteString + target)
        let live = try fetch(recorder.baseURL.absoluteString + target)
        XCTAssertEqual(live.status, 200)
        XCTAssertEqual(live.headers["content-type"], "text/event-stream; charset=utf-8")
        XCTAssertEqual(live.text, direct.text, "the recorder answers the upstream's events")

        let file = saved.url.appendingPathComponent("routes.json")
        let top = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let route = try XCTUnwrap(
            (top["routes"] as? [[String: Any]])?.first { $0["path"] as? String == "/order/1/status" })
        let example = try XCTUnwrap((route["examples"] as? [[String: Any]])?.first)
        XCTAssertNil(example["file"], "a stream is saved as events, not as a body file")
        let events = try XCTUnwrap(example["events"] as? [[String: Any]])
        XCTAssertEqual(events.count, 6, "one per event, as it came")
        XCTAssertEqual(events.compactMap { $0["raw"] as? String }.joined(), direct.text)
        XCTAssertTrue(
            events.dropFirst().contains { ($0["wait"] as? Int ?? 0) > 0 },
            "the waits between events are kept: \(events)")

        let replay = try startExtraServer(try FixtureServer(api: saved.url))
        let replayed = try fetch(replay.baseURL.absoluteString + target)
        XCTAssertEqual(replayed.headers["content-type"], "text/event-stream; charset=utf-8")
        XCTAssertEqual(replayed.text, direct.text)
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: replay.openAPIDocument) as? [String: Any])
        let ok =
            ((((document["paths"] as? [String: Any])?["/order/1/status"] as? [String: Any])?["get"]
            as? [String: Any])?["responses"] as? [String: Any])?["200"] as? [String: Any]
        XCTAssertNotNil((ok?["content"] as? [String: Any])?["text/event-stream"], "\(ok ?? [:])")
    }

    /// The countdown at real minutes: the first event reaches the client through the recorder at once (it
    /// is forwarded as it comes, not when the upstream ends); the client leaving stops the upstream, and what
    /// came is saved.
    func testAStreamIsForwardedLiveAndWhatCameIsSavedWhenTheClientLeaves() throws {
        let upstream = try startExtraServer(FixtureServer())
        let saved = try folder("recorded-live")
        let recorder = try startExtraServer(try FixtureServer(recording: upstream.baseURL, into: saved.url))
        _ = try send(upstream, "POST", "/order", body: #"{"menuIds":[1]}"#)  // 20 minutes
        let client = try RawClient(port: recorder.port)
        client.send("GET /order/1/status HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = EventStreamRouteTests.read(client.fd, until: "\n\n", timeout: 10)
        XCTAssertTrue(first.contains(#"data: {"minutes_left":20,"state":"preparing"}"#), first)
        client.close()
        let file = saved.url.appendingPathComponent("routes.json")
        let deadline = Date(timeIntervalSinceNow: 10)
        var text = ""
        while Date() < deadline, !text.contains("minutes_left") {
            text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(text.contains(#"\"minutes_left\":20"#), text)
        XCTAssertFalse(text.contains(#"\"minutes_left\":19"#), "only what came was saved: \(text)")
    }

    /// Bytes cut anywhere — a CR LF across two chunks, an event over three — are cut back into events at
    /// their blank lines, each timed by the chunk that ended it; what is left is a last piece.
    func testChunksAreCutIntoEventsAtTheirBlankLines() {
        let chunks: [(offset: TimeInterval, bytes: Data)] = [
            (0, Data("data: a\r\n\r".utf8)), (0.25, Data("\nda".utf8)), (0.5, Data("ta: b\n".utf8)),
            (0.75, Data("\n: c\r\rdata: unfinished".utf8)),
        ]
        let recording = StreamRecording(chunks: chunks)
        XCTAssertEqual(
            recording.pieces,
            [
                .init(wait: 250, raw: "data: a\r\n\r\n"), .init(wait: 500, raw: "data: b\n\n"),
                .init(wait: 0, raw: ": c\r\r"), .init(wait: 0, raw: "data: unfinished"),
            ])
    }
}
