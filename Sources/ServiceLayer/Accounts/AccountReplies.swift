import Foundation

/// The answer to signup and login: `{"success": true, "message": ..., "token": ...}`, or
/// `{"success": false, "message": ...}` when the server refuses (in a 200).
///
/// `success` may be a boolean or the string `"true"`/`"false"`. A successful answer without a token
/// does not decode, so the call fails with ``APIError/decoding(description:body:)`` naming the
/// missing `token`. The description and mirror (`dump`) never show the token.
struct AuthReply: Decodable, Sendable, CustomStringConvertible, CustomReflectable {
    let success: Bool
    let message: String?
    /// Present whenever ``success`` is `true`.
    let token: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeSuccessFlag(forKey: .success)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        token = success ? try container.decodeNonEmptyString(forKey: .token) : nil
    }

    var description: String {
        "AuthReply(success: \(success), message: \(message ?? "none"), token: \(TokenText.describe(token)))"
    }

    var customMirror: Mirror {
        Mirror(self, children: ["success": success, "message": message as Any, "token": TokenText.describe(token)])
    }

    enum CodingKeys: String, CodingKey {
        case success
        case message
        case token
    }
}

/// The answer to `GET products`: `{"success": true, "message": ..., "products": [...]}`.
///
/// `success` may be a boolean or a string, as in ``AuthReply``; `products` is required when it is `true`.
struct ProductsReply: Decodable, Sendable {
    let success: Bool
    let message: String?
    let products: [Product]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeSuccessFlag(forKey: .success)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        products = success ? try container.decode([Product].self, forKey: .products) : []
    }

    enum CodingKeys: String, CodingKey {
        case success
        case message
        case products
    }
}

extension KeyedDecodingContainer {
    /// A `success` flag sent as a boolean (`true`) or as a string (`"true"`, `"false"`, any case).
    func decodeSuccessFlag(forKey key: Key) throws -> Bool {
        if let flag = try? decode(Bool.self, forKey: key) { return flag }
        switch try decode(String.self, forKey: key).lowercased() {
        case "true": return true
        case "false": return false
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected true or false, as a boolean or a string")
        }
    }

    /// A string that must be present and not empty.
    func decodeNonEmptyString(forKey key: Key) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard !text.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "the value is empty")
        }
        return text
    }
}
