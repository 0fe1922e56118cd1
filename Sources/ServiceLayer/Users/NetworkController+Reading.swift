import Foundation

// MARK: - Reading users

extension NetworkController {
    /// Fetches one page of users: `GET users?page=<page>`.
    ///
    /// Page 0 or a negative page is answered as page 1, and a page after the last has no users;
    /// neither is an error (this is what reqres does).
    /// - Parameters:
    ///   - page: The page number, from 1.
    ///   - completion: Called once, on the main actor, with the page or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func fetchUsers(
        page: Int,
        completion: @escaping @MainActor (Result<UsersPage, APIError>) -> Void
    ) -> RequestHandle {
        client.send(UsersAPI.page(page), completion: completion)
    }

    /// Fetches one page of users: the `async` twin of ``fetchUsers(page:completion:)``.
    /// - Parameter page: The page number, from 1.
    /// - Returns: The page.
    public func fetchUsers(page: Int) async throws(APIError) -> UsersPage {
        try await client.send(UsersAPI.page(page))
    }

    /// Fetches one user: `GET users/<id>`, unwrapping the server's `{"data": {...}}`.
    ///
    /// An unknown id fails with `.httpStatus(code: 404, body:)`.
    /// - Parameters:
    ///   - id: The user's id.
    ///   - completion: Called once, on the main actor, with the user or an ``APIError``.
    /// - Returns: A handle to cancel the call.
    @discardableResult
    public func fetchUser(
        id: Int,
        completion: @escaping @MainActor (Result<User, APIError>) -> Void
    ) -> RequestHandle {
        client.send(UsersAPI.user(id: id), completion: completion)
    }

    /// Fetches one user: the `async` twin of ``fetchUser(id:completion:)``.
    /// - Parameter id: The user's id.
    /// - Returns: The user.
    public func fetchUser(id: Int) async throws(APIError) -> User {
        try await client.send(UsersAPI.user(id: id))
    }
}
