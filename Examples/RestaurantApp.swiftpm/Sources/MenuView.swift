import ServiceLayer
import SwiftUI

/// A category's dishes, with their pictures and prices. Pull down to load them again.
@MainActor
struct MenuView: View {
    let category: String
    @State private var menuItems: [MenuItem] = []
    /// Why the dishes could not be loaded, until the next load.
    @State private var errorMessage: String?

    var body: some View {
        List {
            if let errorMessage {
                ErrorMessage(errorMessage)
            }
            ForEach(menuItems) { item in
                NavigationLink(destination: DishDetailView(item: item)) {
                    DishRow(item: item)
                }
            }
        }
        .navigationTitle(category.capitalized)
        .refreshable { await load() }
        .task { await load() }
    }

    /// `GET /menu?category=…`.
    private func load() async {
        do {
            menuItems = try await MenuController.shared.fetchMenuItems(forCategory: category)
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
