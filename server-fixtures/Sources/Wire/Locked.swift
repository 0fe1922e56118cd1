#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: the one way the server keeps shared mutable state.
///
/// The lock is a plain `pthread_mutex_t`, which every platform of the package has (macOS 12 and the
/// other Apple floors, Linux) and which ThreadSanitizer intercepts, so it sees every hand-off between
/// threads. The mutex lives in memory of its own (`UnsafeMutablePointer`), never in a stored property,
/// so its address never changes while a thread waits on it.
///
/// The client library has the same small type: the server shares no code with the client, since it
/// stands for the other side of the wire.
final class Locked<State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` is only read and written between `pthread_mutex_lock` and
    // `pthread_mutex_unlock` of `mutex`; both pointers are set once in `init`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The state lives behind a pointer too, not in a `var` of this class: Swift checks a class
    // property's accesses for exclusivity at run time, and ThreadSanitizer reported those checks on
    // an empty state (`Locked(())`) as "Swift access races" although every access held the lock.
    private let state: UnsafeMutablePointer<State>

    /// Puts `initialState` behind a new lock.
    init(_ initialState: State) {
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

    /// Runs `body` with exclusive access to the state and returns what it returns; a typed error
    /// thrown by `body` is rethrown as is. `body` must not call `withLock` on the same lock.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
