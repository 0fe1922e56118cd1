import Foundation

/// One reqres user, as `GET users/<id>` and `GET users?page=` return it.
///
/// ```json
/// {"id": 2, "email": "janet.weaver@reqres.in", "first_name": "Janet", "last_name": "Weaver",
///  "avatar": "https://reqres.in/img/faces/2-image.jpg"}
/// ```
public struct User: Codable, Sendable, Hashable, Identifiable {
    /// The user's numeric id.
    public var id: Int
    /// The user's email address.
    public var email: String
    /// The user's first name (`first_name` on the wire).
    public var firstName: String
    /// The user's last name (`last_name` on the wire).
    public var lastName: String
    /// The address of the user's picture.
    public var avatar: URL

    /// Creates a user.
    /// - Parameters:
    ///   - id: The numeric id.
    ///   - email: The email address.
    ///   - firstName: The first name.
    ///   - lastName: The last name.
    ///   - avatar: The address of the user's picture.
    public init(id: Int, email: String, firstName: String, lastName: String, avatar: URL) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.avatar = avatar
    }

    /// The wire names of the fields.
    enum CodingKeys: String, CodingKey {
        case id
        case email
        case firstName = "first_name"
        case lastName = "last_name"
        case avatar
    }
}
