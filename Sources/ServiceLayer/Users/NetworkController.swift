import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reqres users API (`https://reqres.in/api/`): list, read, create, update and delete users.
///
/// ```swift
/// NetworkController.shared.fetchUser(id: 2) { result in
///     switch result {
///     case .success(let user): self.name = user.firstName  // on the main actor
///     case .failure(let error): print(error.localizedDescription)
///     }
/// }
/// let page = try await NetworkController.shared.fetchUsers(page: 1)
/// ```
///
/// Every callback method returns a ``RequestHandle`` to cancel it and calls its completion exactly
/// once, on the main actor (so it may update views and screen state directly); each has an
/// `async throws(APIError)` twin of the same name, for code that is not on the main actor.
public final class NetworkController: Sendable {
    /// The controller the app's screens use. By default, one for the public reqres service at
    /// `https://reqres.in/api/`, without an API key, made at the first read unless a controller was set
    /// before.
    ///
    /// Set another to point every screen at another server (the fixture server's `/api/`, a staging
    /// server) or a stubbed session, in a test or a SwiftUI preview, without editing the library:
    ///
    /// ```swift
    /// NetworkController.shared = NetworkController(baseURL: URL(string: "http://127.0.0.1:8090/api/")!)
    /// ```
    ///
    /// It may be read and set from any thread or actor (a lock keeps it); a call already sent finishes on
    /// the controller it was sent with.
    public static var shared: NetworkController {
        get { sharedController.value }
        set { sharedController.value = newValue }
    }

    /// The value of ``shared``: the one set last, else the default below, made at the first read.
    private static let sharedController = ReplaceableShared<NetworkController> {
        NetworkController(baseURL: URL(string: "https://reqres.in/api/")!)
    }

    /// The name of the header that carries the API key, when one is given.
    public static let apiKeyHeader = "x-api-key"

    /// The client every call goes through: its base URL, session and policies.
    public let client: APIClient

    /// Creates a controller.
    /// - Parameters:
    ///   - baseURL: The API's base URL, for example `https://reqres.in/api/`; its path is kept.
    ///   - session: The session for every request; ``APIClient/makeSession(configuration:)`` by default.
    ///   - options: The client's policies (timeout, retries, logging, headers, ...); the defaults of
    ///     ``APIClient/Options`` by default.
    ///   - apiKey: Sent as the `x-api-key` header with every request when given (reqres has asked for
    ///     one at times); `nil` (no header) by default.
    public init(
        baseURL: URL,
        session: URLSession = APIClient.makeSession(),
        options: APIClient.Options = .init(),
        apiKey: String? = nil
    ) {
        var options = options
        if let apiKey { options.headers[Self.apiKeyHeader] = apiKey }
        client = APIClient(baseURL: baseURL, session: session, options: options)
    }
}
