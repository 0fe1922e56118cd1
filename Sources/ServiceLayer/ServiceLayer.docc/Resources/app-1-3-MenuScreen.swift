import ServiceLayer
import SwiftUI

/// The first screen: the menu's categories.
struct MenuScreen: View {
    @State private var categories: [String] = []
    @State private var errorMessage: String?

    var body: some View {
        NavigationView {
            List(categories, id: \.self) { category in
                Text(category.capitalized)
            }
            .navigationTitle("Menu")
            .overlay {
                if let errorMessage {
                    Text(errorMessage).padding()
                }
            }
            .task { await load() }  // runs when the screen appears, cancelled when it goes
        }
    }

    /// Loads the categories with the async twin; the screen is on the main actor, and so is this.
    func load() async {
        do throws(APIError) {
            categories = try await MenuController.shared.fetchCategories()
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
