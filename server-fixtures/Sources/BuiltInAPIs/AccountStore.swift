import Foundation

// MARK: - In-memory accounts and tokens

/// The accounts and tokens of the accounts API. Lives as long as the server object.
///
/// Passwords are kept only as a salted, keyed hash: `Hasher` (SipHash with a per-process random key) over
/// a random per-account salt and the password. That is enough for a test fixture that never persists
/// anything; it is not a password KDF. Tokens are 128 random bits, unrelated to the password.
///
/// Each signup or login starts a *login*: an access token that lives ``tokenLifetime`` seconds and a
/// refresh token. Refreshing uses the refresh token up and issues a new pair in the same login
/// (rotation); presenting a used refresh token again revokes every token of that login (reuse detection).
/// Expiry is a wall-clock `Date` checked at each request; the test hooks set it to the past, so no test
/// has to sleep or race the clock.
final class AccountStore: Sendable {
    /// The tokens of a successful signup, login or refresh.
    struct IssuedTokens: Sendable {
        let token: String
        let refreshToken: String
        let expiresIn: Int
    }

    /// What `GET products` learns about a presented access token.
    enum TokenCheck: Equatable, Sendable {
        case valid
        case expired
        case unknown
    }

    /// What `POST accounts/refresh` learns about a presented refresh token.
    enum RefreshOutcome: Sendable {
        case issued(IssuedTokens)
        /// Used up already: every token of its login is now revoked.
        case reused
        /// Never issued, or revoked.
        case unknown
    }

    private struct Account {
        let name: String
        let salt: UInt64
        let passwordHash: Int
    }

    private struct AccessToken {
        let login: UUID
        var expiresAt: Date
    }

    private struct RefreshToken {
        let login: UUID
        var isUsed: Bool
    }

    private struct State {
        var accounts: [String: Account] = [:]
        var accessTokens: [String: AccessToken] = [:]
        var refreshTokens: [String: RefreshToken] = [:]
    }

    /// Seconds an access token lives.
    let tokenLifetime: TimeInterval
    private let state = Locked(State())

    /// A store whose access tokens live `tokenLifetime` seconds.
    init(tokenLifetime: TimeInterval) {
        self.tokenLifetime = tokenLifetime
    }

    /// Creates the account and returns new tokens, or nil when the email is already registered.
    func signUp(email: String, password: String, name: String) -> IssuedTokens? {
        let key = Self.key(email)
        let salt = UInt64.random(in: .min ... .max)
        let account = Account(name: name, salt: salt, passwordHash: Self.hash(password, salt: salt))
        return state.withLock { state in
            guard state.accounts[key] == nil else { return nil }
            state.accounts[key] = account
            return issue(in: &state, login: UUID())
        }
    }

    /// New tokens when `email` and `password` match an account, nil otherwise.
    func logIn(email: String, password: String) -> IssuedTokens? {
        state.withLock { state in
            guard let account = state.accounts[Self.key(email)],
                account.passwordHash == Self.hash(password, salt: account.salt)
            else { return nil }
            return issue(in: &state, login: UUID())
        }
    }

    /// Uses up `refreshToken` and issues a new pair in the same login; a used one revokes the login.
    func refresh(_ refreshToken: String) -> RefreshOutcome {
        state.withLock { state in
            guard let record = state.refreshTokens[refreshToken] else { return .unknown }
            guard !record.isUsed else {
                state.accessTokens = state.accessTokens.filter { $0.value.login != record.login }
                state.refreshTokens = state.refreshTokens.filter { $0.value.login != record.login }
                return .reused
            }
            state.refreshTokens[refreshToken]?.isUsed = true
            return .issued(issue(in: &state, login: record.login))
        }
    }

    /// Whether `token` is a live access token, one that has expired, or unknown (never issued or revoked).
    func check(token: String) -> TokenCheck {
        let now = Date()
        return state.withLock { state in
            guard let record = state.accessTokens[token] else { return .unknown }
            return record.expiresAt > now ? .valid : .expired
        }
    }

    /// Makes the access token `token` expired now; unknown tokens are ignored.
    func expire(token: String) {
        state.withLock { $0.accessTokens[token]?.expiresAt = .distantPast }
    }

    /// Makes every access token issued so far expired now.
    func expireAll() {
        state.withLock { state in
            for token in state.accessTokens.keys { state.accessTokens[token]?.expiresAt = .distantPast }
        }
    }

    private func issue(in state: inout State, login: UUID) -> IssuedTokens {
        let tokens = IssuedTokens(
            token: Self.newToken(), refreshToken: Self.newToken(), expiresIn: Int(tokenLifetime.rounded(.down)))
        state.accessTokens[tokens.token] = AccessToken(login: login, expiresAt: Date() + tokenLifetime)
        state.refreshTokens[tokens.refreshToken] = RefreshToken(login: login, isUsed: false)
        return tokens
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
