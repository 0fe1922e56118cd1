/// A dish as this program reads it from `GET /menu`: on purpose, `price` is a `String` here.
struct Dish: Codable {
    let id: Int
    let name: String
    let price: String
}

/// The body of `GET /menu`: the dishes are in `items`.
struct DishList: Codable {
    let items: [Dish]
}
