import ServiceLayer
import SwiftUI

/// One category's dishes, with their prices.
struct CategoryScreen: View {
    let category: String
    @State private var items: [MenuItem] = []

    var body: some View {
        List(items, id: \.id) { item in
            HStack {
                Text(item.name)
                Spacer()
                Text(item.formattedPrice)
            }
        }
        .navigationTitle(category.capitalized)
        .task {
            items = (try? await MenuController.shared.fetchMenuItems(forCategory: category)) ?? []
        }
    }
}
