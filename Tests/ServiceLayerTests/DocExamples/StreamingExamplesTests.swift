import Foundation
import XCTest

@testable import ServiceLayer

/// The article "Streaming answers" runs against the fixture server: its chat reads the answer up to
/// `[DONE]`, its first status leaves the loop, and its screen follows a countdown until it goes away.
final class StreamingExamplesTests: FixtureServerTestCase {
    private struct Placed: Decodable, Sendable {
        let id: Int
    }

    @MainActor private func placeOrder(_ client: APIClient) async throws -> Int {
        try await client.send(Endpoint<Placed>(method: .post, "order").body(["menuIds": [4]])).id
    }

    @MainActor func testTheChatIsReadUpToDone() async throws {
        let screen = StreamingScreen(client: makeClient())
        let answer = try await screen.askAndWait("What is on the menu?")
        XCTAssertTrue(answer.hasPrefix(#"You asked: "What is on the menu?"."#), answer)
        XCTAssertTrue(answer.hasSuffix("ends with [DONE]."), answer)
    }

    @MainActor func testTheFirstStatusLeavesTheLoop() async throws {
        let client = makeClient()
        let screen = StreamingScreen(client: client)
        let event = try await screen.firstStatus(orderID: try await placeOrder(client))
        XCTAssertTrue(event?.data.contains(#""state":"preparing""#) ?? false, "\(String(describing: event))")
    }

    @MainActor func testTheScreenFollowsUntilItGoesAway() async throws {
        let client = makeClient()
        let screen = StreamingScreen(client: client)
        screen.follow(orderID: try await placeOrder(client))
        for _ in 0..<500 where screen.statusText.isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertTrue(screen.statusText.contains(#""minutes_left":12"#), screen.statusText)
        screen.screenWillDisappear()
        try await Task.sleep(nanoseconds: 100_000_000)  // the cancelled completion runs on the main queue
        XCTAssertNil(screen.errorText, "a cancel is no error to show")
    }
}
