import Foundation

/// One dish on the menu, as the Restaurant server describes it.
///
/// The JSON keys are the server's: `description` is read into ``detailText`` and `image_url` into
/// ``imageURL``; encoding writes the same keys, so a saved order reads back unchanged.
///
/// ```json
/// {"id": 3, "name": "Grilled Steelhead Trout", "description": "...", "price": 12.75,
///  "category": "entrees", "image_url": "http://localhost:8090/images/3.png"}
/// ```
public struct MenuItem: Codable, Sendable, Hashable, Identifiable {
    /// The server's identifier of the dish, sent back in ``MenuController/submitOrder(forMenuIDs:completion:)``.
    public var id: Int
    /// The dish's name.
    public var name: String
    /// A sentence describing the dish (the JSON field `description`).
    public var detailText: String
    /// The price in dollars. The server sends whole numbers (`9`) as well as decimals (`12.75`).
    public var price: Double
    /// The category the dish belongs to, one of ``MenuController/fetchCategories(completion:)``'s names.
    public var category: String
    /// Where the dish's picture is (the JSON field `image_url`); load it with
    /// ``MenuController/fetchImage(url:completion:)``.
    public var imageURL: URL

    /// Creates a menu item.
    /// - Parameters:
    ///   - id: The server's identifier.
    ///   - name: The dish's name.
    ///   - detailText: The description.
    ///   - price: The price in dollars.
    ///   - category: The category's name.
    ///   - imageURL: The picture's URL.
    public init(id: Int, name: String, detailText: String, price: Double, category: String, imageURL: URL) {
        self.id = id
        self.name = name
        self.detailText = detailText
        self.price = price
        self.category = category
        self.imageURL = imageURL
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case detailText = "description"
        case price
        case category
        case imageURL = "image_url"
    }

    /// The price as text for a label, in dollars with two decimals: `$12.75`, `$9.00`.
    public var formattedPrice: String {
        Self.format(price: price)
    }

    /// Formats an amount as Apple's sample did: `$` and two decimals, whatever the locale.
    /// - Parameter price: The amount in dollars.
    static func format(price: Double) -> String {
        String(format: "$%.2f", price)
    }
}
