import Foundation
import ServiceLayer

/// Prints the three parts of every APIError: what happened, why, and the fix.
func explain(_ error: APIError) {
    print("What happened:", error.localizedDescription)
    print("Why:", error.failureReason ?? "-")
    print("Fix:", error.recoverySuggestion ?? "-")
}

let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)
let soups = Endpoint<DishList>("menu", query: [URLQueryItem(name: "category", value: "soups")])

do throws(APIError) {
    let list = try await client.send(soups)
    for dish in list.items { print("#\(dish.id) \(dish.name): \(dish.price)") }
} catch {
    explain(error)
}
