import Foundation

/// One product of `GET products`.
///
/// ```json
/// {"_id": "64b7f2a1c3d4e5f6a7b8c901", "created": "2023-07-19T14:02:11.000Z", "name": "Wireless Headphones",
///  "owner": "64b7f1c2a9e4d3b2c1a0f901", "description": "Over-ear ...", "image": "https://...",
///  "category": "electronics", "__v": 0}
/// ```
public struct Product: Codable, Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The product's id (`_id` on the wire).
    public var id: String
    /// The product's name.
    public var name: String
    /// The id of the account that owns the product.
    public var owner: String
    /// What the product is (`description` on the wire; renamed so it does not clash with
    /// ``description``).
    public var detailText: String
    /// The address of the product's picture, as the server sent it. See ``imageURL``.
    public var image: String
    /// The product's category.
    public var category: String
    /// When the product was created, as the server sent it (ISO 8601). See ``createdDate``.
    public var created: String
    /// The database's document version (`__v` on the wire); `nil` when the server sends none.
    public var version: Int?

    /// Creates a product.
    /// - Parameters:
    ///   - id: The id.
    ///   - name: The name.
    ///   - owner: The owning account's id.
    ///   - detailText: What the product is.
    ///   - image: The picture's address.
    ///   - category: The category.
    ///   - created: The ISO 8601 creation time.
    ///   - version: The document version; `nil` by default.
    public init(
        id: String, name: String, owner: String, detailText: String, image: String, category: String,
        created: String, version: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.owner = owner
        self.detailText = detailText
        self.image = image
        self.category = category
        self.created = created
        self.version = version
    }

    /// ``image`` as a URL, or `nil` when it is not one.
    public var imageURL: URL? {
        URL(string: image)
    }

    /// ``created`` as a `Date`, or `nil` when it is not ISO 8601: with fractional seconds
    /// (`2023-07-19T14:02:11.000Z`, as the server writes it) or without (`2023-07-19T14:02:11Z`), read
    /// the same tolerant way as ``CreatedUser/createdDate``.
    public var createdDate: Date? {
        Timestamp.date(from: created)
    }

    /// The id and name, for logs (a product carries no secret, and this never will).
    public var description: String {
        "Product(id: \(id), name: \(name))"
    }

    /// The wire names of the fields.
    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case name
        case owner
        case detailText = "description"
        case image
        case category
        case created
        case version = "__v"
    }
}
