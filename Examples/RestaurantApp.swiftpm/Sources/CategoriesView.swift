import ServiceLayer
import SwiftUI

/// The first screen: the menu's categories. Pull down to load them again.
@MainActor
struct CategoriesView: View {
    @EnvironmentObject private var restaurant: Restaurant
    @State private var categories: [String] = []
    /// Why the categories could not be loaded (`APIError`'s own message), until the next load.
    @State private var errorMessage: String?

    var body: some View {
        List {
            if let errorMessage {
                ErrorMessage(errorMessage)
            }
            ForEach(categories, id: \.self) { category in
                NavigationLink(destination: MenuView(category: category)) {
                    Text(category.capitalized)
                }
            }
        }
        .navigationTitle("Restaurant")
        .refreshable { await load() }
        // Loads when the screen appears, and again when the Server tab picks another server.
        .task(id: restaurant.generation) { await load() }
    }

    /// `GET /categories`, with the `async` twin of `fetchCategories(completion:)`.
    private func load() async {
        do {
            categories = try await MenuController.shared.fetchCategories()
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
