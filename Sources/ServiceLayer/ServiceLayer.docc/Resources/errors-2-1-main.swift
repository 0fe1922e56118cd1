import Foundation
import ServiceLayer

/// Prints the three parts of every APIError: what happened, why, and the fix.
func explain(_ error: APIError) {
    print("What happened:", error.localizedDescription)
    print("Why:", error.failureReason ?? "-")
    print("Fix:", error.recoverySuggestion ?? "-")
}

/// The body of `GET /categories`.
struct CategoryList: Codable {
    let categories: [String]
}

let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)

do throws(APIError) {
    let list = try await client.send(Endpoint<CategoryList>("categoris"))
    print("Categories:", list.categories.joined(separator: ", "))
} catch {
    explain(error)
    if let status = error.statusCode { print("Status:", status) }
}
