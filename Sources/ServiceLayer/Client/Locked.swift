import Foundation

/// A value behind a lock: the one way shared mutable state is kept in ServiceLayer.
///
/// The lock is a plain `pthread_mutex_t`, which every platform of the package has (iOS 15, macOS 12,
/// tvOS 15, watchOS 8, visionOS 1, Linux) and which ThreadSanitizer intercepts, so it sees every
/// hand-off between threads. The mutex lives in memory of its own (`UnsafeMutablePointer`), never
/// in a stored property, so its address never changes while a thread waits on it.
///
/// `package` so the demo, the benchmark and the tests of this package share it; it is not public API.
/// The fixture server keeps its own copy: it shares no code with the client.
package final class Locked<State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` is only read and written between `pthread_mutex_lock` and
    // `pthread_mutex_unlock` of `mutex`; both pointers are set once in `init`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The state lives behind a pointer too, not in a `var` of this class: Swift checks a class
    // property's accesses for exclusivity at run time, and ThreadSanitizer reported those checks on
    // an empty state (`Locked(())`) as "Swift access races" although every access held the lock.
    private let state: UnsafeMutablePointer<State>

    /// Puts `initialState` behind a new lock.
    package init(_ initialState: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state and returns what it returns. `body` must not
    /// call `withLock` on the same lock (the lock is not recursive).
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }

    // MARK: Holding the lock across a `yield`

    /// Takes the lock and returns the state, for a change that cannot fit in a closure: a `_modify`
    /// accessor that must hold the lock while it yields. Call ``release(storing:)`` on the same thread
    /// exactly once afterwards; prefer ``withLock(_:)`` everywhere else.
    package func acquire() -> State {
        pthread_mutex_lock(mutex)
        return state.pointee
    }

    /// Stores `newState` (when given) and releases the lock taken by ``acquire()``.
    package func release(storing newState: State?) {
        if let newState { state.pointee = newState }
        pthread_mutex_unlock(mutex)
    }
}
