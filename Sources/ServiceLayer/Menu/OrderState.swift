import Foundation

/// The current order, its version and who observes it, behind one lock.
///
/// The lock can stay held across a `_modify` access (``beginChange()`` then ``endChange(_:announce:)``),
/// so `controller.order.menuItems.append(item)` reads and writes the order as one step. It is an
/// `NSLock` (a `pthread_mutex_t` on Linux), which ThreadSanitizer understands.
final class OrderState: @unchecked Sendable {
    /// Receives a new order; always called on the main queue.
    typealias Observer = @Sendable (Order) -> Void

    private let lock = NSLock()
    // Everything below is guarded by `lock`.
    private var order: Order
    /// Counts the changes kept so far, so an observer skips those made before it registered.
    private var version = 0
    private var observers: [Int: (since: Int, observer: Observer)] = [:]
    private var lastObserverID = 0

    init(_ order: Order) {
        self.order = order
    }

    /// The order now.
    var current: Order {
        lock.lock()
        defer { lock.unlock() }
        return order
    }

    /// Takes the lock and returns the order, for a change that ``endChange(_:announce:)`` ends.
    func beginChange() -> Order {
        lock.lock()
        return order
    }

    /// Keeps `changed` if it differs from the order, calls `announce` with it and its version (still
    /// under the lock, so announcements keep the order of the changes), and releases the lock that
    /// ``beginChange()`` took.
    /// - Returns: Whether the order changed.
    @discardableResult
    func endChange(_ changed: Order, announce: (_ order: Order, _ version: Int) -> Void) -> Bool {
        defer { lock.unlock() }
        guard changed != order else { return false }
        order = changed
        version += 1
        announce(changed, version)
        return true
    }

    /// Adds an observer that hears of every change after this moment. `start` runs under the lock
    /// with the new observer's id and the current order, so no change slips in between reading it and
    /// the first announcement.
    /// - Returns: The observer's id, for ``removeObserver(_:)``.
    func addObserver(_ observer: @escaping Observer, start: (_ id: Int, _ current: Order) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        lastObserverID += 1
        observers[lastObserverID] = (since: version, observer: observer)
        start(lastObserverID, order)
        return lastObserverID
    }

    /// Removes an observer; does nothing when it is already gone.
    func removeObserver(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        observers[id] = nil
    }

    /// The observer with `id`, if it is still registered.
    func observer(_ id: Int) -> Observer? {
        lock.lock()
        defer { lock.unlock() }
        return observers[id]?.observer
    }

    /// The observers that registered before change number `version`, in the order they registered.
    func observers(of version: Int) -> [Observer] {
        lock.lock()
        defer { lock.unlock() }
        return observers.filter { $0.value.since < version }.sorted { $0.key < $1.key }.map(\.value.observer)
    }
}
