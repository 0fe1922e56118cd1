import ServiceLayer
import SwiftUI

/// The first screen: the menu's categories.
struct MenuScreen: View {
    @State private var categories: [String] = []

    var body: some View {
        NavigationView {
            List(categories, id: \.self) { category in
                Text(category.capitalized)
            }
            .navigationTitle("Menu")
        }
    }
}
