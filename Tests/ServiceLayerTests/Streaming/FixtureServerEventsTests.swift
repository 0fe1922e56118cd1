import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `APIClient.events` against the fixture server's streams: an order's countdown followed to `ready`, a
/// reconnect that resumes it, a streamed chat read as JSON up to `[DONE]`, and the faults a learner meets.
final class FixtureServerEventsTests: FixtureServerTestCase {
    private struct Status: Decodable, Sendable, Equatable {
        let state: String
        let minutesLeft: Int
    }

    private struct Order: Decodable, Sendable {
        let id: Int
        let preparationTime: Int
    }

    private struct Chunk: Decodable, Sendable {
        struct Choice: Decodable, Sendable {
            struct Delta: Decodable, Sendable { let content: String? }
            let delta: Delta
        }
        let choices: [Choice]
    }

    private func client() -> APIClient {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return makeClient(options: APIClient.Options(timeout: 10, retryPolicy: .never, decoder: decoder))
    }

    private static func placeOrder(_ client: APIClient, _ ids: [Int]) async throws -> Order {
        try await client.send(Endpoint<Order>(method: .post, "order").body(["menuIds": ids]))
    }

    func testTheCountdownOfAnOrderToReady() async throws {
        let client = client()
        let order = try await Self.placeOrder(client, [5])  // 5 minutes
        XCTAssertEqual(order.preparationTime, 5)
        var statuses: [Status] = []
        let endpoint = Endpoint<Void>("order/\(order.id)/status", query: [URLQueryItem(name: "speed", value: "60000")])
        for try await status in client.events(for: endpoint, decoding: Status.self) { statuses.append(status) }
        XCTAssertEqual(statuses.map(\.minutesLeft), [5, 4, 3, 2, 1, 0])
        XCTAssertEqual(statuses.last?.state, "ready")
        XCTAssertEqual(requests(to: "/order/\(order.id)/status").first?.headers["accept"], "text/event-stream")
    }

    /// The stream is cut mid-event (a truncation fault); the client connects again with the id of the last
    /// whole event and the countdown goes on from there.
    func testACutCountdownResumesWithLastEventID() async throws {
        let client = client()
        let order = try await Self.placeOrder(client, [4])  // 12 minutes: 13 events, cut inside the 7th
        server.inject(.truncatedBody, path: "/order/\(order.id)/status")
        var events: [ServerSentEvent] = []
        let endpoint = Endpoint<Void>("order/\(order.id)/status", query: [URLQueryItem(name: "speed", value: "60000")])
        for try await event in client.events(for: endpoint, reconnect: ReconnectPolicy(defaultDelay: 0.01)) {
            events.append(event)
        }
        XCTAssertEqual(events.compactMap(\.id), (0...12).map(String.init), "every minute once, in order")
        let sent = requests(to: "/order/\(order.id)/status")
        XCTAssertEqual(sent.count, 2)
        XCTAssertNil(sent.first?.headers["last-event-id"])
        XCTAssertEqual(sent.last?.headers["last-event-id"], "5")
    }

    func testAStreamedChatReadAsJSONUpToDone() async throws {
        let client = client()
        let body = #"{"messages":[{"role":"user","content":"What is on the menu?"}],"stream":true}"#
        let chat = Endpoint<Void>(method: .post, "v1/chat/completions").body(
            Data(body.utf8), contentType: "application/json")
        var answer = ""
        for try await chunk in client.events(for: chat, decoding: Chunk.self) {
            answer += chunk.choices.first?.delta.content ?? ""
        }
        XCTAssertTrue(answer.hasPrefix(#"You asked: "What is on the menu?"."#), answer)
        XCTAssertTrue(answer.hasSuffix("ends with [DONE]."), answer)
    }

    func testA429IsAnHTTPStatusWithItsRetryAfterAndAMidStreamErrorEndsTheStream() async throws {
        let client = client()
        let chat = Endpoint<Void>(method: .post, "v1/chat/completions").body(
            Data(#"{"messages":[{"role":"user","content":"Hi"}],"stream":true}"#.utf8), contentType: "application/json")
        server.inject(.status(429, headers: ["Retry-After": "2"]), path: "/v1/chat/completions")
        do {
            for try await _ in client.events(for: chat) {}
            XCTFail("a 429 fails the stream")
        } catch let error as APIError {
            XCTAssertEqual(error.statusCode, 429)
        }
        XCTAssertEqual(requests(to: "/v1/chat/completions").count, 1, "a POST stream is never repeated")

        server.inject(.eventStreamError(message: "The model is overloaded"), path: "/v1/chat/completions")
        var types: [String] = []
        for try await event in client.events(for: chat) { types.append(event.event) }
        XCTAssertEqual(types.last, "error", "the error event reaches the caller")
    }
}
