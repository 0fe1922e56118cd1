import Foundation

/// The refresh flow of an ``AccountController``: sends calls that need authorization, and when the
/// server rejects the token (401), renews it with the refresh token — one refresh at a time.
///
/// ```text
///  call ──▶ token known expired? ──yes──▶ wait for the refresh ──▶ send
///             │ no
///             ▼
///           send ──▶ 2xx / other error ──▶ done
///             │ 401
///             ▼
///   stored token newer than the one sent? ──yes──▶ send again with it (once)
///             │ no
///             ▼
///   a refresh running? ──yes──▶ wait for it ─┐
///             │ no                           │
///             ▼                              ▼
///   > 3 refreshes in 30 s? ──yes──▶ .tooManyTokenRefreshes
///             │ no
///             ▼
///   POST accounts/refresh ──ok──▶ store the new tokens; every waiter sends again once
///             │ 401 / 400 / transport error / no refresh token
///             ▼
///   log out (clear the store); every waiter ends with its own 401
/// ```
///
/// Every store write of the controller (login, refresh, logout) goes through this type's lock, so a
/// refresh that ends after ``forget()`` never brings the tokens back.
final class TokenRefresher: Sendable {
    /// What a refresh meant for the calls waiting for it.
    enum Outcome: Sendable {
        /// Send again with this access token.
        case renewed(String)
        /// The user is logged out: end with the call's own 401 (or ``APIError/notAuthenticated`` when
        /// nothing was sent yet).
        case loggedOut
        /// End with this error.
        case failed(APIError)
    }

    private struct State {
        var isRefreshing = false
        var waiters: [Int: @Sendable (Outcome) -> Void] = [:]
        var nextWaiter = 0
        /// When the refreshes of the last ``window`` seconds started.
        var recentRefreshes: [Date] = []
        /// Counts logins and logouts: a call is replayed only within the session it started in, never
        /// with the token of whoever logged in meanwhile.
        var session = 0
    }

    /// Where completions of the intermediate steps run before a call's own queue.
    private static let queue = DispatchQueue(label: "ServiceLayer.TokenRefresher", attributes: .concurrent)

    private let client: APIClient
    private let store: any TokenStore
    private let limit: Int
    private let window: TimeInterval
    private let now: @Sendable () -> Date
    private let state = Locked(State())

    /// A refresher for `client`'s calls, keeping tokens in `store`.
    /// - Parameters:
    ///   - limit: How many refreshes may start within `window` seconds; 3 by default.
    ///   - window: The window's length in seconds; 30 by default.
    ///   - now: The clock, for expiry and the window; `Date.init` by default.
    init(
        client: APIClient, store: any TokenStore, limit: Int = 3, window: TimeInterval = 30,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.store = store
        self.limit = limit
        self.window = window
        self.now = now
    }

    // MARK: Store writes

    /// Stores the tokens of a login; on failure the store is cleared and the error says why.
    func store(_ tokens: AuthTokens) -> Result<Void, APIError> {
        state.withLock { state in
            state.session += 1
            do {
                try store.setTokens(tokens)
                return .success(())
            } catch {
                store.clearToken()
                return .failure(.tokenStorage(Self.describe(error)))
            }
        }
    }

    /// Forgets every token (logging out). A refresh still running afterwards stores nothing.
    func forget() {
        state.withLock { state in
            state.session += 1
            store.clearToken()
        }
    }

    // MARK: Sending

    /// Sends `endpoint` (which requires authorization) through the flow above and calls `completion` once
    /// on `queue`. The returned handle cancels only this call.
    func send<Response>(
        _ endpoint: Endpoint<Response>, queue: DispatchQueue,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        let call = Call<Response>(queue: queue, completion: completion)
        let handle = RequestHandle(call)
        let (session, stored) = state.withLock { ($0.session, store.tokens) }
        guard let tokens = stored else {
            // Fails with .notAuthenticated and sends nothing.
            send(endpoint, for: call, token: nil, isReplay: false, session: session)
            return handle
        }
        if tokens.refreshToken != nil, tokens.isExpired(at: now()) {
            waitForRefresh(endpoint, for: call, sentToken: tokens.accessToken, rejection: nil, session: session)
        } else {
            send(endpoint, for: call, token: tokens.accessToken, isReplay: false, session: session)
        }
        return handle
    }

