import Foundation

// MARK: - The current order

extension MenuController {
    /// The guest's current order, safe to read and write from any thread.
    ///
    /// Every change posts ``orderUpdatedNotification`` exactly once, with this controller as the
    /// notification's `object` and the new order under ``orderUserInfoKey`` in its `userInfo`.
    /// Setting an order equal to the current one changes nothing and posts nothing. Notifications are
    /// posted asynchronously on ``callbackQueue`` (`.main` by default, so a view can update directly),
    /// one at a time and in the order the changes happened: the last one always carries the newest order.
    /// With an `orderStorageURL`, each change is also saved (see ``flushOrderStorage()``).
    ///
    /// `controller.order.menuItems.append(item)` reads, then writes: two threads doing it at once can
    /// lose an item. Use ``addToOrder(_:)``, ``removeFromOrder(_:)`` or ``updateOrder(_:)``, which are atomic.
    public var order: Order {
        get { orderState.withLock { $0 } }
        set { updateOrder { $0 = newValue } }
    }

    /// Changes the order atomically: no other change can happen between reading and writing it.
    ///
    /// `change` runs under the controller's lock: keep it short, and do not use this controller from
    /// inside it (that would deadlock).
    /// - Parameter change: Edits the order in place.
    /// - Returns: Whether the order changed (and a notification was posted).
    @discardableResult
    public func updateOrder(_ change: (inout Order) -> Void) -> Bool {
        orderState.withLock { order in
            var updated = order
            change(&updated)
            guard updated != order else { return false }
            order = updated
            // Scheduled under the lock, so saves and notifications keep the order of the changes.
            orderStore?.save(updated)
            let newOrder = updated
            notificationQueue.async { self.postOrderUpdated(newOrder) }
            return true
        }
    }

    /// Adds a dish at the end of the order, atomically.
    /// - Parameter item: The dish; it may already be in the order.
    public func addToOrder(_ item: MenuItem) {
        updateOrder { $0.menuItems.append(item) }
    }

    /// Removes the first occurrence of a dish from the order, atomically.
    /// - Parameter item: The dish to remove.
    /// - Returns: Whether it was in the order.
    @discardableResult
    public func removeFromOrder(_ item: MenuItem) -> Bool {
        updateOrder { order in
            if let index = order.menuItems.firstIndex(of: item) { order.menuItems.remove(at: index) }
        }
    }

    /// Removes the dish at a position of the order (for example a deleted table row), atomically.
    /// - Parameter index: The position in ``Order/menuItems``; an index out of range changes nothing.
    /// - Returns: The removed dish, or `nil` when the index was out of range.
    @discardableResult
    public func removeFromOrder(at index: Int) -> MenuItem? {
        var removed: MenuItem?
        updateOrder { order in
            if order.menuItems.indices.contains(index) { removed = order.menuItems.remove(at: index) }
        }
        return removed
    }

    /// Empties the order (for example once it was submitted). Posts nothing if it was already empty.
    public func clearOrder() {
        updateOrder { $0.menuItems.removeAll() }
    }

    /// The order carried by an ``orderUpdatedNotification``.
    /// - Parameter notification: A notification posted by a `MenuController`.
    /// - Returns: The new order, or `nil` for another kind of notification.
    public static func order(from notification: Notification) -> Order? {
        notification.userInfo?[orderUserInfoKey] as? Order
    }

    /// Why the last save of the order failed; `nil` when it succeeded or when nothing was saved yet.
    public var orderSaveError: OrderStorageError? {
        orderStore?.lastSaveError
    }

    /// Blocks until every change made so far is written to the order file (saves are otherwise
    /// asynchronous). Call it before the app terminates; does nothing without an `orderStorageURL`.
    public func flushOrderStorage() {
        orderStore?.flush()
    }

    private func postOrderUpdated(_ order: Order) {
        notificationCenter.post(
            name: Self.orderUpdatedNotification, object: self, userInfo: [Self.orderUserInfoKey: order])
    }
}
