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
