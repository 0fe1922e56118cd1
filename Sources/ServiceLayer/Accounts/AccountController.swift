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
/// The session tokens live in the ``tokenStore``; the access token is sent as `Authorization: Bearer
/// <token>` only to the accounts host (never to another host, and not across a redirect to one). When
/// the server rejects an expired access token, the controller renews it with the refresh token — one
/// refresh at a time, each rejected call sent again once — and logs out only when that fails (see
/// <doc:Authentication>). No token and no password ever appears in a description,
/// an error or a log line. Every callback method returns a ``RequestHandle`` and calls its completion
/// exactly once, on the main actor; each has an `async throws(APIError)` twin of the same name, for
/// code that is not on the main actor.
public final class AccountController: Sendable {
    /// The controller the app's screens use. By default, one for a local accounts server at
    /// `http://localhost:8090/api/`, keeping the token in memory, made at the first read unless a
    /// controller was set before.
    ///
    /// Set another to point every screen at another server or a stubbed session, in a test or a SwiftUI
    /// preview, without editing the library:
    ///
    /// ```swift
    /// AccountController.shared = AccountController(baseURL: URL(string: "http://127.0.0.1:8080/api/")!)
    /// ```
    ///
    /// It may be read and set from any thread or actor (a lock keeps it); a call already sent finishes on
    /// the controller it was sent with. The replaced controller keeps its tokens: log out first when the
    /// new one must not find the old login (both share a token store only when you give them one).
    public static var shared: AccountController {
        get { sharedController.value }
        set { sharedController.value = newValue }
    }

    /// The value of ``shared``: the one set last, else the default below, made at the first read.
    private static let sharedController = ReplaceableShared<AccountController> {
        AccountController(baseURL: URL(string: "http://localhost:8090/api/")!)
    }

    /// The client every call goes through: its base URL, session and policies.
    public let client: APIClient
    /// Where the session tokens are kept.
    public let tokenStore: any TokenStore
    /// Puts the token on the calls that need it and renews it when the server rejects it; every write
    /// of ``tokenStore`` goes through it.
    let authenticator: AccountsAuthenticator

    /// Creates a controller.
    /// - Parameters:
    ///   - baseURL: The API's base URL, for example `http://localhost:8090/api/`; its path is kept. Only
    ///     this origin (scheme, host, port) ever receives the token.
    ///   - session: The session for every request; ``APIClient/makeSession(configuration:)`` by default.
    ///   - options: The client's policies (timeout, retries, logging, headers, ...); the defaults of
    ///     ``APIClient/Options`` by default.
    ///   - tokenStore: Where the token is kept; a new ``InMemoryTokenStore`` (logged out when the
    ///     process ends) by default. Pass a ``FileTokenStore`` to stay logged in across launches, or on
    ///     Apple platforms a `KeychainTokenStore` (the Keychain, where an app's secrets belong).
    public init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: APIClient.Options = .init(),
        tokenStore: any TokenStore = InMemoryTokenStore()
    ) {
        self.tokenStore = tokenStore
        authenticator = AccountsAuthenticator(store: tokenStore)
        client = APIClient(baseURL: baseURL, session: session, options: options, authenticator: authenticator)
    }

    /// Whether a token is stored. It may have expired: the next call then renews it with the refresh
    /// token, and the controller logs out only when that fails.
    public var isLoggedIn: Bool {
        tokenStore.tokens != nil
    }

    /// Forgets the access token and the refresh token (a ``FileTokenStore`` deletes its file). Nothing is
    /// sent to the server; a refresh still under way stores nothing.
    public func logOut() {
        authenticator.forget()
    }
}