    /// Sends `endpoint` through the flow above: the `async` form of ``send(_:queue:completion:)``.
    /// Cancelling the task cancels only this call.
    func send<Response>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        try await APIClient.bridge { completion in
            self.send(endpoint, queue: APIClient.asyncQueue, completion: completion)
        }
    }

    /// One try of `call` with `token`, within login `session`.
    private func send<Response>(
        _ endpoint: Endpoint<Response>, for call: Call<Response>, token: String?, isReplay: Bool, session: Int
    ) {
        guard let stage = call.beginStage() else { return }
        let request = client.send(endpoint, callbackQueue: Self.queue, token: token) { [self] result in
            guard case .failure(let error) = result, error.statusCode == 401, let token else {
                return call.finish(result)
            }
            if isReplay {  // at most one replay: a second 401 for the stored token ends the session
                forget(ifStill: token)
                return call.finish(result)
            }
            waitForRefresh(endpoint, for: call, sentToken: token, rejection: error, session: session)
        }
        call.onCancel(stage: stage) { request.cancel() }
    }

    /// Waits for a refresh after `sentToken` was rejected (with `rejection`) or is known expired (`nil`):
    /// at once when the stored token is already newer, else by joining the running refresh or starting one.
    private func waitForRefresh<Response>(
        _ endpoint: Endpoint<Response>, for call: Call<Response>, sentToken: String, rejection: APIError?,
        session: Int
    ) {
        guard let stage = call.beginStage() else { return }
        let resume: @Sendable (Outcome) -> Void = { [self] outcome in
            // A logout or a login since the call started: its user is gone, never replay with another's token.
            let sameSession = state.withLock { $0.session } == session
            switch outcome {
            case .renewed(let token) where sameSession:
                send(endpoint, for: call, token: token, isReplay: rejection != nil, session: session)
            case .renewed, .loggedOut: call.finish(.failure(rejection ?? .notAuthenticated))
            case .failed(let error): call.finish(.failure(error))
            }
        }
        let moment = now()
        let (waiter, immediate, refreshToken) = state.withLock {
            state -> (Int?, Outcome?, String?) in
            if state.isRefreshing { return (join(&state, resume), nil, nil) }
            guard let tokens = store.tokens else { return (nil, .loggedOut, nil) }
            if tokens.accessToken != sentToken { return (nil, .renewed(tokens.accessToken), nil) }
            guard let refreshToken = tokens.refreshToken else {
                store.clearToken()
                return (nil, .loggedOut, nil)
            }
            state.recentRefreshes.removeAll { moment.timeIntervalSince($0) >= window }
            guard state.recentRefreshes.count < limit else { return (nil, .failed(.tooManyTokenRefreshes), nil) }
            state.recentRefreshes.append(moment)
            state.isRefreshing = true
            return (join(&state, resume), nil, refreshToken)
        }
        if let immediate { return resume(immediate) }
        if let waiter {
            call.onCancel(stage: stage) { [self] in
                _ = state.withLock { $0.waiters.removeValue(forKey: waiter) }
            }
        }
        if let refreshToken { refresh(with: refreshToken) }
    }

    private func join(_ state: inout State, _ waiter: @escaping @Sendable (Outcome) -> Void) -> Int {
        state.nextWaiter += 1
        state.waiters[state.nextWaiter] = waiter
        return state.nextWaiter
    }

    // MARK: Refreshing

    /// `POST accounts/refresh`, then the outcome for every waiter (those that cancelled are gone).
    private func refresh(with refreshToken: String) {
        let endpoint = AccountsAPI.refresh(refreshToken: refreshToken)
        client.send(endpoint, callbackQueue: Self.queue) { [self] result in
            let received = now()
            let (outcome, waiters) = state.withLock { state in
                state.isRefreshing = false
                defer { state.waiters = [:] }
                return (apply(result, receivedAt: received, usedUp: refreshToken), Array(state.waiters.values))
            }
            for waiter in waiters { waiter(outcome) }
        }
    }

    /// Stores what a refresh answered (called under the lock). The store changes only while it still
    /// holds the refresh token that was used: a logout or a new login meanwhile wins.
    private func apply(_ result: Result<AccountsAPI.AuthReply, APIError>, receivedAt: Date, usedUp refreshToken: String)
        -> Outcome
    {
        guard let current = store.tokens, current.refreshToken == refreshToken else {
            return store.tokens.map { .renewed($0.accessToken) } ?? .loggedOut
        }
        guard case .success(let reply) = result, var tokens = reply.tokens(receivedAt: receivedAt) else {
            store.clearToken()  // 401 (used up or revoked), 400, a refusal or a transport error
            return .loggedOut
        }
        tokens.refreshToken = tokens.refreshToken ?? refreshToken  // a server that does not rotate keeps it valid
        do {
            try store.setTokens(tokens)
            return .renewed(tokens.accessToken)
        } catch {
            store.clearToken()
            return .failed(.tokenStorage(Self.describe(error)))
        }
    }

    /// Clears the store if it still holds `token` as the access token.
    private func forget(ifStill token: String) {
        state.withLock { _ in
            if store.token == token { store.clearToken() }
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
