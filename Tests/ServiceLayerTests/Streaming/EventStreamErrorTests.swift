import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The errors of an event stream over real sockets, each with the message a learner reads: an answer that
/// is no event stream (JSON, HTML), an event cut mid-way, an `error` event (delivered by the plain stream,
/// the end of a decoded one), a 429 naming its `Retry-After`, a buffering proxy; and a token never in them.
final class EventStreamErrorTests: XCTestCase {
    private var server: EventStreamServer!
    private var client: APIClient!
    private let reports = Locked<[ExchangeReport]>([])
    private static let token = "secret-token-7781"

    override func setUpWithError() throws {
        server = try EventStreamServer()
        let reports = self.reports
        client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(
                timeout: 10, retryPolicy: .never, resultObserver: { report in reports.withLock { $0.append(report) } }),
            tokenProvider: { Self.token })
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// Serves one connection: `head` then `body`, then closes.
    private func serveOnce(_ head: String, _ body: String) {
        serve { $0.send(head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body) }
    }

    /// Serves one connection as an event stream: its head, then `pieces` one after another with `pause`
    /// seconds between them, then closes.
    private func serveEvents(_ pieces: String..., pause: TimeInterval = 0) {
        serve { connection in
            connection.sendEventStreamHead()
            for (index, piece) in pieces.enumerated() {
                if index > 0, pause > 0 { Thread.sleep(forTimeInterval: pause) }
                connection.send(piece)
            }
        }
    }

    /// Takes the next connection on another thread, hands it to `answer`, then closes it.
    private func serve(_ answer: @escaping @Sendable (EventStreamServer.Connection) -> Void) {
        DispatchQueue.global().async { [server] in
            guard let connection = server?.nextConnection() else { return }
            answer(connection)
            connection.close()
        }
    }

