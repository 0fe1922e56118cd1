#if canImport(Security)
import Foundation
import Security

/// A token store that keeps the tokens in the Keychain, the place Apple platforms give secrets: one
/// generic-password item per store, found by its service and account, holding the access token, the
/// refresh token and the expiry together (as JSON), so they are always replaced as one.
///
/// Use it in an app on an Apple platform; use ``FileTokenStore`` on Linux or in a command-line tool,
/// and ``InMemoryTokenStore`` when the user should be logged out at every launch.
///
/// ```swift
/// let store = KeychainTokenStore(service: "com.example.restaurant", account: "default")
/// let accounts = AccountController(baseURL: URL(string: "http://localhost:8090/api/")!, tokenStore: store)
/// ```
///
/// The item is readable after the device's first unlock since it started, and never leaves the device
/// in a backup (``Accessibility/afterFirstUnlockThisDeviceOnly``, the default): a background refresh
/// can read it while the phone is locked. The tokens are read once, at the first ``tokens``, then kept
/// in memory; a read refused because the device has not been unlocked yet is tried again next time.
/// Printing the store shows no token.
///
/// Not on Linux (there is no Keychain there). Apple documents the items and their attributes in
/// "Adding a password to the keychain"
/// (https://developer.apple.com/documentation/security/adding-a-password-to-the-keychain) and
/// "Restricting keychain item accessibility"
/// (https://developer.apple.com/documentation/security/restricting-keychain-item-accessibility).
public final class KeychainTokenStore: TokenStore {
    /// When the item can be read: the `kSecAttrAccessible` values.
    public enum Accessibility: Sendable {
        /// After the first unlock since the device started, on this device only (not in backups or
        /// iCloud Keychain): `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`. The default.
        case afterFirstUnlockThisDeviceOnly
        /// After the first unlock, also restored from a backup to another device:
        /// `kSecAttrAccessibleAfterFirstUnlock`.
        case afterFirstUnlock
        /// Only while the device is unlocked, on this device only: `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
        case whenUnlockedThisDeviceOnly
        /// Only while the device is unlocked: `kSecAttrAccessibleWhenUnlocked`.
        case whenUnlocked

        var attribute: String {
            switch self {
            case .afterFirstUnlockThisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly as String
            case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock as String
            case .whenUnlockedThisDeviceOnly: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly as String
            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked as String
            }
        }
    }

    /// The item's service (`kSecAttrService`), e.g. the app's bundle identifier.
    public let service: String
    /// The item's account (`kSecAttrAccount`), e.g. `"default"` or the user's id.
    public let account: String
    /// When the item can be read.
    public let accessibility: Accessibility
    /// The Keychain access group shared with other apps of the team (`kSecAttrAccessGroup`); `nil`: the
    /// app's own.
    public let accessGroup: String?
    private let stored = Locked<(loaded: Bool, tokens: AuthTokens?)>((false, nil))

    /// Creates a store over the item of `service` and `account`; nothing is read or written yet.
    /// - Parameters:
    ///   - service: The item's service, e.g. the app's bundle identifier.
    ///   - account: The item's account; `"default"` by default.
    ///   - accessibility: When the item can be read; ``Accessibility/afterFirstUnlockThisDeviceOnly`` by default.
    ///   - accessGroup: A Keychain access group to share the item in; `nil` (the app's own) by default.
    public init(
        service: String, account: String = "default",
        accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly, accessGroup: String? = nil
    ) {
        self.service = service
        self.account = account
        self.accessibility = accessibility
        self.accessGroup = accessGroup
    }

    /// The stored tokens, or `nil` (logged out, or the item cannot be read now).
    public var tokens: AuthTokens? {
        stored.withLock { stored in
            if !stored.loaded {
                let read = readItem()
                stored = (read.readable, read.tokens)
            }
            return stored.tokens
        }
    }

