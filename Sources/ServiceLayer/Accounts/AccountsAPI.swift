import Foundation

// MARK: - The accounts server's wire format

/// The accounts endpoints and the JSON shapes they send and answer with, in one place.
///
/// Passwords and tokens are ``Secret``s here, so printing or `dump`ing a body or a reply never shows
/// them; on the wire they are plain strings. Every endpoint redacts the bodies its errors keep; the
/// three whose body carries a secret never follow a redirect to another origin.
enum AccountsAPI {
    /// `POST accounts/signup` with `{email, password, name, emailContent}`. Never retried.
    static func signUp(email: String, password: String, name: String, emailContent: String) -> Endpoint<AuthReply> {
        let body = SignUpBody(email: email, password: Secret(password), name: name, emailContent: emailContent)
        return Endpoint(method: .post, "accounts/signup").body(body).redactingErrorBodies().carryingSecretBody()
    }

    /// `POST accounts/login` with `{email, password}`. Never retried.
    static func logIn(email: String, password: String) -> Endpoint<AuthReply> {
        Endpoint(method: .post, "accounts/login").body(LogInBody(email: email, password: Secret(password)))
            .redactingErrorBodies().carryingSecretBody()
    }

    /// `POST accounts/refresh` with `{refreshToken}`. Never retried: the refresh token is used up.
    static func refresh(refreshToken: String) -> Endpoint<AuthReply> {
        Endpoint(method: .post, "accounts/refresh").body(RefreshBody(refreshToken: Secret(refreshToken)))
            .redactingErrorBodies().carryingSecretBody()
    }

    /// `GET products` with `Authorization: Bearer <token>` (only to the accounts host; without a
    /// token the client fails with ``APIError/notAuthenticated`` and sends nothing), unwrapped to the
    /// products; a refusal in a 200 fails with ``APIError/server(message:)``.
    static let products = Endpoint<ProductsReply>("products").requiringAuthorization().redactingErrorBodies()
        .map { reply throws(APIError) in
            guard reply.success else { throw .server(message: reply.message ?? "The server refused the request") }
            return reply.products
        }

    // MARK: Bodies

    /// `{"email": ..., "password": ..., "name": ..., "emailContent": ...}`
    struct SignUpBody: Encodable, Sendable {
        let email: String
        let password: Secret
        let name: String
        let emailContent: String
    }

    /// `{"email": ..., "password": ...}`
    struct LogInBody: Encodable, Sendable {
        let email: String
        let password: Secret
    }

    /// `{"refreshToken": ...}`
    struct RefreshBody: Encodable, Sendable {
        let refreshToken: Secret
    }

    // MARK: Replies

    /// The answer to signup, login and refresh: `{"success": true, "message": ..., "token": ...,
    /// "refreshToken": ..., "expiresIn": <seconds>}`, or `{"success": false, "message": ...}` when the
    /// server refuses (in a 200).
    ///
    /// `success` may be a boolean or the string `"true"`/`"false"`. A successful answer without a token
    /// does not decode, so the call fails with ``APIError/decoding(_:)`` naming the
    /// missing `token`; `refreshToken` and `expiresIn` are optional (a server without refresh tokens
    /// omits them).
    struct AuthReply: Decodable, Sendable {
        let success: Bool
        let message: String?
        /// Present whenever ``success`` is `true`.
        let token: Secret?
        let refreshToken: Secret?
        /// Seconds the access token lives from now.
        let expiresIn: Double?

        /// The keys the decoder below reads (a hand-written decoder gets none synthesized).
        enum CodingKeys: CodingKey {
            case success, message, token, refreshToken, expiresIn
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            success = try container.decodeSuccessFlag(forKey: .success)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            token = success ? Secret(try container.decodeNonEmptyString(forKey: .token)) : nil
            let refreshToken = success ? try container.decodeIfPresent(String.self, forKey: .refreshToken) : nil
            self.refreshToken = refreshToken?.isEmpty == false ? refreshToken.map(Secret.init) : nil
            expiresIn = success ? try container.decodeIfPresent(Double.self, forKey: .expiresIn) : nil
        }

        /// The tokens this answer gives, with the expiry counted from `now`; `nil` for a refusal.
        func tokens(receivedAt now: Date) -> AuthTokens? {
            guard success, let token else { return nil }
            return AuthTokens(
                accessToken: token.value, refreshToken: refreshToken?.value,
                expiresAt: expiresIn.map { now.addingTimeInterval($0) })
        }
    }

    /// The answer to `GET products`: `{"success": true, "message": ..., "products": [...]}`.
    ///
    /// `success` may be a boolean or a string, as in ``AuthReply``; `products` is required when it is `true`.
    struct ProductsReply: Decodable, Sendable {
        let success: Bool
        let message: String?
        let products: [Product]

        /// The keys the decoder below reads.
        enum CodingKeys: CodingKey {
            case success, message, products
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            success = try container.decodeSuccessFlag(forKey: .success)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            products = success ? try container.decode([Product].self, forKey: .products) : []
        }
    }
}

extension KeyedDecodingContainer {
    /// A `success` flag sent as a boolean (`true`) or as a string (`"true"`, `"false"`, any case).
    fileprivate func decodeSuccessFlag(forKey key: Key) throws -> Bool {
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
    fileprivate func decodeNonEmptyString(forKey key: Key) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard !text.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "the value is empty")
        }
        return text
    }
}
