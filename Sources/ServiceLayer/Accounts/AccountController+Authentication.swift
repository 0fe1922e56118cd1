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
        let signUp = AccountsAPI.signUp(email: email, password: password, name: name, emailContent: emailContent)
        return client.send(storingToken(signUp, password: password), completion: completion)
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
        let signUp = AccountsAPI.signUp(email: email, password: password, name: name, emailContent: emailContent)
        return try await client.send(storingToken(signUp, password: password))
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
        let logIn = AccountsAPI.logIn(email: email, password: password)
        return client.send(storingToken(logIn, password: password), completion: completion)
    }

    /// Logs in: the `async` twin of ``logIn(email:password:completion:)``.
    /// - Parameters:
    ///   - email: The account's email address.
    ///   - password: The account's password.
    /// - Returns: The token, which is also stored.
    public func logIn(email: String, password: String) async throws(APIError) -> String {
        try await client.send(storingToken(AccountsAPI.logIn(email: email, password: password), password: password))
    }

    /// A signup or login endpoint whose answer is turned into the access token, stored with the refresh
    /// token and the expiry before the completion runs: ``APIError/server(message:)`` for a refusal,
    /// ``APIError/tokenStorage(_:)`` when the store cannot keep them. Failed calls keep no secret: the
    /// accounts endpoints redact their error bodies, and `password` is removed from what an error keeps
    /// and says (a refusal that quotes it).
    private func storingToken(_ endpoint: Endpoint<AccountsAPI.AuthReply>, password: String) -> Endpoint<String> {
        endpoint.map { [authenticator] reply throws(APIError) in
            guard let tokens = reply.tokens(receivedAt: Date()) else {
                throw .server(message: reply.message ?? "The server refused the request")
            }
            try authenticator.store(tokens).get()
            return tokens.accessToken
        }.redactingErrors(removing: [password])
    }
}
