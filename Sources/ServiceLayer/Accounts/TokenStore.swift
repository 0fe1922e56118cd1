import Foundation

/// Where an ``AccountController`` keeps the session tokens between calls: the access token, the
/// refresh token and the access token's expiry (``AuthTokens``).
///
/// Implementations must be safe to use from any thread, and must never show a token in a
/// `description`, `debugDescription` or log line.
public protocol TokenStore: Sendable {
    /// The stored tokens, or `nil` when logged out.
    var tokens: AuthTokens? { get }
    /// Stores `tokens`, replacing any previous ones.
    /// - Parameter tokens: The tokens of a login or a refresh.
    /// - Throws: When they cannot be kept (a ``FileTokenStore`` whose file cannot be written); the store
    ///   then still holds what it held before.
    func setTokens(_ tokens: AuthTokens) throws
    /// Forgets every token, the refresh token included.
    func clearTokens()
}

/// A token store that keeps the tokens in memory only: the user is logged out when the process ends.
/// The default store of ``AccountController``.
///
/// Printing or `dump`ing it shows no token: the tokens live behind the store's lock.
public final class InMemoryTokenStore: TokenStore {
    private let stored: Locked<AuthTokens?>

    /// Creates a store.
    /// - Parameter tokens: The tokens to start with; `nil` (logged out) by default.
    public init(tokens: AuthTokens? = nil) {
        stored = Locked(tokens)
    }

    /// The stored tokens, or `nil`.
    public var tokens: AuthTokens? {
        stored.withLock { $0 }
    }

    /// Stores `tokens`, replacing any previous ones. Never throws.
    /// - Parameter tokens: The tokens of a login or a refresh.
    public func setTokens(_ tokens: AuthTokens) {
        stored.withLock { $0 = tokens }
    }

    /// Forgets every token.
    public func clearTokens() {
        stored.withLock { $0 = nil }
    }
}
