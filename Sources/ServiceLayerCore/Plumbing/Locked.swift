import Foundation

/// A value behind a lock: the one way shared mutable state is kept in ServiceLayer.
///
/// The lock is a plain `pthread_mutex_t`, which every platform of the package has (iOS 15, macOS 12,
/// tvOS 15, watchOS 8, visionOS 1, Linux) and which ThreadSanitizer intercepts, so it sees every
/// hand-off between threads. The mutex lives in the tail of a `ManagedBuffer`, never in a stored
/// property, so its address never changes while a thread waits on it.
///
/// Public on purpose, one of the three public types of `Plumbing/` (CONTRIBUTING.md, "The plumbing that is
/// public on purpose"): a controller of your own keeps its shared state the way the sample controllers do
/// (the order, the token store), at the package's deployment floor (`Mutex` needs iOS 18). The fixture
/// server keeps its own copy: it shares no code with the client.
public struct Locked<State: Sendable>: @unchecked Sendable {
    // @unchecked: the state is only read and written between `pthread_mutex_lock` and
    // `pthread_mutex_unlock` of the buffer's mutex. Copies of a `Locked` share one buffer.
    //
    // One allocation holds both: the state is the buffer's header, the mutex its one element, so a
    // lock costs one `malloc` (a call makes several locks; a call in flight holds them). Their
    // addresses are taken once, here, and kept: the buffer never moves, and reaching the header
    // through `ManagedBuffer`'s accessors on every use is a formal access to a class property, which
    // ThreadSanitizer reports as a "Swift access race" between two threads that both wait for the lock.
    private let buffer: Storage
    private let state: UnsafeMutablePointer<State>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Puts `initialState` behind a new lock.
    public init(_ initialState: State) {
        // `create` returns a `ManagedBuffer<State, pthread_mutex_t>` whose dynamic type is `Storage`.
        let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in initialState }, to: Storage.self)
        (state, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        buffer = storage
    }

    /// Runs `body` with exclusive access to the state and returns what it returns. `body` must not
    /// call `withLock` on the same lock (the lock is not recursive).
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_mutex_unlock(mutex)
            _fixLifetime(buffer)
        }
        return try body(&state.pointee)
    }

    // MARK: Holding the lock across a `yield`

    /// Takes the lock and returns the state, for a change that cannot fit in a closure: a `_modify`
    /// accessor that must hold the lock while it yields. Call ``release(storing:)`` on the same thread
    /// exactly once afterwards; prefer ``withLock(_:)`` everywhere else.
    public func acquire() -> State {
        pthread_mutex_lock(mutex)
        return state.pointee
    }

    /// Stores `newState` (when given) and releases the lock taken by ``acquire()``.
    public func release(storing newState: State?) {
        if let newState { state.pointee = newState }
        pthread_mutex_unlock(mutex)
        _fixLifetime(buffer)
    }

    /// The state and the mutex in one allocation; destroys the mutex with it.
    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}

extension Locked: CustomReflectable {
    /// No children: `dump` never walks into the state (a token store's tokens, say).
    public var customMirror: Mirror {
        Mirror(self, children: [])
    }
}
