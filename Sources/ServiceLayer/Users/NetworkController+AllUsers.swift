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
        let walk = Call<[User]>(queue: .main) { result in
            MainActor.assumeIsolated { completion(result) }
        }
        let pages = DispatchQueue(label: "ServiceLayer.NetworkController.fetchAllUsers")
        pages.async { self.fetchPages(from: 1, collected: [], walk: walk, on: pages) }
        return RequestHandle(walk)
    }

    /// Fetches every user: the `async` twin of ``fetchAllUsers(completion:)``. Cancelling the task
    /// cancels the page in flight and throws ``APIError/cancelled``.
    /// - Returns: All users, in page order.
    public func fetchAllUsers() async throws(APIError) -> [User] {
        var users: [User] = []
        var page = 1
        while true {
            let usersPage = try await fetchUsers(page: page)
            users += usersPage.data
            if Self.isLastPage(usersPage, requested: page) { return users }
            page += 1
        }
    }

    /// Fetches page `page`, then either finishes `walk` or goes on with the next page.
    ///
    /// Runs on the serial queue `pages`, where the page completions also land, so the handle of the
    /// page in flight is always the one a cancel reaches.
    private func fetchPages(from page: Int, collected: [User], walk: Call<[User]>, on pages: DispatchQueue) {
        guard !walk.isFinished else { return }  // cancelled before this page was sent
        let request = client.send(UsersEndpoints.page(page), callbackQueue: pages) { result in
            switch result {
            case .failure(let error):
                walk.finish(.failure(error))
            case .success(let usersPage) where Self.isLastPage(usersPage, requested: page):
                walk.finish(.success(collected + usersPage.data))
            case .success(let usersPage):
                self.fetchPages(from: page + 1, collected: collected + usersPage.data, walk: walk, on: pages)
            }
        }
        walk.onCancel { request.cancel() }
    }

    /// Whether page number `requested`, answered with `page`, is the last one: the number reached
    /// `total_pages`, or the page has no users (so a server that over-reports its pages cannot keep
    /// the walk going forever).
    static func isLastPage(_ page: UsersPage, requested: Int) -> Bool {
        requested >= page.totalPages || page.data.isEmpty
    }
}
