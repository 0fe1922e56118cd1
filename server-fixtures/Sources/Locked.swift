import Synchronization

/// A `Mutex` whose hand-offs ThreadSanitizer can see. It behaves exactly like `Mutex`.
///
/// On Linux, `Synchronization.Mutex` waits with the `FUTEX_LOCK_PI` system call: when the lock is
/// contended, the kernel hands it to the waiting thread. ThreadSanitizer does not model that call, so
/// it reports two threads' accesses inside the lock as a data race although the lock ordered them.
/// The atomic below (read with acquire ordering on entry, bumped with release ordering on exit) gives
/// ThreadSanitizer the happens-before edge the kernel already provides, for a few nanoseconds a call.
///
/// The client library has the same small type: the server shares no code with the client, since it
/// stands for the other side of the wire.
final class Locked<State: Sendable>: Sendable {
    private let mutex: Mutex<State>
    private let handOff = Atomic<UInt>(0)

    init(_ initialState: State) {
        mutex = Mutex(initialState)
    }

    /// Runs `body` with exclusive access to the state, like `Mutex.withLock(_:)`.
    func withLock<Result: Sendable, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try mutex.withLock { (state: inout State) throws(Failure) -> Result in
            _ = handOff.load(ordering: .acquiring)
            defer { handOff.wrappingAdd(1, ordering: .releasing) }
            return try body(&state)
        }
    }
}
