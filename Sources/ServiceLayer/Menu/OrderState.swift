import Foundation

/// The current order, its version and who observes it, behind one lock.
///
/// The lock can stay held across a `_modify` access (``beginChange()`` then ``endChange(_:announce:)``),
/// so `controller.order.menuItems.append(item)` reads and writes the order as one step.
final class OrderState: Sendable {
    /// Receives a new order; always called on the main actor.
    typealias Observer = @MainActor (Order) -> Void

    fileprivate struct State {
        var order: Order
        /// Counts the changes kept so far, so an observer skips those made before it registered.
        var version = 0
        var observers: [Int: (since: Int, observer: Observer)] = [:]
        var lastObserverID = 0
    }

    private let state: Locked<State>

    init(_ order: Order) {
        state = Locked(State(order: order))
    }

    /// The order now.
    var current: Order {
        state.withLock { $0.order }
    }

    /// A change in progress: the order to edit in place, and the state it was read from.
    struct Change {
        /// The order being changed.
        var order: Order
        fileprivate let base: State
    }

    /// Takes the lock and returns the order to change; ``endChange(_:announce:)`` ends the change.
    func beginChange() -> Change {
        let base = state.acquire()
        return Change(order: base.order, base: base)
    }

    /// Keeps the changed order if it differs from the one read, calls `announce` with it and its version (still
    /// under the lock, so announcements keep the order of the changes), and releases the lock that
    /// ``beginChange()`` took.
    /// - Returns: Whether the order changed.
    @discardableResult
    func endChange(_ change: Change, announce: (_ order: Order, _ version: Int) -> Void) -> Bool {
        var kept: State?
        defer { state.release(storing: kept) }
        guard change.order != change.base.order else { return false }
        var new = change.base
        new.order = change.order
        new.version += 1
        kept = new
        announce(new.order, new.version)
        return true
    }

    /// Adds an observer that hears of every change after this moment. `start` runs under the lock
    /// with the new observer's id and the current order, so no change slips in between reading it and
    /// the first announcement.
    /// - Returns: The observer's id, for ``removeObserver(_:)``.
    func addObserver(_ observer: @escaping Observer, start: (_ id: Int, _ current: Order) -> Void) -> Int {
        state.withLock { state in
            state.lastObserverID += 1
            state.observers[state.lastObserverID] = (since: state.version, observer: observer)
            start(state.lastObserverID, state.order)
            return state.lastObserverID
        }
    }

    /// Removes an observer; does nothing when it is already gone.
    func removeObserver(_ id: Int) {
        state.withLock { $0.observers[id] = nil }
    }

    /// The observer with `id`, if it is still registered.
    func observer(_ id: Int) -> Observer? {
        state.withLock { $0.observers[id]?.observer }
    }

    /// The observers that registered before change number `version`, in the order they registered.
    func observers(of version: Int) -> [Observer] {
        state.withLock { state in
            state.observers.filter { $0.value.since < version }.sorted { $0.key < $1.key }.map(\.value.observer)
        }
    }
}
