import Foundation
import ServiceLayer

/// Prints the three parts of every APIError on a line each: what happened, why, and the fix.
/// (`localizedDescription` is all three as one paragraph.)
func explain(_ error: APIError) {
    let message = error.explanation()
    print("What happened:", message.what)
    print("Why:", message.why)
    print("Fix:", message.fix)
}

do throws(APIError) {
    let categories = try await MenuController.shared.fetchCategories()
    print("Categories:", categories.joined(separator: ", "))
} catch {
    explain(error)
}
