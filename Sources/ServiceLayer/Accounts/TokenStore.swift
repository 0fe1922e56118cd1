import Foundation

/// Where an ``AccountController`` keeps the session tokens between calls: the access token, the
/// refresh token and the access token's expiry (``AuthTokens``).
///
/// Implementations must be safe to use from any thread, and must never show a token in a
/// `description`, `debugDescription` or log line.
///
/// A store written before refresh tokens existed implements only ``token``, ``setToken(_:)`` and
/// ``clearToken()``: the default ``tokens`` and ``setTokens(_:)`` then keep the access token alone, so a
/// rejected token logs the user out instead of being refreshed.
public protocol TokenStore: Sendable {
    /// The stored access token, or `nil` when logged out.
    var token: String? { get }
    /// Stores an access token alone, replacing any previous tokens (and forgetting the refresh token).
    /// - Parameter token: The session token the server returned.
    func setToken(_ token: String)
    /// Forgets every token, the refresh token included.
    func clearToken()
    /// The stored tokens, or `nil` when logged out. By default, ``token`` alone.
    var tokens: AuthTokens? { get }
    /// Stores `tokens`, replacing any previous ones. By default, ``setToken(_:)`` with the access token.
    /// - Parameter tokens: The tokens of a login or a refresh.
    /// - Throws: When they cannot be kept (a ``FileTokenStore`` whose file cannot be written); the store
    ///   then still holds what it held before.
    func setTokens(_ tokens: AuthTokens) throws
}

extension TokenStore {
    /// The access token alone, as ``AuthTokens`` without refresh token or expiry.
    public var tokens: AuthTokens? {
        token.map { AuthTokens(accessToken: $0) }
    }

    /// Stores the access token alone with ``setToken(_:)``: the refresh token and expiry are dropped.
    /// - Parameter tokens: The tokens of a login or a refresh.
    public func setTokens(_ tokens: AuthTokens) throws {
        setToken(tokens.accessToken)
    }
}

/// A token store that keeps the token in memory only: the user is logged out when the process ends.
/// The default store of ``AccountController``.
///
/// Printing or `dump`ing it shows no token: the tokens live behind the store's lock.
public final class InMemoryTokenStore: TokenStore {
    private let stored: Locked<AuthTokens?>

    /// Creates a store.
    /// - Parameter token: The access token to start with, without refresh token or expiry; `nil` (logged
    ///   out) by default.
    public init(token: String? = nil) {
        stored = Locked(token.map { AuthTokens(accessToken: $0) })
    }

    /// Creates a store holding `tokens`.
    /// - Parameter tokens: The tokens to start with.
    public init(tokens: AuthTokens) {
        stored = Locked(tokens)
    }

    /// The stored access token, or `nil`.
    public var token: String? {
        stored.withLock { $0?.accessToken }
    }

    /// The stored tokens, or `nil`.
    public var tokens: AuthTokens? {
        stored.withLock { $0 }
    }

    /// Stores an access token alone, replacing any previous tokens.
    /// - Parameter token: The session token.
    public func setToken(_ token: String) {
        stored.withLock { $0 = AuthTokens(accessToken: token) }
    }

    /// Stores `tokens`, replacing any previous ones. Never throws.
    /// - Parameter tokens: The tokens of a login or a refresh.
    public func setTokens(_ tokens: AuthTokens) {
        stored.withLock { $0 = tokens }
    }

    /// Forgets every token.
    public func clearToken() {
        stored.withLock { $0 = nil }
    }
}
