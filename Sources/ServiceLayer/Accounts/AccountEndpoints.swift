import Foundation

/// The accounts calls as endpoints, shared by each callback method and its `async` twin.
enum AccountEndpoints {
    /// `POST accounts/signup` with `{email, password, name, emailContent}`. Never retried.
    static func signUp(_ body: SignUpBody) -> Endpoint<AuthReply> {
        Endpoint(method: .post, path: "accounts/signup", body: body)
    }

    /// `POST accounts/login` with `{email, password}`. Never retried.
    static func logIn(_ body: LogInBody) -> Endpoint<AuthReply> {
        Endpoint(method: .post, path: "accounts/login", body: body)
    }

    /// `POST accounts/refresh` with `{refreshToken}`. Never retried: the refresh token is used up.
    static func refresh(_ body: RefreshBody) -> Endpoint<AuthReply> {
        Endpoint(method: .post, path: "accounts/refresh", body: body)
    }

    /// `GET products` with `Authorization: Bearer <token>` (only to the accounts host; without a
    /// token the client fails with ``APIError/notAuthenticated`` and sends nothing).
    static let products = Endpoint<ProductsReply>(path: "products", requiresAuthorization: true)
}
