import ServiceLayer
import SwiftUI

/// The first screen: the menu's categories.
struct MenuScreen: View {
    @State private var categories: [String] = []
    @State private var errorMessage: String?
    @State private var orderCount = MenuController.shared.order.menuItems.count

    var body: some View {
        NavigationView {
            List(categories, id: \.self) { category in
                NavigationLink(category.capitalized) {
                    CategoryScreen(category: category)
                }
            }
            .navigationTitle("Menu")
            .toolbar {
                Text("Order: \(orderCount)")
            }
            .onReceive(NotificationCenter.default.publisher(for: MenuController.orderUpdatedNotification)) { _ in
                orderCount = MenuController.shared.order.menuItems.count  // one notification per change
            }
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
