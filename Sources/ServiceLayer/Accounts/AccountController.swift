import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The accounts API of the structured-modules tutorial (`http://localhost:8090/api/`): sign up, log
/// in, log out, and fetch the products a logged-in user may see.
///
/// ```swift
/// let accounts = AccountController.shared
/// accounts.logIn(email: "ada@example.com", password: secret) { result in
///     guard case .success = result else { return }
///     accounts.fetchProducts { products in self.products = (try? products.get()) ?? [] }  // on the main actor
/// }
/// ```
///
/// The session token lives in the ``tokenStore`` and is sent as `Authorization: Bearer <token>` only
/// to the accounts host (never to another host, and not across a redirect to one). The token and the
/// password never appear in a description, an error or a log line. Every callback method returns a
/// ``RequestHandle`` and calls its completion exactly once, on the main actor; each has an
/// `async throws(APIError)` twin of the same name, for code that is not on the main actor.
public final class AccountController: Sendable {
    /// A controller for a local accounts server at `http://localhost:8090/api/`, keeping the token in
    /// memory.
    public static let shared = AccountController(baseURL: URL(string: "http://localhost:8090/api/")!)

    /// The client every call goes through: its base URL, session and policies.
    public let client: APIClient
    /// Where the session token is kept.
    public let tokenStore: any TokenStore

    /// Creates a controller.
    /// - Parameters:
    ///   - baseURL: The API's base URL, for example `http://localhost:8090/api/`; its path is kept. Only
    ///     this origin (scheme, host, port) ever receives the token.
    ///   - session: The session for every request; ``APIClient/makeSession(configuration:)`` by default.
    ///   - options: The client's policies (timeout, retries, logging, headers, ...); the defaults of
    ///     ``APIClient/Options`` by default.
    ///   - tokenStore: Where the token is kept; a new ``InMemoryTokenStore`` (logged out when the
    ///     process ends) by default. Pass a ``FileTokenStore`` to stay logged in across launches.
    public init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: APIClient.Options = .init(),
        tokenStore: any TokenStore = InMemoryTokenStore()
    ) {
        self.tokenStore = tokenStore
        client = APIClient(
            baseURL: baseURL, session: session, options: options,
            tokenProvider: { tokenStore.token })
    }

    /// Whether a token is stored. It may still have expired; ``fetchProducts(completion:)`` logs out
    /// when the server says so.
    public var isLoggedIn: Bool {
        tokenStore.token != nil
    }

    /// Forgets the token (a ``FileTokenStore`` deletes its file). Nothing is sent to the server.
    public func logOut() {
        tokenStore.clearToken()
    }
}
