import Foundation

// MARK: - Products

extension AccountController {
    /// Fetches the products: `GET products` with `Authorization: Bearer <token>`.
    ///
    /// Without a stored token it fails at once with ``APIError/notAuthenticated`` and sends nothing.
    /// When the server rejects the token (401), the controller logs out and the call fails with
    /// `.httpStatus(code: 401, body:)`; the server's text stays readable as ``APIError/serverMessage``.
    /// - Parameter completion: Called once, on the main actor, with the products or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func fetchProducts(completion: @escaping @MainActor (Result<[Product], APIError>) -> Void) -> RequestHandle {
        let sentToken = tokenStore.token
        return client.send(AccountEndpoints.products, callbackQueue: .main) { result in
            let products = self.products(from: result, sentToken: sentToken)
            MainActor.assumeIsolated { completion(products) }
        }
    }

    /// Fetches the products: the `async` twin of ``fetchProducts(completion:)``.
    /// - Returns: The products.
    public func fetchProducts() async throws(APIError) -> [Product] {
        let sentToken = tokenStore.token
        let result = await client.result(of: AccountEndpoints.products)
        return try products(from: result, sentToken: sentToken).get()
    }

    /// Turns a products answer into the products, logging out on a 401 for the token that was sent
    /// (a newer login in the meantime is kept).
    private func products(
        from result: Result<ProductsReply, APIError>,
        sentToken: String?
    ) -> Result<[Product], APIError> {
        switch result {
        case .failure(let error):
            if error.statusCode == 401, let sentToken, tokenStore.token == sentToken { logOut() }
            return .failure(SecretScrubbing.scrub(error))
        case .success(let reply):
            guard reply.success else {
                return .failure(.server(message: reply.message ?? "The server refused the request"))
            }
            return .success(reply.products)
        }
    }
}
