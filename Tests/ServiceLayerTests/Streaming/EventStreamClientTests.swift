import Foundation
import Loopback
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `APIClient.events` over real sockets, against a server each test drives by hand: events as they
/// arrive (never buffered), cancel as a close, reconnects for `GET` only, and the ends of a stream.
final class EventStreamClientTests: XCTestCase {
    private var server: EventStreamServer!
    private var client: APIClient!

    override func setUpWithError() throws {
        server = try EventStreamServer()
        client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 10, retryPolicy: .never), tokenProvider: { "secret-token" })
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// The server writes the second event only once the first has reached `onEvent`: a client that
    /// held events until the body ended would never see the first, and the test would time out.
    @MainActor
    func testTheFirstEventArrivesBeforeTheServerWritesTheSecond() async throws {
        let firstSeen = DispatchSemaphore(value: 0)
        let wroteSecond = Locked(false)
        DispatchQueue.global().async { [server] in
            guard let connection = server?.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send(": hello\n\nid: 1\ndata: one\n\n")
            guard firstSeen.wait(timeout: .now() + 20) == .success else { return connection.close() }
            wroteSecond.withLock { $0 = true }
            connection.send("id: 2\nevent: status\ndata: two\n\n")
            connection.close()
        }
        var events: [ServerSentEvent] = []
        var secondWasWrittenBeforeTheFirstArrived = false
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>("stream"),
            onEvent: { event in
                if events.isEmpty { secondWasWrittenBeforeTheFirstArrived = wroteSecond.withLock { $0 } }
                events.append(event)
                if event.data == "one" { firstSeen.signal() }
            },
            completion: { result in
                XCTAssertNil(result.error, "\(result)")
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        XCTAssertFalse(secondWasWrittenBeforeTheFirstArrived)
        XCTAssertEqual(
            events, [ServerSentEvent(id: "1", data: "one"), ServerSentEvent(id: "2", event: "status", data: "two")])
    }

    /// The request asks for an event stream and carries what `send` would: the endpoint's headers and
    /// query, the token of an endpoint that requires authorization.
    @MainActor
    func testTheRequestIsBuiltAsSendBuildsIt() async throws {
        let request = Locked<String?>(nil)
        DispatchQueue.global().async { [server] in
            guard let connection = server?.nextConnection() else { return }
            request.withLock { $0 = connection.head }
            connection.sendEventStreamHead()
            connection.send("data: x\n\n")
            connection.close()
        }
        let done = expectation(description: "completion")
        let endpoint = Endpoint<Void>("stream", query: [URLQueryItem(name: "speed", value: "100")])
            .headers(["X-Mine": "1"]).requiringAuthorization()
        client.events(for: endpoint, onEvent: { _ in }, completion: { _ in done.fulfill() })
        await waitFor([done], timeout: 30)
        let head = try XCTUnwrap(request.withLock { $0 })
        XCTAssertTrue(head.hasPrefix("GET /stream?speed=100 HTTP/1.1"), head)
        XCTAssertEqual(LoopbackSocket.header("Accept", in: head), "text/event-stream")
        XCTAssertEqual(LoopbackSocket.header("X-Mine", in: head), "1")
        XCTAssertEqual(LoopbackSocket.header("Authorization", in: head), "Bearer secret-token")
        XCTAssertNil(LoopbackSocket.header("Last-Event-ID", in: head), "no id yet: none sent")
    }

    /// `cancel()` closes the connection: the server sees the close within 1 s, the completion receives
    /// `.cancelled`, and no event reaches `onEvent` after the cancel, not even those of the same chunk
    /// (a chunk's events reach the main queue in one block; each is checked against the call's cancel flag).
    @MainActor
    func testCancelIsSeenByTheServerAsACloseWithinOneSecond() async throws {
        let cancelled = DispatchSemaphore(value: 0)
        let closedInTime = Locked<Bool?>(nil)
        let serverDone = expectation(description: "server saw the close")
        DispatchQueue.global().async { [server] in
            defer { serverDone.fulfill() }
            guard let connection = server?.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send("data: one\n\ndata: two\n\ndata: three\n\n")
            guard cancelled.wait(timeout: .now() + 20) == .success else { return }
            closedInTime.withLock { $0 = connection.waitForClose(timeout: 1) }
            connection.close()
        }
        var handle: RequestHandle?
        var events: [ServerSentEvent] = []
        let done = expectation(description: "completion")
        handle = client.events(
            for: Endpoint<Void>("stream"),
            onEvent: { event in
                events.append(event)
                handle?.cancel()
                cancelled.signal()
            },
            completion: { result in
                XCTAssertEqual(result.error, .cancelled)
                done.fulfill()
            })
        await waitFor([done, serverDone], timeout: 30)
        XCTAssertEqual(closedInTime.withLock { $0 }, true, "the server did not see a close within 1 s of cancel()")
        XCTAssertEqual(events.map(\.data), ["one"])
    }

    /// A cut `GET` stream connects again after the server's `retry:`, sending the last event ID; a 204
    /// then ends it for good, as success.
    @MainActor
    func testAGETReconnectsWithLastEventIDAndA204StopsForGood() async throws {
        let heads = Locked<[String]>([])
        DispatchQueue.global().async { [server] in
            guard let first = server?.nextConnection() else { return }
            heads.withLock { $0.append(first.head) }
            first.sendEventStreamHead()
            first.send("retry: 10\nid: 1\ndata: a\n\nid: 2\ndata: cut in the mid")
            first.close()
            guard let second = server?.nextConnection() else { return }
            heads.withLock { $0.append(second.head) }
            second.sendEventStreamHead()
            second.send("id: 2\ndata: b\n\n")
            second.close()  // a clean end after a whole event: the stream is over
        }
        var events: [ServerSentEvent] = []
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>("stream"), onEvent: { events.append($0) },
            completion: { result in
                XCTAssertNil(result.error, "\(result)")
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        XCTAssertEqual(events.map(\.data), ["a", "b"])
        let sent = heads.withLock { $0 }
        XCTAssertEqual(sent.count, 2)
        XCTAssertNil(LoopbackSocket.header("Last-Event-ID", in: sent.first ?? ""))
        XCTAssertEqual(
            LoopbackSocket.header("Last-Event-ID", in: sent.last ?? ""), "1", "the id of the last whole event")

        // A 204 on a reconnect: the end, no third connection.
        DispatchQueue.global().async { [server] in
            guard let first = server?.nextConnection() else { return }
            first.sendEventStreamHead()
            first.send("retry: 10\nid: 9\ndata: a\n\ndata: cut")
            first.close()
            guard let second = server?.nextConnection() else { return }
            heads.withLock { $0 = [second.head] }
            second.send("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
            second.close()
        }
        let stopped = expectation(description: "204")
        client.events(
            for: Endpoint<Void>("stream"), onEvent: { _ in },
            completion: { result in
                XCTAssertNil(result.error, "\(result)")
                stopped.fulfill()
            })
        await waitFor([stopped], timeout: 30)
        XCTAssertEqual(LoopbackSocket.header("Last-Event-ID", in: heads.withLock { $0.first ?? "" }), "9")
        XCTAssertNil(server.nextConnection(timeout: 0.5), "a 204 stops for good")
    }

    /// A `POST` stream cut mid-event never reconnects: it fails, with one request made.
    @MainActor
    func testAPOSTNeverReconnects() async throws {
        DispatchQueue.global().async { [server] in
            guard let connection = server?.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send("retry: 1\ndata: a\n\ndata: cut")
            connection.close()
        }
        var events: [String] = []
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>(method: .post, "chat").body(Data("{}".utf8), contentType: "application/json"),
            onEvent: { events.append($0.data) },
            completion: { result in
                XCTAssertEqual(result.error, .eventStream(.cutMidEvent(eventsRead: 1, unfinishedBytes: 9), url: nil))
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        XCTAssertEqual(events, ["a"])
        XCTAssertNil(server.nextConnection(timeout: 0.5), "a POST stream never connects again")
    }

    /// Reconnects are bounded: a `GET` whose every connection is cut without an event fails after the
    /// policy's attempts; `.never` opts out.
    @MainActor
    func testReconnectsAreBoundedAndCanBeTurnedOff() async throws {
        let connections = Locked(0)
        // Serves `count` connections, each a stream cut after a partial event; a connection beyond them is
        // looked for once the call has ended (below), as the other tests here do, not waited out here.
        func serve(_ count: Int) -> DispatchWorkItem {
            let work = DispatchWorkItem { [server] in
                for _ in 0..<count {
                    guard let connection = server?.nextConnection() else { return }
                    connections.withLock { $0 += 1 }
                    connection.sendEventStreamHead()
                    connection.send("retry: 5\ndata: never finished")
                    connection.close()
                }
            }
            DispatchQueue.global().async(execute: work)
            return work
        }
        let served = serve(3)
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>("stream"), reconnect: ReconnectPolicy(maximumAttempts: 2), onEvent: { _ in },
            completion: { result in
                XCTAssertEqual(result.error, .eventStream(.cutMidEvent(eventsRead: 0, unfinishedBytes: 20), url: nil))
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        served.wait()
        XCTAssertEqual(connections.withLock { $0 }, 3, "the first connection and two reconnects")
        XCTAssertNil(server.nextConnection(timeout: 0.5), "no third reconnect")

        connections.withLock { $0 = 0 }
        let again = serve(1)
        let never = expectation(description: "never")
        client.events(
            for: Endpoint<Void>("stream"), reconnect: .never, onEvent: { _ in },
            completion: { result in
                XCTAssertNotNil(result.error)
                never.fulfill()
            })
        await waitFor([never], timeout: 30)
        again.wait()
        XCTAssertEqual(connections.withLock { $0 }, 1)
        XCTAssertNil(server.nextConnection(timeout: 0.5), "no reconnect at all")
    }

    /// What is not an event stream ends the stream without a reconnect: a JSON 200, a 404 (its body kept).
    @MainActor
    func testAnswersThatAreNoEventStream() async throws {
        DispatchQueue.global().async { [server] in
            guard let json = server?.nextConnection() else { return }
            let body = "{\"error\":\"nope\"}"
            json.send(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            )
            json.close()
            guard let missing = server?.nextConnection() else { return }
            missing.send(
                "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            )
            missing.close()
        }
        let first = expectation(description: "json")
        client.events(
            for: Endpoint<Void>("stream"), onEvent: { XCTFail("no event: \($0)") },
            completion: { result in
                XCTAssertNotNil(result.error)
                first.fulfill()
            })
        await waitFor([first], timeout: 30)
        let second = expectation(description: "404")
        client.events(
            for: Endpoint<Void>("stream"), onEvent: { XCTFail("no event: \($0)") },
            completion: { result in
                XCTAssertEqual(result.error?.statusCode, 404)
                XCTAssertEqual(result.error?.serverMessage, "nope")
                second.fulfill()
            })
        await waitFor([second], timeout: 30)
        XCTAssertNil(server.nextConnection(timeout: 0.5), "neither connects again")
    }

    /// The `async` twin: events in order, and leaving the loop closes the connection.
    @MainActor
    func testTheAsyncSequenceAndLeavingTheLoop() async throws {
        let closed = Locked<Bool?>(nil)
        let served = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { [server] in
            defer { served.signal() }
            guard let connection = server?.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send("data: one\n\ndata: two\n\n")
            closed.withLock { $0 = connection.waitForClose(timeout: 5) }
            connection.close()
        }
        var seen: [String] = []
        for try await event in client.events(for: Endpoint<Void>("stream")) {
            seen.append(event.data)
            if seen.count == 2 { break }
        }
        XCTAssertEqual(seen, ["one", "two"])
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                served.wait()
                continuation.resume()
            }
        }
        XCTAssertEqual(closed.withLock { $0 }, true, "leaving the loop closes the connection")
    }

    /// Data decoded as JSON, `[DONE]` ending the stream quietly and closing the connection the server
    /// kept open.
    @MainActor
    func testDecodedEventsEndQuietlyAtDone() async throws {
        struct Chunk: Decodable, Sendable, Equatable { let n: Int }
        let closed = Locked<Bool?>(nil)
        let serverDone = expectation(description: "server")
        DispatchQueue.global().async { [server] in
            defer { serverDone.fulfill() }
            guard let connection = server?.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send(
                "data: {\"n\":1}\n\nevent: ping\ndata: x\n\ndata: {\"n\":2}\n\ndata: [DONE]\n\ndata: {\"n\":3}\n\n")
            closed.withLock { $0 = connection.waitForClose(timeout: 5) }
            connection.close()
        }
        var values: [Int] = []
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>(method: .post, "v1/chat/completions"), decoding: Chunk.self,
            onValue: { values.append($0.n) },
            completion: { result in
                XCTAssertNil(result.error, "\(result)")
                done.fulfill()
            })
        await waitFor([done, serverDone], timeout: 30)
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(closed.withLock { $0 }, true)
    }

    /// An event whose data does not decode ends the stream with a decoding error naming the field.
    @MainActor
    func testAnEventThatDoesNotDecode() async throws {
        struct Chunk: Decodable, Sendable { let n: Int }
        DispatchQueue.global().async { [server] in
            guard let connection = server?.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send("data: {\"n\":\"one\"}\n\n")
            _ = connection.waitForClose(timeout: 5)
            connection.close()
        }
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>("stream"), decoding: Chunk.self, onValue: { _ in XCTFail("no value") },
            completion: { result in
                guard case .decoding = result.error else { return XCTFail("\(result)") }
                XCTAssertTrue(result.error?.errorDescription?.contains("/stream") ?? false, "\(result)")
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
    }
}

/// Waits for `expectations` without sending the test case off the main actor (`XCTWaiter`'s class method, not
/// `XCTestCase.fulfillment`, whose `self` is not `Sendable`), failing the test when they time out.
private func waitFor(
    _ expectations: [XCTestExpectation], timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line
) async {
    let result = await XCTWaiter.fulfillment(of: expectations, timeout: timeout)
    XCTAssertEqual(result, .completed, "\(expectations.map(\.description))", file: file, line: line)
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A model whose `Decodable` conformance is isolated to the main actor (SE-0470), as a learner's plain
/// `Codable` struct is in an app target with main-actor default isolation.
private struct MainActorChunk {
    let n: Int
}

extension MainActorChunk: @MainActor Decodable {
    init(from decoder: any Decoder) throws {
        dispatchPrecondition(condition: .onQueue(.main))
        n = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .n)
    }

    private enum CodingKeys: String, CodingKey { case n }
}

/// The decoded stream of a main-actor-isolated model: decoded on the main actor, `[DONE]` still the end.
final class MainActorDecodedEventsTests: XCTestCase {
    @MainActor
    func testAMainActorIsolatedModelIsDecodedOnTheMainActor() async throws {
        let server = try EventStreamServer()
        defer { server.stop() }
        DispatchQueue.global().async {
            guard let connection = server.nextConnection() else { return }
            connection.sendEventStreamHead()
            connection.send("data: {\"n\":1}\n\ndata: {\"n\":2}\n\ndata: [DONE]\n\n")
            _ = connection.waitForClose(timeout: 5)
            connection.close()
        }
        let client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 10, retryPolicy: .never))
        let values = Locked<[Int]>([])
        let done = expectation(description: "completion")
        client.events(
            for: Endpoint<Void>("stream"), decoding: MainActorChunk.self,
            onValue: { chunk in values.withLock { $0.append(chunk.n) } },
            completion: { result in
                if case .failure(let error) = result { XCTFail("\(error)") }
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        XCTAssertEqual(values.withLock { $0 }, [1, 2])
    }
}
