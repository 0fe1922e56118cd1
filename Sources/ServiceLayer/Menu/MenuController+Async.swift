import Foundation

// MARK: - async/await

extension MenuController {
    /// Fetches the menu's category names: the `async` twin of ``fetchCategories(completion:)``.
    /// Cancelling the task cancels the request and throws ``APIError/cancelled``.
    public func fetchCategories() async throws(APIError) -> [String] {
        try await client.send(MenuAPI.categories).categories
    }

    /// Fetches the dishes of one category: the `async` twin of ``fetchMenuItems(forCategory:completion:)``.
    /// - Parameter category: A name from ``fetchCategories()``; any text is sent intact.
    public func fetchMenuItems(forCategory category: String) async throws(APIError) -> [MenuItem] {
        try await client.send(MenuAPI.menuItems(forCategory: category)).items
    }

    /// Sends the order and returns the minutes until it is ready: the `async` twin of
    /// ``submitOrder(forMenuIDs:completion:)``. Never repeated automatically.
    /// - Parameter menuIDs: The ordered dishes' ``MenuItem/id``s.
    public func submitOrder(forMenuIDs menuIDs: [Int]) async throws(APIError) -> MinutesToPrepare {
        try await client.send(MenuAPI.submitOrder(forMenuIDs: menuIDs)).minutes
    }

    /// Fetches a picture, from ``imageCache`` when it is there: the `async` twin of
    /// ``fetchImage(url:completion:)``, sharing its cache and its coalescing.
    /// - Parameter url: The picture's URL.
    public func fetchImage(url: URL) async throws(APIError) -> Data {
        try await APIClient.bridge { completion in
            self.fetchImage(url: url, callbackQueue: APIClient.asyncQueue, completion: completion)
        }
    }
}
