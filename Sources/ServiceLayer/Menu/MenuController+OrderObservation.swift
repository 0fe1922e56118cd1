import Foundation

// MARK: - Observing the order

extension MenuController {
    /// Calls `handler` on the main actor with the current order, then again after every change,
    /// until the returned observation is cancelled or released.
    ///
    /// The Swift 6 way to keep a screen's order badge or list up to date: the handler may update
    /// main-actor state directly. Keep the observation for as long as the screen wants updates:
    ///
    /// ```swift
    /// orderObservation = MenuController.shared.observeOrder { [weak self] order in
    ///     self?.badge = order.menuItems.isEmpty ? nil : "\(order.menuItems.count)"
    /// }
    /// ```
    ///
    /// Each change reaches the handler once, in the order the changes happened, on the same turn of
    /// the main queue as its ``orderUpdatedNotification``. Changes made before this call are not
    /// replayed (the first call carries their result).
    /// - Parameter handler: Receives the order; runs on the main actor.
    /// - Returns: The observation; observing stops when it is cancelled or deallocated.
    public func observeOrder(_ handler: @escaping @MainActor (Order) -> Void) -> OrderObservation {
        let orderState = self.orderState
        let id = orderState.addObserver(handler) { id, current in
            DispatchQueue.main.async {
                // The observation may have been cancelled before this first call ran.
                guard orderState.observer(id) != nil else { return }
                handler(current)
            }
        }
        return OrderObservation { orderState.removeObserver(id) }
    }

    /// The current order, then every new order, as an asynchronous sequence: for SwiftUI's `.task`
    /// or any `for await` loop.
    ///
    /// ```swift
    /// .task {
    ///     for await order in MenuController.shared.orderUpdates() { itemCount = order.menuItems.count }
    /// }
    /// ```
    ///
    /// The sequence ends when the task that iterates it is cancelled; then it stops observing. It keeps
    /// every order it has not handed out yet, in the order of the changes.
    /// - Returns: A new sequence; each call observes on its own.
    public func orderUpdates() -> AsyncStream<Order> {
        let orderState = self.orderState
        return AsyncStream { continuation in
            let id = orderState.addObserver({ continuation.yield($0) }) { _, current in continuation.yield(current) }
            continuation.onTermination = { _ in orderState.removeObserver(id) }
        }
    }
}

/// An observation of a ``MenuController``'s order, from ``MenuController/observeOrder(_:)``.
///
/// Observing stops when ``cancel()`` is called or when the observation is deallocated, so a screen
/// that keeps it in a property stops observing when it goes away.
public final class OrderObservation: Sendable {
    private let stop: Locked<(@Sendable () -> Void)?>

    init(stop: @escaping @Sendable () -> Void) {
        self.stop = Locked(stop)
    }

    /// Stops observing; the handler is not called again. Calling it again does nothing.
    public func cancel() {
        let stop = self.stop.withLock { stop -> (@Sendable () -> Void)? in
            defer { stop = nil }
            return stop
        }
        stop?()
    }

    deinit {
        cancel()
    }
}
