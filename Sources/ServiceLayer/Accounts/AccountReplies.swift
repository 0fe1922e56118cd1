import Foundation

/// The answer to signup, login and refresh: `{"success": true, "message": ..., "token": ...,
/// "refreshToken": ..., "expiresIn": <seconds>}`, or `{"success": false, "message": ...}` when the server
/// refuses (in a 200).
///
/// `success` may be a boolean or the string `"true"`/`"false"`. A successful answer without a token
/// does not decode, so the call fails with ``APIError/decoding(description:body:)`` naming the
/// missing `token`; `refreshToken` and `expiresIn` are optional (a server without refresh tokens omits
/// them). The description and mirror (`dump`) never show a token.
struct AuthReply: Decodable, Sendable, CustomStringConvertible, CustomReflectable {
    let success: Bool
    let message: String?
    /// Present whenever ``success`` is `true`.
    let token: String?
    let refreshToken: String?
    /// Seconds the access token lives from now.
    let expiresIn: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeSuccessFlag(forKey: .success)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        token = success ? try container.decodeNonEmptyString(forKey: .token) : nil
        let refreshToken = success ? try container.decodeIfPresent(String.self, forKey: .refreshToken) : nil
        self.refreshToken = refreshToken?.isEmpty == false ? refreshToken : nil
        expiresIn = success ? try container.decodeIfPresent(Double.self, forKey: .expiresIn) : nil
    }

    /// The tokens this answer gives, with the expiry counted from `now`; `nil` for a refusal.
    func tokens(receivedAt now: Date) -> AuthTokens? {
        guard success, let token else { return nil }
        return AuthTokens(
            accessToken: token, refreshToken: refreshToken, expiresAt: expiresIn.map { now.addingTimeInterval($0) })
    }

    var description: String {
        "AuthReply(success: \(success), message: \(message ?? "none"), token: \(TokenText.describe(token)), "
            + "refreshToken: \(TokenText.describe(refreshToken)), expiresIn: \(expiresIn.map { "\($0)" } ?? "none"))"
    }

    var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "success": success, "message": message as Any, "token": TokenText.describe(token),
                "refreshToken": TokenText.describe(refreshToken), "expiresIn": expiresIn as Any,
            ])
    }

    enum CodingKeys: String, CodingKey {
        case success
        case message
        case token
        case refreshToken
        case expiresIn
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
