import Foundation

/// A secret string — a password, an access token, a refresh token — that never shows itself.
///
/// Its `description`, `debugDescription` and mirror are `<redacted>`, so a value holding one can be
/// printed, interpolated or `dump`ed without a custom description of its own. On the wire it is the
/// plain string: `{"password": "hunter2"}` encodes and decodes as it always did.
///
/// Use it for the secrets in your own request bodies and replies (the accounts controller's login body
/// holds its password as one). No API of the client takes or returns one: ``AuthTokens`` and
/// ``TokenStore`` keep `String` tokens, so an app's own store (a keychain, a file) reads and writes plain
/// strings.
public struct Secret: Codable, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The secret itself: send it, store it, compare it; never log it.
    public let value: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.value = value
    }

    /// Decodes the plain string.
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// `<redacted>`.
    public var description: String { Redaction.placeholder }

    /// `<redacted>`.
    public var debugDescription: String { Redaction.placeholder }

    /// No children, so `dump` prints `<redacted>` and nothing more.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
