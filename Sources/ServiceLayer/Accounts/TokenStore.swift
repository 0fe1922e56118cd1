import Foundation

/// Where an ``AccountController`` keeps the session token between calls.
///
/// Implementations must be safe to use from any thread, and must never show the token in a
/// `description`, `debugDescription` or log line.
public protocol TokenStore: Sendable {
    /// The stored token, or `nil` when logged out.
    var token: String? { get }
    /// Stores `token`, replacing any previous one.
    /// - Parameter token: The session token the server returned.
    func setToken(_ token: String)
    /// Forgets the token.
    func clearToken()
}

/// A token store that keeps the token in memory only: the user is logged out when the process ends.
/// The default store of ``AccountController``.
public final class InMemoryTokenStore: TokenStore, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let stored: Locked<String?>

    /// Creates a store.
    /// - Parameter token: The token to start with; `nil` (logged out) by default.
    public init(token: String? = nil) {
        stored = Locked(token)
    }

    /// The stored token, or `nil`.
    public var token: String? {
        stored.withLock { $0 }
    }

    /// Stores `token`, replacing any previous one.
    /// - Parameter token: The session token.
    public func setToken(_ token: String) {
        stored.withLock { $0 = token }
    }

    /// Forgets the token.
    public func clearToken() {
        stored.withLock { $0 = nil }
    }

    /// Says whether a token is stored, never the token itself.
    public var description: String {
        "InMemoryTokenStore(token: \(TokenText.describe(token)))"
    }

    /// The same as ``description``: the token is never shown.
    public var debugDescription: String {
        description
    }

    /// Shows only whether a token is stored, so `dump(_:)` cannot print it either.
    public var customMirror: Mirror {
        Mirror(self, children: ["hasToken": token != nil], displayStyle: .class)
    }
}

/// How token stores and credential types show a secret in descriptions.
enum TokenText {
    /// `<redacted>` when there is a secret, `none` when there is not.
    static func describe(_ secret: String?) -> String {
        secret == nil ? "none" : Redaction.placeholder
    }
}
