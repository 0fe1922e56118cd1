import Foundation

/// Sends the authorized calls of a client through its ``Authenticator``: the flow drawn in
/// `Authenticator.swift`, for any backend.
protocol AuthenticatedSending: Sendable {
    /// Sends one try after another of `endpoint` for `call` through `client` until an outcome that is
    /// not a rejection (or the second rejection), which goes to `answer`.
    func start<Response>(
        _ endpoint: Endpoint<Response>, for call: ExactlyOnceCompletion<Response>, client: APIClient,
        answer: @escaping @Sendable (EndedTry) -> Void)
}

/// The flow for one authenticator: one refresh in flight, the calls waiting for it, the refresh window.
final class AuthenticationFlow<A: Authenticator>: AuthenticatedSending {
    /// What a refresh meant for the calls waiting for it.
    enum Outcome: Sendable {
        /// Send again with this credential.
        case renewed(A.Credential)
        /// The user is logged out: end with the call's own rejection (or ``APIError/notAuthenticated``
        /// when nothing was sent yet).
        case loggedOut
        /// End with this error.
        case failed(APIError)
    }

    private struct State {
        var isRefreshing = false
        var waiters: [Int: @Sendable (Outcome) -> Void] = [:]
        var nextWaiter = 0
        /// When the refreshes of the last window started.
        var recentRefreshes: [Date] = []
    }

    let authenticator: A
    private let now: @Sendable () -> Date
    private let state = Locked(State())

    /// - Parameters:
    ///   - authenticator: The backend's authenticator.
    ///   - now: The clock of the refresh window; `Date.init` by default.
    init(_ authenticator: A, now: @escaping @Sendable () -> Date = { Date() }) {
        self.authenticator = authenticator
        self.now = now
    }

    func start<Response>(
        _ endpoint: Endpoint<Response>, for call: ExactlyOnceCompletion<Response>, client: APIClient,
        answer: @escaping @Sendable (EndedTry) -> Void
    ) {
        let steps = CurrentStep()
        call.onCancel { steps.cancel() }
        let run = Run(flow: self, endpoint: endpoint, client: client, steps: steps, answer: answer)
        guard let credential = authenticator.credential else { return answer(EndedTry(.failure(.notAuthenticated))) }
        if authenticator.needsRefresh(credential) {
            run.waitForRefresh(sent: credential, rejection: nil)
        } else {
            run.send(with: credential, isReplay: false)
        }
    }

    /// One call going through the flow.
    private struct Run<Response>: Sendable {
        let flow: AuthenticationFlow
        let endpoint: Endpoint<Response>
        let client: APIClient
        let steps: CurrentStep
        let answer: @Sendable (EndedTry) -> Void

        /// One try with `credential`.
        func send(with credential: A.Credential, isReplay: Bool) {
            guard let step = steps.begin() else { return }
            let authenticator = flow.authenticator
            // A first try's rejection is answered with a refresh and a replay; a replay's is final.
            let replaysAfter: (@Sendable (APIError) -> Bool)? =
                isReplay ? nil : { @Sendable error in authenticator.isAuthenticationFailure(error) }
            client.sendOneTry(
                endpoint, authorize: { authenticator.apply(credential, to: &$0) }, replaysAfter: replaysAfter,
                onCancel: { [steps] in steps.onCancel(step: step, $0) }
            ) { end in
                guard case .failure(let error) = end.outcome, authenticator.isAuthenticationFailure(error) else {
                    return answer(end)
                }
                if isReplay {  // at most one replay: a second rejection of a fresh credential ends the session
                    authenticator.invalidate(credential)
                    return answer(end)
                }
                waitForRefresh(sent: credential, rejection: error)
            }
        }

        /// Waits for a refresh after `sent` was rejected (with `rejection`) or is known expired (`nil`):
        /// at once when the current credential is already another, else by joining the running refresh
        /// or starting one.
        func waitForRefresh(sent: A.Credential, rejection: APIError?) {
            guard let step = steps.begin() else { return }
            let authenticator = flow.authenticator
            let resume: @Sendable (Outcome) -> Void = { outcome in
                switch outcome {
                case .renewed(let credential) where authenticator.isSameLogin(sent, credential):
                    send(with: credential, isReplay: rejection != nil)
                case .renewed, .loggedOut:  // logged out, or another login meanwhile: never its credential
                    answer(EndedTry(.failure(rejection ?? .notAuthenticated)))
                case .failed(let error): answer(EndedTry(.failure(error)))
                }
            }
            switch flow.join(resume, sent: sent) {
            case .now(let outcome): resume(outcome)
            case .waiting(let waiter, let refreshes):
                // `[flow]`, not this run: the steps keep the stop, and a stop holding the run (and so the
                // steps, the call and the client) would never be let go of.
                steps.onCancel(step: step) { [flow] in flow.leave(waiter) }
                if refreshes { flow.refresh(sent, with: client) }
            }
        }
    }

    // MARK: Waiting and refreshing

    private enum Join {
        case now(Outcome)
        /// Waiting as `waiter`; `refreshes` when this call must start the refresh.
        case waiting(Int, refreshes: Bool)
    }

    private func join(_ resume: @escaping @Sendable (Outcome) -> Void, sent: A.Credential) -> Join {
        let moment = now()
        let limit = authenticator.refreshLimit
        return state.withLock { state -> Join in
            if state.isRefreshing { return .waiting(Self.add(resume, to: &state), refreshes: false) }
            guard let current = authenticator.credential else { return .now(.loggedOut) }
            if !authenticator.isCurrent(sent) { return .now(.renewed(current)) }
            state.recentRefreshes.removeAll { moment.timeIntervalSince($0) >= limit.seconds }
            guard state.recentRefreshes.count < limit.count else { return .now(.failed(.tooManyTokenRefreshes)) }
            state.recentRefreshes.append(moment)
            state.isRefreshing = true
            return .waiting(Self.add(resume, to: &state), refreshes: true)
        }
    }

    private func leave(_ waiter: Int) {
        _ = state.withLock { $0.waiters.removeValue(forKey: waiter) }
    }

    private static func add(_ waiter: @escaping @Sendable (Outcome) -> Void, to state: inout State) -> Int {
        state.nextWaiter += 1
        state.waiters[state.nextWaiter] = waiter
        return state.nextWaiter
    }

    /// Refreshes `sent` in a task of its own (no caller's cancel reaches it), then resumes every waiter
    /// still waiting.
    private func refresh(_ sent: A.Credential, with client: APIClient) {
        let authenticator = self.authenticator
        Task {
            let outcome: Outcome
            do throws(APIError) {
                outcome = .renewed(try await authenticator.refresh(sent, with: client))
            } catch {
                authenticator.invalidate(sent)
                if case .tokenStorage = error { outcome = .failed(error) } else { outcome = .loggedOut }
            }
            let waiters = state.withLock { state in
                state.isRefreshing = false
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter(outcome) }
        }
    }
}
