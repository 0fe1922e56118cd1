import Foundation

// MARK: - In-memory accounts and tokens

/// The accounts and session tokens of the accounts API. Lives as long as the server object.
///
/// Passwords are kept only as a salted, keyed hash: `Hasher` (SipHash with a per-process random key) over
/// a random per-account salt and the password. That is enough for a test fixture that never persists
/// anything; it is not a password KDF. Tokens are 128 random bits, unrelated to the password.
final class AccountStore: Sendable {
    private struct Account {
        let name: String
        let salt: UInt64
        let passwordHash: Int
    }

    private struct State {
        var accounts: [String: Account] = [:]
        var tokens: Set<String> = []
    }

    private let state = Locked(State())

    /// Creates the account and returns a new token, or nil when the email is already registered.
    func signUp(email: String, password: String, name: String) -> String? {
        let key = Self.key(email)
        let salt = UInt64.random(in: .min ... .max)
        let account = Account(name: name, salt: salt, passwordHash: Self.hash(password, salt: salt))
        let token = Self.newToken()
        return state.withLock { state in
            guard state.accounts[key] == nil else { return nil }
            state.accounts[key] = account
            state.tokens.insert(token)
            return token
        }
    }

    /// A new token when `email` and `password` match an account, nil otherwise.
    func logIn(email: String, password: String) -> String? {
        let token = Self.newToken()
        return state.withLock { state in
            guard let account = state.accounts[Self.key(email)],
                account.passwordHash == Self.hash(password, salt: account.salt)
            else { return nil }
            state.tokens.insert(token)
            return token
        }
    }

    /// Whether `token` was issued by ``signUp(email:password:name:)`` or ``logIn(email:password:)``.
    func isValid(token: String) -> Bool {
        state.withLock { $0.tokens.contains(token) }
    }

    /// 32 lowercase hex characters (128 bits) from the system RNG.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    private static func key(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func hash(_ password: String, salt: UInt64) -> Int {
        var hasher = Hasher()
        hasher.combine(salt)
        hasher.combine(password)
        return hasher.finalize()
    }
}
