import Foundation
import ServiceLayer

// The examples of the catalog's landing page and of the articles "From Apple's MenuController to a
// service layer" and "Error handling", in the main-actor screens a learner writes them in. They talk to
// `MenuController.shared` (localhost:8090), so they are compiled here, not run; the tests next to them
// run the same calls against a fixture server.

/// The landing page's first example.
@MainActor func printTheCategories() {
    MenuController.shared.fetchCategories { result in
        switch result {
        case .success(let categories): print(categories)
        case .failure(let error): print(error.localizedDescription)
        }
    }
}

/// A view controller written the sample's way ("From Apple's MenuController to a service layer").
@MainActor final class CategoriesViewController {
    private(set) var categories: [String] = []
    private(set) var alertTitle: String?

    func viewDidLoad() {
        MenuController.shared.fetchCategories { result in
            switch result {
            case .success(let categories): self.updateUI(with: categories)
            case .failure(let error): self.displayError(error, title: "Failed to Fetch Categories")
            }
        }
    }

    func updateUI(with categories: [String]) { self.categories = categories }

    func displayError(_ error: APIError, title: String) { alertTitle = title }
}

/// A screen that catches `APIError` from an `async` twin ("Error handling").
@MainActor final class SoupsScreen {
    private(set) var items: [MenuItem] = []
    private(set) var alert: String?

    func load() async {
        do {
            let items = try await MenuController.shared.fetchMenuItems(forCategory: "soups")
            show(items)
        } catch .cancelled {
            // the view went away; say nothing
        } catch {
            showAlert(error.localizedDescription)  // error is an APIError
        }
    }

    func show(_ items: [MenuItem]) { self.items = items }

    func showAlert(_ message: String) { alert = message }
}

// The core's first page: the landing page and the top of "Your own API" show it.

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
