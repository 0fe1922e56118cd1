import Foundation
import ServiceLayer

do {
    let categories = try await MenuController.shared.fetchCategories()
    print("Categories:", categories.joined(separator: ", "))
} catch {
    print("Could not load the menu:", error.localizedDescription)
}
