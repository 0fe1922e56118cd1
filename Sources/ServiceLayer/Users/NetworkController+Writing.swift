import Foundation

// MARK: - Creating, changing and deleting users

extension NetworkController {
    /// Creates a user: `POST users` with `{name, job}`. Never retried, since `POST` is not idempotent.
    /// - Parameters:
    ///   - body: The new user's name and job.
    ///   - completion: Called once, on the main actor, with the created user or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func createUser(
        _ body: UserBody,
        completion: @escaping @MainActor (Result<CreatedUser, APIError>) -> Void
    ) -> RequestHandle {
        client.send(UsersAPI.create(body), completion: completion)
    }

    /// Creates a user: the `async` twin of ``createUser(_:completion:)``.
    /// - Parameter body: The new user's name and job.
    /// - Returns: The created user.
    public func createUser(_ body: UserBody) async throws(APIError) -> CreatedUser {
        try await client.send(UsersAPI.create(body))
    }

    /// Replaces a user: `PUT users/<id>` with `{name, job}`.
    /// - Parameters:
    ///   - id: The user's id.
    ///   - body: The user's new name and job.
    ///   - completion: Called once, on the main actor, with the updated user or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func updateUser(
        id: Int,
        _ body: UserBody,
        completion: @escaping @MainActor (Result<UpdatedUser, APIError>) -> Void
    ) -> RequestHandle {
        client.send(UsersAPI.update(id: id, body, method: .put), completion: completion)
    }

    /// Replaces a user: the `async` twin of ``updateUser(id:_:completion:)``.
    /// - Parameters:
    ///   - id: The user's id.
    ///   - body: The user's new name and job.
    /// - Returns: The updated user.
    public func updateUser(id: Int, _ body: UserBody) async throws(APIError) -> UpdatedUser {
        try await client.send(UsersAPI.update(id: id, body, method: .put))
    }

    /// Changes part of a user: `PATCH users/<id>` with `{name, job}`. Never retried, since `PATCH` is
    /// not idempotent.
    /// - Parameters:
    ///   - id: The user's id.
    ///   - body: The user's new name and job.
    ///   - completion: Called once, on the main actor, with the updated user or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func patchUser(
        id: Int,
        _ body: UserBody,
        completion: @escaping @MainActor (Result<UpdatedUser, APIError>) -> Void
    ) -> RequestHandle {
        client.send(UsersAPI.update(id: id, body, method: .patch), completion: completion)
    }

    /// Changes part of a user: the `async` twin of ``patchUser(id:_:completion:)``.
    /// - Parameters:
    ///   - id: The user's id.
    ///   - body: The user's new name and job.
    /// - Returns: The updated user.
    public func patchUser(id: Int, _ body: UserBody) async throws(APIError) -> UpdatedUser {
        try await client.send(UsersAPI.update(id: id, body, method: .patch))
    }

    /// Deletes a user: `DELETE users/<id>`. The server's 204 (no body) is success.
    /// - Parameters:
    ///   - id: The user's id.
    ///   - completion: Called once, on the main actor, with success or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func deleteUser(
        id: Int,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void
    ) -> RequestHandle {
        client.send(UsersAPI.delete(id: id), completion: completion)
    }

    /// Deletes a user: the `async` twin of ``deleteUser(id:completion:)``.
    /// - Parameter id: The user's id.
    public func deleteUser(id: Int) async throws(APIError) {
        try await client.send(UsersAPI.delete(id: id))
    }
}
