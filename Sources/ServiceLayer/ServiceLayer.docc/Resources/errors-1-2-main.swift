import Foundation
import ServiceLayer

/// Prints the three parts of every APIError: what happened, why, and the fix.
func explain(_ error: APIError) {
    print("What happened:", error.localizedDescription)
    print("Why:", error.failureReason ?? "-")
    print("Fix:", error.recoverySuggestion ?? "-")
}

do throws(APIError) {
    let categories = try await MenuController.shared.fetchCategories()
    print("Categories:", categories.joined(separator: ", "))
} catch {
    explain(error)
}