    /// The end of a plain stream of `endpoint`, and the events it delivered.
    @MainActor
    private func plainEnd(
        _ endpoint: Endpoint<Void> = Endpoint<Void>("stream"), reconnect: ReconnectPolicy = .default
    ) async -> (APIError?, [ServerSentEvent]) {
        var events: [ServerSentEvent] = []
        var error: APIError?
        let done = expectation(description: "completion")
        client.events(
            for: endpoint, reconnect: reconnect, onEvent: { events.append($0) },
            completion: { result in
                if case .failure(let failure) = result { error = failure }
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        return (error, events)
    }

    // MARK: - Not an event stream

    @MainActor
    func testAJSON200IsNotAnEventStreamAndSaysWhatCame() async throws {
        serveOnce("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", #"{"error":"Use stream: true"}"#)
        let (error, events) = await plainEnd()
        XCTAssertEqual(events, [])
        guard case .eventStream(.notAnEventStream(200, "application/json", let body), let url)? = error else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"error":"Use stream: true"}"#)
        XCTAssertEqual(url?.path, "/stream")
        XCTAssertEqual(error?.serverMessage, "Use stream: true")
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains("\(server.baseURL.absoluteString)stream"), text)
        XCTAssertTrue(text.contains("`application/json`"), text)
        XCTAssertTrue(text.contains("`text/event-stream`"), text)
        XCTAssertTrue(text.contains(#"the server said: "Use stream: true""#), text)
        XCTAssertTrue(text.contains("`send(_:)`"), text)
        XCTAssertNil(server.nextConnection(timeout: 0.5), "no reconnect")
    }

    @MainActor
    func testAnHTMLPage200IsNotAnEventStream() async throws {
        serveOnce(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n",
            "<!doctype html><html><head><title>Sign in</title></head><body>Please sign in first</body></html>")
        let (error, _) = await plainEnd()
        guard case .eventStream(.notAnEventStream(200, "text/html; charset=utf-8", _), _)? = error else {
            return XCTFail("\(String(describing: error))")
        }
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains(#"It sent an HTML page titled "Sign in""#), text)
        for language in APIError.MessageLanguage.allCases {
            let translated = try XCTUnwrap(error?.explanation(in: language).description)
            XCTAssertTrue(translated.contains("Sign in") && translated.contains("`text/event-stream`"), translated)
        }
    }

    // MARK: - Cut, too large

    /// A `POST` stream cut in the middle of its second event: no reconnect, the typed error counting the
    /// whole events and the discarded bytes.
    @MainActor
    func testAPOSTCutMidEventSaysSo() async throws {
        serveEvents("data: one\n\ndata: half of t")
        let chat = Endpoint<Void>(method: .post, "chat").body(Data("{}".utf8), contentType: "application/json")
        let (error, events) = await plainEnd(chat)
        XCTAssertEqual(events.map(\.data), ["one"])
        XCTAssertEqual(error, .eventStream(.cutMidEvent(eventsRead: 1, unfinishedBytes: 15), url: nil))
        XCTAssertEqual(error?.failingURL?.path, "/chat")
        XCTAssertEqual(error?.isTransient, true)
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains("ended in the middle of an event, after 1 whole event"), text)
        XCTAssertTrue(text.contains("(15 bytes) was discarded"), text)
        XCTAssertTrue(text.contains("A `POST` stream never connects again"), text)
        XCTAssertNil(server.nextConnection(timeout: 0.5), "a POST stream never connects again")
    }

    /// An event that grows past 16 MiB without its blank line: the client closes the connection and says so.
    @MainActor
    func testAnEventOver16MiBIsCutOff() async throws {
        serve { connection in
            connection.sendEventStreamHead()
            connection.send("data: ")
            let chunk = String(repeating: "x", count: 1 << 20)
            for _ in 0..<20 where connection.send(chunk) {}  // stops once the client has closed
        }
        let (error, events) = await plainEnd()
        XCTAssertEqual(events, [])
        XCTAssertEqual(error, .eventStream(.eventTooLarge(limit: 16 << 20), url: nil))
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains("grew past 16 MiB without its blank line"), text)
        XCTAssertTrue(text.contains("\(server.baseURL.absoluteString)stream"), text)
    }

    // MARK: - The error event

    /// The plain stream delivers an `error` event as any other (the spec gives it no meaning) and ends
    /// cleanly; the decoded stream ends with it, quoting the server's message.
    @MainActor
    func testAnErrorEventIsDeliveredPlainAndEndsADecodedStream() async throws {
        let transcript =
            "data: {\"n\":1}\n\nevent: error\nid: 4\ndata: {\"error\":{\"message\":\"The model is overloaded\"}}\n\n"
            + "data: {\"n\":2}\n\n"
        for _ in 0..<2 { serveEvents(transcript) }
        let (plainError, events) = await plainEnd()
        XCTAssertNil(plainError)
        XCTAssertEqual(events.map(\.event), ["message", "error", "message"])

        struct Chunk: Decodable, Sendable { let n: Int }
        var values: [Int] = []
        var error: APIError?
        let done = expectation(description: "decoded")
        client.events(
            for: Endpoint<Void>(method: .post, "chat"), decoding: Chunk.self, onValue: { values.append($0.n) },
            completion: { result in
                if case .failure(let failure) = result { error = failure }
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        XCTAssertEqual(values, [1], "the values before the error event, none after it")
        let data = #"{"error":{"message":"The model is overloaded"}}"#
        XCTAssertEqual(
            error, .eventStream(.errorEvent(type: "error", data: data, id: "4"), url: nil))
        XCTAssertEqual(error?.serverMessage, "The model is overloaded")
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains("\(server.baseURL.absoluteString)chat sent an `error` event"), text)
        XCTAssertTrue(text.contains(#"The server said: "The model is overloaded""#), text)
        let swedish = try XCTUnwrap(error?.explanation(in: .swedish).description)
        XCTAssertTrue(swedish.contains(#"Servern sa: "The model is overloaded""#), swedish)
    }

    // MARK: - Retry-After

    /// A 429 answer to a stream names its `Retry-After` in seconds; a 503 to an ordinary call names its
    /// date.
    @MainActor
    func testA429NamesItsRetryAfterAndA503ItsDate() async throws {
        serveOnce(
            "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 7\r\n",
            #"{"error":{"message":"Rate limit reached"}}"#)
        let (error, _) = await plainEnd(Endpoint<Void>(method: .post, "chat"))
        XCTAssertEqual(error?.statusCode, 429)
        guard case .httpStatus(_, let body)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(body.retryAfter, .seconds(7))
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains("asks to wait 7 seconds (its `Retry-After` header)"), text)
        XCTAssertTrue(text.contains(#""Rate limit reached""#), text)
        for language in APIError.MessageLanguage.allCases {
            let translated = try XCTUnwrap(error?.explanation(in: language).description)
            XCTAssertTrue(translated.contains("7") && translated.contains("`Retry-After`"), translated)
        }

        let date = "Wed, 21 Oct 2026 07:28:00 GMT"
        serveOnce("HTTP/1.1 503 Service Unavailable\r\nRetry-After: \(date)\r\n", "")
        do {
            try await client.send(Endpoint<Void>("menu"))
            XCTFail("a 503 fails")
        } catch {
            guard case .httpStatus(503, let body) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(body.retryAfter, .date(Date(timeIntervalSince1970: 1_792_567_680)))
            let text = try XCTUnwrap(error.errorDescription)
            XCTAssertTrue(text.contains("asks to wait until \(date)"), text)
        }
    }

    // MARK: - A buffering proxy

    /// Bytes keep arriving while one event stays unfinished past the limit: the stream ends, naming the
    /// likely buffering and its fix. Comments between events (a keep-alive) over the same time do not.
    @MainActor
    func testBytesWithoutAnEventPastTheLimitAreABufferingProxy() async throws {
        // A 0.3 s limit (the default is 30 s) and pieces 0.6 s apart: the check is the same at any length.
        serveEvents("data: {\"part\":1,", "\"padding\":\"\(String(repeating: "x", count: 200))\"", pause: 0.6)
        let started = Date()
        let (error, events) = await plainEnd(reconnect: ReconnectPolicy(bufferingLimit: 0.3))
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "ended by the check, not by a timeout")
        XCTAssertEqual(events, [])
        guard case .eventStream(.buffered(let seconds, let bytes), _)? = error else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertGreaterThanOrEqual(seconds, 0.3)
        XCTAssertGreaterThan(bytes, 200)
        let text = try XCTUnwrap(error?.errorDescription)
        XCTAssertTrue(text.contains("without one whole event"), text)
        XCTAssertTrue(text.contains("likely buffering"), text)
        XCTAssertTrue(text.contains("`X-Accel-Buffering: no`") && text.contains("`Cache-Control: no-transform`"), text)

        serveEvents(": keep-alive\n\n", ": keep-alive\n\ndata: done\n\n", pause: 0.6)
        let (quietError, quietEvents) = await plainEnd(reconnect: ReconnectPolicy(bufferingLimit: 0.3))
        XCTAssertNil(quietError, "comments between events are a keep-alive, not buffering")
        XCTAssertEqual(quietEvents.map(\.data), ["done"])
    }

    // MARK: - Credentials

    /// A server that echoes the token (in an answer that is no event stream, in an `error` event) never
    /// gets it into the error, its message or the exchange's report.
    @MainActor
    func testTheTokenNeverAppearsInTheErrorOrTheReport() async throws {
        let endpoint = Endpoint<Void>(method: .post, "chat").requiringAuthorization()
        serveOnce(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n",
            #"{"message":"Bad token \#(Self.token)","token":"\#(Self.token)"}"#)
        let (notStream, _) = await plainEnd(endpoint)
        serve { connection in
            XCTAssertEqual(connection.header("Authorization"), "Bearer \(Self.token)", "the token was sent")
            connection.sendEventStreamHead()
            connection.send("event: error\ndata: {\"error\":{\"message\":\"Token \(Self.token) revoked\"}}\n\n")
        }
        struct Chunk: Decodable, Sendable { let n: Int }
        var errorEvent: APIError?
        let done = expectation(description: "decoded")
        client.events(
            for: endpoint, decoding: Chunk.self, onValue: { _ in },
            completion: { result in
                if case .failure(let failure) = result { errorEvent = failure }
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        for error in [notStream, errorEvent] {
            let error = try XCTUnwrap(error)
            guard case .eventStream = error else { return XCTFail("\(error)") }
            var texts = [error.description, error.debugDescription, error.serverMessage ?? ""]
            texts += APIError.MessageLanguage.allCases.map { error.explanation(in: $0).description }
            texts.append(String(decoding: error.responseBody ?? Data(), as: UTF8.self))
            for text in texts { XCTAssertFalse(text.contains(Self.token), text) }
        }
        XCTAssertEqual(errorEvent?.serverMessage?.contains("revoked"), true)
        let reported = reports.withLock { $0 }
        XCTAssertFalse(reported.isEmpty)
        for report in reported {
            XCTAssertFalse("\(report.request.allHTTPHeaderFields ?? [:])".contains(Self.token))
            XCTAssertFalse(report.error.map { "\($0)" }?.contains(Self.token) ?? false)
        }
    }
    /// An event that does not decode keeps its data in the `.decoding` error (the body a learner reads
    /// to see what came): a token the server echoed in it is taken out, in the callback and async forms.
    @MainActor
    func testATokenEchoedInAnEventThatDoesNotDecodeIsTakenOut() async throws {
        struct Chunk: Decodable, Sendable { let n: Int }
        let endpoint = Endpoint<Void>("chat").requiringAuthorization()
        let echo = "data: {\"n\":\"\(Self.token)\"}\n\n"
        serve { connection in
            XCTAssertEqual(connection.header("Authorization"), "Bearer \(Self.token)", "the token was sent")
            connection.sendEventStreamHead()
            connection.send("data: {\"n\":1}\n\n" + echo)
        }
        var values: [Int] = []
        var callbackError: APIError?
        let done = expectation(description: "decoded")
        client.events(
            for: endpoint, decoding: Chunk.self, onValue: { values.append($0.n) },
            completion: { result in
                if case .failure(let failure) = result { callbackError = failure }
                done.fulfill()
            })
        await waitFor([done], timeout: 30)
        XCTAssertEqual(values, [1], "the value before the bad event is delivered")
        serve { connection in
            connection.sendEventStreamHead()
            connection.send(echo)
        }
        var asyncError: (any Error)?
        do {
            for try await _ in client.events(for: endpoint, decoding: Chunk.self) {}
        } catch {
            asyncError = error
        }
        for error in [callbackError, asyncError as? APIError] {
            let error = try XCTUnwrap(error)
            guard case .decoding(let failure) = error else { return XCTFail("\(error)") }
            XCTAssertFalse(failure.body.isEmpty, "the event's data is kept")
            var texts = [error.description, error.debugDescription, String(decoding: failure.body, as: UTF8.self)]
            texts += APIError.MessageLanguage.allCases.map { error.explanation(in: $0).description }
            for text in texts { XCTAssertFalse(text.contains(Self.token), text) }
        }
    }
}

/// The fixture server's faults, read as a learner's stream reads them: a 429 with `Retry-After` on the
/// chat mock, and its mid-stream `error` event ending the decoded stream with the server's words.
final class FixtureServerEventErrorTests: FixtureServerTestCase {
    private struct Chunk: Decodable, Sendable {
        struct Choice: Decodable, Sendable {
            struct Delta: Decodable, Sendable { let content: String? }
            let delta: Delta
        }
        let choices: [Choice]
    }

    func testTheChatMocksFaultsAsTypedErrors() async throws {
        let client = makeClient(options: APIClient.Options(timeout: 10, retryPolicy: .never))
        let chat = Endpoint<Void>(method: .post, "v1/chat/completions").body(
            Data(#"{"messages":[{"role":"user","content":"Hi"}],"stream":true}"#.utf8), contentType: "application/json")
        server.inject(.status(429, headers: ["Retry-After": "2"]), path: "/v1/chat/completions")
        do {
            for try await _ in client.events(for: chat, decoding: Chunk.self) {}
            XCTFail("a 429 fails the stream")
        } catch let error as APIError {
            XCTAssertEqual(error.statusCode, 429)
            let text = try XCTUnwrap(error.errorDescription)
            XCTAssertTrue(text.contains("asks to wait 2 seconds"), text)
        }

        server.inject(.eventStreamError(message: "The model is overloaded"), path: "/v1/chat/completions")
        var answer = ""
        do {
            for try await chunk in client.events(for: chat, decoding: Chunk.self) {
                answer += chunk.choices.first?.delta.content ?? ""
            }
            XCTFail("the error event ends the decoded stream")
        } catch let error as APIError {
            guard case .eventStream(.errorEvent(let type, _, _), let url) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(type, "error")
            XCTAssertEqual(url?.path, "/v1/chat/completions")
            XCTAssertEqual(error.serverMessage, "The model is overloaded")
        }
        XCTAssertFalse(answer.isEmpty, "the words before the error event were delivered")
    }
}

/// Waits for `expectations` without sending the test case off the main actor, failing the test when they
/// time out.
private func waitFor(
    _ expectations: [XCTestExpectation], timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line
) async {
    let result = await XCTWaiter.fulfillment(of: expectations, timeout: timeout)
    XCTAssertEqual(result, .completed, "\(expectations.map(\.description))", file: file, line: line)
}
