import Foundation

/// What a login leaves behind: the access token sent with each call, the refresh token that renews it,
/// and when the access token expires.
///
/// Its description and mirror (`dump`) say only whether each token is there, never the tokens.
public struct AuthTokens: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The token sent as `Authorization: Bearer <token>`.
    public var accessToken: String
    /// The token that gets a new access token (`POST accounts/refresh`); `nil` when the server sent none,
    /// in which case a rejected access token logs the user out.
    public var refreshToken: String?
    /// When the access token stops working, from the server's `expiresIn`; `nil` when unknown.
    public var expiresAt: Date?

    /// Creates the tokens of a login.
    /// - Parameters:
    ///   - accessToken: The token sent with each call.
    ///   - refreshToken: The token that renews it; `nil` (none) by default.
    ///   - expiresAt: When the access token expires; `nil` (unknown) by default.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Whether the access token is known to have expired at `date` (now by default): `false` when the
    /// expiry is unknown.
    /// - Parameter date: The moment to check; `Date()` (now) by default.
    public func isExpired(at date: Date = Date()) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    /// Says which tokens are there and when the access token expires, never the tokens.
    public var description: String {
        "AuthTokens(accessToken: \(Redaction.placeholder), refreshToken: \(TokenText.describe(refreshToken)), "
            + "expiresAt: \(expiresAt.map { "\($0)" } ?? "unknown"))"
    }

    /// The same as ``description``: the tokens are never shown.
    public var debugDescription: String {
        description
    }

    /// Shows only whether each token is there and the expiry, so `dump(_:)` cannot print a token.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": Redaction.placeholder, "refreshToken": TokenText.describe(refreshToken),
                "expiresAt": expiresAt as Any,
            ])
    }
}
