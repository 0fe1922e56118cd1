import Foundation
import ServiceLayer

// The README's example for the current curriculum edition (OrderApp, port 8080).
extension MenuController {
    /// The current edition's server.
    static let orderApp = MenuController(baseURL: URL(string: "http://localhost:8080/")!)
}

let categories = try await MenuController.orderApp.fetchCategories()
