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

/// The body of `GET /categories`.
struct CategoryList: Codable {
    let categories: [String]
}

let client = APIClient(baseURL: URL(string: "http://localhost:8090/")!)

do throws(APIError) {
    let list = try await client.send(Endpoint<CategoryList>("categories"))
    print("Categories:", list.categories.joined(separator: ", "))
} catch {
    explain(error)
    if let status = error.statusCode { print("Status:", status) }
}
