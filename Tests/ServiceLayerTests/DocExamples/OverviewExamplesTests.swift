import Foundation
import XCTest

@testable import ServiceLayer

/// The core's first page (the landing page and "Your own API") runs against routes the fixture server
/// has: its `/menu` decodes as the example's `Dishes`, and its `/files/<bytes>` download ends in the file.
final class OverviewExamplesTests: FixtureServerTestCase {
    @MainActor func testTheFirstPageRunsAgainstTheFixtureServer() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("first-page-\(UUID().uuidString)")
        let own = file.appendingPathExtension("own")
        defer { for url in [file, own] { try? FileManager.default.removeItem(at: url) } }
        let client = makeClient()
        try await firstPage(client: client, saveTo: file)
        let soups = try await client.send(
            Endpoint<Dishes>("menu", query: [URLQueryItem(name: "category", value: "soups")]))
        XCTAssertFalse(soups.items.isEmpty, "the menu has soups")
        let saved = try await client.send(Endpoint<Data>("files/1000000").downloading(to: own))
        XCTAssertEqual(try Data(contentsOf: saved).count, 1_000_000)
        XCTAssertGreaterThanOrEqual(requests(to: "/menu").count, 2)
    }
}
