import Foundation

// MARK: - Signing up and logging in

extension AccountController {
    /// Creates an account and logs it in: `POST accounts/signup`. The tokens (access, refresh, expiry)
    /// are stored before the completion runs. Never retried, since `POST` is not idempotent.
    ///
    /// A refusal in a 200 body (`{"success": false, "message": "Email already registered"}`) fails with
    /// ``APIError/server(message:)``; a missing field fails with `.httpStatus(code: 400, body:)` whose
    /// ``APIError/serverMessage`` says which.
    /// - Parameters:
    ///   - email: The account's email address.
    ///   - password: The account's password. It is never logged, described or put in an error.
    ///   - name: The user's name.
    ///   - emailContent: The text of the welcome email the server sends.
    ///   - completion: Called once, on the main actor, with the token or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func signUp(
        email: String,
        password: String,
        name: String,
        emailContent: String,
        completion: @escaping @MainActor (Result<String, APIError>) -> Void
    ) -> RequestHandle {
        let endpoint = AccountsAPI.signUp(email: email, password: password, name: name, emailContent: emailContent)
        return client.send(endpoint, callbackQueue: .main) { result in
            let answer = result.flatMap(self.storeToken).mapError { Redaction.error($0, removing: [password]) }
            MainActor.assumeIsolated { completion(answer) }
        }
    }

    /// Creates an account and logs it in: the `async` twin of
    /// ``signUp(email:password:name:emailContent:completion:)``.
    /// - Parameters:
    ///   - email: The account's email address.
    ///   - password: The account's password.
    ///   - name: The user's name.
    ///   - emailContent: The text of the welcome email the server sends.
    /// - Returns: The token, which is also stored.
    public func signUp(email: String, password: String, name: String, emailContent: String)
        async throws(APIError) -> String
    {
        let endpoint = AccountsAPI.signUp(email: email, password: password, name: name, emailContent: emailContent)
        return try storeToken(from: try await client.send(endpoint)).mapError {
            Redaction.error($0, removing: [password])  // a refusal that quotes the password
        }.get()
    }

    /// Logs in: `POST accounts/login`. The tokens (access, refresh, expiry) are stored before the
    /// completion runs; when the ``tokenStore`` cannot keep them, the call fails with
    /// ``APIError/tokenStorage(_:)`` and the user stays logged out.
    ///
    /// A wrong email or password (`{"success": false, "message": ...}` in a 200) fails with
    /// ``APIError/server(message:)``.
    /// - Parameters:
    ///   - email: The account's email address.
    ///   - password: The account's password. It is never logged, described or put in an error.
    ///   - completion: Called once, on the main actor, with the token or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func logIn(
        email: String,
        password: String,
        completion: @escaping @MainActor (Result<String, APIError>) -> Void
    ) -> RequestHandle {
        client.send(AccountsAPI.logIn(email: email, password: password), callbackQueue: .main) { result in
            let answer = result.flatMap(self.storeToken).mapError { Redaction.error($0, removing: [password]) }
            MainActor.assumeIsolated { completion(answer) }
        }
    }

    /// Logs in: the `async` twin of ``logIn(email:password:completion:)``.
    /// - Parameters:
    ///   - email: The account's email address.
    ///   - password: The account's password.
    /// - Returns: The token, which is also stored.
    public func logIn(email: String, password: String) async throws(APIError) -> String {
        let reply = try await client.send(AccountsAPI.logIn(email: email, password: password))
        return try storeToken(from: reply).mapError { Redaction.error($0, removing: [password]) }.get()
    }

    /// Turns a signup or login answer into the access token, storing it with the refresh token and the
    /// expiry: ``APIError/server(message:)`` for a refusal, ``APIError/tokenStorage(_:)`` when the store
    /// cannot keep them. (Failed calls keep no secret: the accounts endpoints redact their error bodies.)
    private func storeToken(from reply: AccountsAPI.AuthReply) -> Result<String, APIError> {
        guard let tokens = reply.tokens(receivedAt: Date()) else {
            return .failure(.server(message: reply.message ?? "The server refused the request"))
        }
        return refresher.store(tokens).map { tokens.accessToken }
    }
}
