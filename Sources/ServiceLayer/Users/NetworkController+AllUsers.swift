import Foundation

// MARK: - Walking every page

extension NetworkController {
    /// Fetches every user by walking the pages from 1 up to the server's `total_pages`.
    ///
    /// If any page fails, the walk stops and the completion receives that page's error (no partial
    /// list). Cancelling the handle cancels the page in flight; the completion then receives
    /// ``APIError/cancelled``. Either way the completion runs exactly once.
    /// - Parameter completion: Called once, on the main actor, with all users in page order, or an
    ///   ``APIError``.
    /// - Returns: A handle to cancel the whole walk.
    @discardableResult
    public func fetchAllUsers(completion: @escaping @MainActor (Result<[User], APIError>) -> Void) -> RequestHandle {
        // One walk, the loop below, for both forms: this one runs it in a task that the handle cancels.
        RequestHandle.running(completion: completion) { () async throws(APIError) in try await self.fetchAllUsers() }
    }

    /// Fetches every user: the `async` twin of ``fetchAllUsers(completion:)``. Cancelling the task
    /// cancels the page in flight and throws ``APIError/cancelled``.
    /// - Returns: All users, in page order.
    public func fetchAllUsers() async throws(APIError) -> [User] {
        var users: [User] = []
        var page = 1
        while true {
            guard !Task.isCancelled else { throw .cancelled }  // cancelled between two pages
            let usersPage = try await fetchUsers(page: page)
            users += usersPage.data
            if Self.isLastPage(usersPage, requested: page) { return users }
            page += 1
        }
    }

    /// Whether page number `requested`, answered with `page`, is the last one: the number reached
    /// `total_pages`, or the page has no users (so a server that over-reports its pages cannot keep
    /// the walk going forever).
    static func isLastPage(_ page: UsersPage, requested: Int) -> Bool {
        requested >= page.totalPages || page.data.isEmpty
    }
}
