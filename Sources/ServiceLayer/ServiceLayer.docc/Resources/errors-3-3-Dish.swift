/// A dish as this program reads it from `GET /menu`: the server sends `price` as a number.
struct Dish: Codable {
    let id: Int
    let name: String
    let price: Double
}

/// The body of `GET /menu`: the dishes are in `items`.
struct DishList: Codable {
    let items: [Dish]
}
