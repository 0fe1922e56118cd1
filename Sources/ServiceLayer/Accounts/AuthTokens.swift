import Foundation

/// What a login leaves behind: the access token sent with each call, the refresh token that renews it,
/// and when the access token expires.
///
/// The tokens are kept as secrets: printing or `dump`ing the value shows `<redacted>` in their place,
/// never the tokens, e.g. `AuthTokens(access: <redacted>, refresh: Optional(<redacted>), expiresAt: nil)`.
public struct AuthTokens: Sendable, Equatable {
    private var access: Secret
    private var refresh: Secret?
    /// When the access token stops working, from the server's `expiresIn`; `nil` when unknown.
    public var expiresAt: Date?

    /// The token sent as `Authorization: Bearer <token>`.
    public var accessToken: String {
        get { access.value }
        set { access = Secret(newValue) }
    }

    /// The token that gets a new access token (`POST accounts/refresh`); `nil` when the server sent none,
    /// in which case a rejected access token logs the user out.
    public var refreshToken: String? {
        get { refresh?.value }
        set { refresh = newValue.map(Secret.init) }
    }

    /// Creates the tokens of a login.
    /// - Parameters:
    ///   - accessToken: The token sent with each call.
    ///   - refreshToken: The token that renews it; `nil` (none) by default.
    ///   - expiresAt: When the access token expires; `nil` (unknown) by default.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        access = Secret(accessToken)
        refresh = refreshToken.map(Secret.init)
        self.expiresAt = expiresAt
    }

    /// Whether the access token is known to have expired at `date` (now by default): `false` when the
    /// expiry is unknown.
    /// - Parameter date: The moment to check; `Date()` (now) by default.
    public func isExpired(at date: Date = Date()) -> Bool {
        if let expiresAt { expiresAt <= date } else { false }
    }
}
