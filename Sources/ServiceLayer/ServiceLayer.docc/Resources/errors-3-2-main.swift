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

let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)
let soups = Endpoint<DishList>("menu", query: [URLQueryItem(name: "category", value: "soups")])

do throws(APIError) {
    let list = try await client.send(soups)
    for dish in list.items { print("#\(dish.id) \(dish.name): \(dish.price)") }
} catch {
    explain(error)
}
