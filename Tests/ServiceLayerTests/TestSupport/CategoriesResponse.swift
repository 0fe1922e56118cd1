/// The categories answer of the Restaurant API, decoded by tests that use the generic client.
struct CategoriesResponse: Decodable, Sendable, Equatable {
    let categories: [String]
}
