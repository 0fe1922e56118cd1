import Foundation

// MARK: - The current order

extension MenuController {
    /// The guest's current order, safe to read and change from any thread.
    ///
    /// Every change is atomic, Apple's idiom included: `controller.order.menuItems.append(item)` from
    /// any number of threads at once loses nothing, because the controller's lock is held from the read
    /// to the write. Keep such a change short, and do not use this controller inside it (for example
    /// `controller.order.menuItems.removeAll { controller.order... }` would wait for itself forever).
    ///
    /// Every change kept posts ``orderUpdatedNotification`` exactly once, with this controller as the
    /// notification's `object` and the new order under ``orderUserInfoKey`` in its `userInfo`, and
    /// calls every ``observeOrder(_:)`` handler and ``orderUpdates()`` stream. Setting an order equal to
    /// the current one changes nothing and announces nothing. Announcements run asynchronously on the
    /// main queue, in the order the changes happened: the last one always carries the newest order.
    /// With an `orderStorageURL`, each change is also saved (see ``flushOrderStorage()``).
    public var order: Order {
        get { orderState.current }
        set { updateOrder { $0 = newValue } }
        _modify {
            var change = orderState.beginChange()
            defer { orderState.endChange(change, announce: orderDidChange) }
            yield &change.order
        }
    }

    /// Changes the order atomically: no other change can happen between reading and writing it.
    ///
    /// `change` runs under the controller's lock: keep it short, and do not use this controller from
    /// inside it (that would deadlock).
    /// - Parameter change: Edits the order in place.
    /// - Returns: Whether the order changed (and the change was announced).
    @discardableResult
    public func updateOrder(_ change: (inout Order) -> Void) -> Bool {
        var pending = orderState.beginChange()
        change(&pending.order)
        return orderState.endChange(pending, announce: orderDidChange)
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

    /// Saves a kept change and schedules its announcement; runs under the order's lock, so saves and
    /// announcements keep the order of the changes.
    private func orderDidChange(to order: Order, version: Int) {
        orderStore?.save(order)
        DispatchQueue.main.async { self.announce(order, version: version) }
    }

    /// Posts ``orderUpdatedNotification`` and calls the observers, on the main actor.
    @MainActor
    private func announce(_ order: Order, version: Int) {
        notificationCenter.post(
            name: Self.orderUpdatedNotification, object: self, userInfo: [Self.orderUserInfoKey: order])
        for observer in orderState.observers(of: version) { observer(order) }
    }
}
