import Foundation

// MARK: - Products

extension AccountController {
    /// Fetches the products: `GET products` with `Authorization: Bearer <token>`.
    ///
    /// Without a stored token it fails at once with ``APIError/notAuthenticated`` and sends nothing.
    /// An access token known to be expired is renewed first. When the server rejects the token (401),
    /// the call waits for one refresh (shared with every other call rejected meanwhile) and is sent
    /// again once; when the refresh fails, the controller logs out and the call fails with
    /// `.httpStatus(code: 401, body:)`, whose text stays readable as ``APIError/serverMessage``. More
    /// than 3 refreshes in 30 seconds fail with ``APIError/tooManyTokenRefreshes``.
    /// - Parameter completion: Called once, on the main actor, with the products or an ``APIError``.
    /// - Returns: A handle to cancel the call (only this call, never a refresh other calls wait for).
    @discardableResult
    public func fetchProducts(completion: @escaping @MainActor (Result<[Product], APIError>) -> Void) -> RequestHandle {
        client.send(AccountsAPI.products, completion: completion)
    }

    /// Fetches the products: the `async` twin of ``fetchProducts(completion:)``, refreshing the token the
    /// same way. Cancelling the task cancels only this call.
    /// - Returns: The products.
    public func fetchProducts() async throws(APIError) -> [Product] {
        try await client.send(AccountsAPI.products)
    }
}