    /// Stores `tokens` in the Keychain item (replacing it, or adding it), then in memory.
    /// - Parameter tokens: The tokens of a login or a refresh.
    /// - Throws: ``KeychainTokenStoreError`` with the Keychain's status; the store then holds what it
    ///   held before.
    public func setTokens(_ tokens: AuthTokens) throws(KeychainTokenStoreError) {
        let content = StoredTokens(
            accessToken: Secret(tokens.accessToken), refreshToken: tokens.refreshToken.map(Secret.init),
            expiresAt: tokens.expiresAt?.timeIntervalSince1970)
        let data = (try? JSONEncoder().encode(content)) ?? Data()
        try stored.withLock { stored -> Result<Void, KeychainTokenStoreError> in
            let attributes: [String: Any] = [
                kSecValueData as String: data, kSecAttrAccessible as String: accessibility.attribute,
            ]
            var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil)
            }
            guard status == errSecSuccess else {
                return .failure(KeychainTokenStoreError(status: status, saving: true))
            }
            stored = (true, tokens)
            return .success(())
        }.get()
    }

    /// Forgets every token and deletes the Keychain item.
    public func clearTokens() {
        stored.withLock { stored in
            stored = (true, nil)
            _ = SecItemDelete(query as CFDictionary)
        }
    }

    // MARK: The item

    /// What finds the item: its class, service, account, and access group when one is set.
    private var query: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    /// The item's tokens (`nil` when there is no item, or it holds something else), and whether the
    /// Keychain could be read at all (not when the device has not been unlocked yet).
    private func readItem() -> (tokens: AuthTokens?, readable: Bool) {
        var result: CFTypeRef?
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        guard status == errSecSuccess else { return (nil, status == errSecItemNotFound) }
        guard let data = result as? Data, let content = try? JSONDecoder().decode(StoredTokens.self, from: data),
            !content.accessToken.value.isEmpty
        else { return (nil, true) }
        let tokens = AuthTokens(
            accessToken: content.accessToken.value, refreshToken: content.refreshToken?.value,
            expiresAt: content.expiresAt.map(Date.init(timeIntervalSince1970:)))
        return (tokens, true)
    }
}

/// What the Keychain item holds: the tokens (``Secret``s in memory, plain strings in the JSON) and the
/// expiry in seconds since 1970, the format of ``FileTokenStore``'s file.
private struct StoredTokens: Codable {
    let accessToken: Secret
    let refreshToken: Secret?
    let expiresAt: Double?
}

/// A Keychain call of ``KeychainTokenStore`` that failed: its `OSStatus`, and what it means.
public struct KeychainTokenStoreError: Error, Equatable, CustomStringConvertible {
    /// The status the Keychain returned (`errSec…`, e.g. `-34018` for `errSecMissingEntitlement`).
    public let status: OSStatus
    /// Whether the tokens were being saved (`true`) or read.
    public let saving: Bool

    /// What happened, why (the system's text for the status) and what to do, e.g. `The tokens could not
    /// be saved in the Keychain (OSStatus -34018: A required entitlement isn't present.). …`.
    public var description: String {
        let what =
            saving ? "The tokens could not be saved in the Keychain" : "The tokens could not be read from the Keychain"
        // SecCopyErrorMessageString: iOS 11.3+, macOS 10.3+
        // (https://developer.apple.com/documentation/security/1394686-seccopyerrormessagestring).
        let why = SecCopyErrorMessageString(status, nil) as String? ?? "no description"
        return "\(what) (OSStatus \(status): \(why)). \(fix)"
    }

    /// What to do about the common statuses.
    private var fix: String {
        switch status {
        case errSecMissingEntitlement:
            return
                "The app (or test bundle) is not signed with a Keychain entitlement: run it from a signed app target, "
                + "or use FileTokenStore where there is none (a command-line tool, unit tests without a host app)."
        case errSecInteractionNotAllowed:
            return "The device is locked and the item's accessibility does not allow access now: try again after the "
                + "user unlocks it, or choose an accessibility such as .afterFirstUnlockThisDeviceOnly."
        default:
            return "Check the service, account and access group given to KeychainTokenStore; the user stays logged out "
                + "after the next launch until the tokens are saved."
        }
    }
}
#endif
