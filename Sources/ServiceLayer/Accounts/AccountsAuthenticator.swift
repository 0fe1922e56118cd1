import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the accounts backend authenticates a call: the access token as `Authorization: Bearer <token>`,
/// renewed with `POST accounts/refresh` (see ``Authenticator`` for the flow the client runs).
///
/// Every write of the token store — a login, a refresh, a logout — goes through this type's lock, so a
/// refresh that ends after a logout never brings the tokens back, and one that ends after a new login
/// keeps the new login. It also numbers the logins, so that a call waiting for a refresh is never sent
/// again with the token of someone who logged in meanwhile.
final class AccountsAuthenticator: Authenticator {
    /// Which login each access token this process has seen belongs to.
    private struct Logins {
        /// The number of the latest login (or logout).
        var current = 0
        /// Access token → login number; tokens read from a store at launch are in no login (`nil`).
        var loginOf: [String: Int] = [:]
    }

    let store: any TokenStore
    private let writes = Locked(Logins())
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - store: Where the tokens are kept.
    ///   - now: The clock for the tokens' expiry; `Date.init` by default.
    init(store: any TokenStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.now = now
    }

    var credential: AuthTokens? {
        store.tokens
    }

    func apply(_ credential: AuthTokens, to request: inout URLRequest) {
        request.setValue("Bearer \(credential.accessToken)", forHTTPHeaderField: "Authorization")
    }

    /// An access token known to have expired is renewed first, when there is a refresh token to do it.
    func needsRefresh(_ credential: AuthTokens) -> Bool {
        credential.refreshToken != nil && credential.isExpired(at: now())
    }

    /// Whether the store still holds the access token that was sent.
    func isCurrent(_ credential: AuthTokens) -> Bool {
        store.tokens?.accessToken == credential.accessToken
    }

    /// `POST accounts/refresh` with the refresh token; the new tokens are stored while the store still
    /// holds the refresh token that was used (a logout or a new login meanwhile wins). A server that
    /// does not rotate the refresh token keeps the old one valid.
    func refresh(_ credential: AuthTokens, with client: APIClient) async throws(APIError) -> AuthTokens {
        guard let refreshToken = credential.refreshToken else { throw .notAuthenticated }
        let answer: Result<AccountsAPI.AuthReply, APIError>
        do throws(APIError) {
            answer = .success(try await client.send(AccountsAPI.refresh(refreshToken: refreshToken)))
        } catch {
            answer = .failure(error)
        }
        let received = now()
        return try writes.withLock { logins -> Result<AuthTokens, APIError> in
            guard let current = store.tokens, current.refreshToken == refreshToken else {
                return store.tokens.map { .success($0) } ?? .failure(.notAuthenticated)
            }
            // A 401 (used up or revoked), a 400, a refusal or a transport error: logged out.
            guard case .success(let reply) = answer, var tokens = reply.tokens(receivedAt: received) else {
                return .failure(answer.failureError ?? .notAuthenticated)
            }
            tokens.refreshToken = tokens.refreshToken ?? refreshToken
            if let login = logins.loginOf[credential.accessToken] { logins.loginOf[tokens.accessToken] = login }
            return keep(tokens).map { tokens }
        }.get()
    }

    /// Whether both access tokens may come from the same login: `false` only when both came from logins
    /// of this controller and the logins differ (a refresh keeps the login; tokens the app put in the
    /// store itself belong to no known login).
    func isSameLogin(_ sent: AuthTokens, _ credential: AuthTokens) -> Bool {
        writes.withLock { logins in
            guard let first = logins.loginOf[sent.accessToken], let second = logins.loginOf[credential.accessToken]
            else { return true }
            return first == second
        }
    }

    func invalidate(_ credential: AuthTokens) {
        writes.withLock { _ in
            if store.tokens?.accessToken == credential.accessToken { store.clearTokens() }
        }
    }

    // MARK: Logging in and out

    /// Stores the tokens of a login; on failure the store is cleared and the error says why.
    func store(_ tokens: AuthTokens) -> Result<Void, APIError> {
        writes.withLock { logins in
            logins.current += 1
            // Tokens of the last few logins stay known: enough for a call still waiting to tell them apart.
            logins.loginOf = logins.loginOf.filter { $0.value >= logins.current - 8 }
            logins.loginOf[tokens.accessToken] = logins.current
            return keep(tokens)
        }
    }

    /// Forgets every token (logging out). A refresh still running afterwards stores nothing.
    func forget() {
        writes.withLock { logins in
            logins.current += 1
            store.clearTokens()
        }
    }

    /// Stores `tokens` (called under the lock); a store that cannot keep them is cleared.
    private func keep(_ tokens: AuthTokens) -> Result<Void, APIError> {
        do {
            try store.setTokens(tokens)
            return .success(())
        } catch {
            store.clearTokens()
            return .failure(.tokenStorage(Self.describe(error)))
        }
    }

    /// A store error as text for ``APIError/tokenStorage(_:)``; store errors carry no token.
    private static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError {
            return "\(String(cString: strerror(posix.code.rawValue))) (errno \(posix.code.rawValue))"
        }
        return String(describing: error)
    }
}

extension Result {
    /// The error of a failure; `nil` for a success.
    fileprivate var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
