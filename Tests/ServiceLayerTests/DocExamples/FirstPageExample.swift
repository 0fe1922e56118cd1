// The core's first page, as the landing page and the top of "Your own API" show it: a whole file, imports
// included, so that it compiles when pasted as one.

import Foundation
import ServiceLayer

/// Your model, as you write it: one dish of the fixture server's `GET /menu`.
struct Dish: Codable {
    let name: String
    let price: Double
}

/// The answer's envelope: `{"items": [...]}`.
struct Dishes: Codable {
    let items: [Dish]
}

/// One way to write an endpoint, to send it, and to watch a transfer's progress.
@MainActor func firstPage(client: APIClient, saveTo file: URL) async throws {
    // 1. An endpoint: where the request goes, and what its answer decodes as.
    let soups = Endpoint<Dishes>("menu", query: [URLQueryItem(name: "category", value: "soups")])

    // 2. Send it: the completion runs once, on the main actor. Or await the async version.
    client.send(soups) { result in print(result) }
    let dishes = try await client.send(soups)
    print(dishes.items.count)

    // 3. Progress, when an answer is big: the same send, with a progress closure.
    let download = Endpoint<Data>("files/1000000").downloading(to: file)
    client.send(download, progress: { print($0.fractionReceived ?? 0) }) { result in print(result) }
}
