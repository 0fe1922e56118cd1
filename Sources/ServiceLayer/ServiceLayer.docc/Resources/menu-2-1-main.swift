import Foundation
import ServiceLayer

// `await` at the top level makes this an async main: it runs the main queue while it waits.
do {
    let categories = try await MenuController.shared.fetchCategories()
    print("Categories:", categories.joined(separator: ", "))
} catch {
    print("Could not load the menu:", error.localizedDescription)
}
