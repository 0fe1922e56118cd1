import Foundation

// MARK: - Following an order's countdown (server-sent events)

extension MenuController {
    /// Sends the order like ``submitOrder(forMenuIDs:completion:)`` and returns it with its id, to follow
    /// its countdown with ``followOrder(id:speed:onStatus:completion:)``; the id is `nil` when the server
    /// gives none (Apple's original server, which has no countdown). Never repeated automatically.
    /// - Parameters:
    ///   - menuIDs: The ordered dishes' ``MenuItem/id``s (``Order/menuIDs``).
    ///   - completion: Receives the placed order, or why it failed; called exactly once, on the main actor.
    /// - Returns: A handle to cancel the request; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func placeOrder(
        forMenuIDs menuIDs: [Int], completion: @escaping @MainActor (Result<PlacedOrder, APIError>) -> Void
    ) -> RequestHandle {
        client.send(MenuAPI.placeOrder(forMenuIDs: menuIDs), completion: completion)
    }

    /// Sends the order and returns it with its id (`nil` from a server without countdowns): the `async`
    /// twin of ``placeOrder(forMenuIDs:completion:)``. Never repeated automatically.
    /// - Parameter menuIDs: The ordered dishes' ``MenuItem/id``s.
    public func placeOrder(forMenuIDs menuIDs: [Int]) async throws(APIError) -> PlacedOrder {
        try await client.send(MenuAPI.placeOrder(forMenuIDs: menuIDs))
    }

    /// Follows the kitchen's countdown of order `id` (`GET order/<id>/status`, server-sent events): each
    /// ``OrderStatus`` reaches `onStatus` on the main actor as the kitchen sends it, down to the ready one.
    /// A cut connection is made again where it stopped (`Last-Event-ID`).
    ///
    /// ```swift
    /// controller.followOrder(id: order.id, onStatus: { status in
    ///     label.text = status.isReady ? "Ready!" : "\(status.minutesLeft) min"
    /// }) { result in
    ///     if case .failure(let error) = result { label.text = error.localizedDescription }
    /// }
    /// ```
    /// - Parameters:
    ///   - id: The order's ``PlacedOrder/id``.
    ///   - speed: How many times faster than real minutes the fixture server counts (`?speed=`); `nil`
    ///     (real minutes) by default.
    ///   - onStatus: Receives each status, in order, on the main actor.
    ///   - completion: Runs once, on the main actor, after the last status: success once the order is ready.
    /// - Returns: A handle; ``RequestHandle/cancel()`` stops following (the connection is closed).
    @discardableResult
    public func followOrder(
        id: Int, speed: Int? = nil, onStatus: @escaping @MainActor (OrderStatus) -> Void,
        completion: @escaping @MainActor (Result<Void, APIError>) -> Void
    ) -> RequestHandle {
        client.events(
            for: MenuAPI.orderStatus(id: id, speed: speed), decoding: OrderStatus.self, onValue: onStatus,
            completion: completion)
    }

    /// The kitchen's countdown of order `id`, for `for try await`: the `async` twin of
    /// ``followOrder(id:speed:onStatus:completion:)``; leaving the loop stops following.
    /// - Parameters:
    ///   - id: The order's ``PlacedOrder/id``.
    ///   - speed: How many times faster than real minutes the fixture server counts; `nil` by default.
    /// - Returns: The statuses, as the kitchen sends them; the sequence ends once the order is ready.
    public func orderStatuses(id: Int, speed: Int? = nil) -> AsyncThrowingStream<OrderStatus, any Error> {
        client.events(for: MenuAPI.orderStatus(id: id, speed: speed), decoding: OrderStatus.self)
    }
}
