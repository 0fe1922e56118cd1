import Foundation
import ServiceLayer

// `await` at the top level makes this an async main: it runs the main queue while it waits.
do {
    let categories = try await MenuController.shared.fetchCategories()
    print("Categories:", categories.joined(separator: ", "))

    for category in categories {
        let items = try await MenuController.shared.fetchMenuItems(forCategory: category)
        print("\(category):")
        if items.isEmpty { print("  (no dishes in this category yet)") }
        for item in items {
            print("  #\(item.id) \(item.name), \(item.formattedPrice)")
        }
    }
} catch {
    print("Could not load the menu:", error.localizedDescription)
}
