import Foundation

#if os(Linux)
// `Atomic` is in the toolchain's Synchronization module on Linux; on Apple platforms it needs iOS 18 /
// macOS 15 (https://developer.apple.com/documentation/synchronization/atomic), above the package's floor,
// so there the flag is a `Locked` value.
import Synchronization
#endif

/// A flag set once, from any thread, and read often: whether a call was cancelled, as the main queue
/// asks before each event it hands on (a chunk of a stream holds hundreds).
///
/// On Linux an atomic `Bool` (a plain load per read); on Apple platforms a ``Locked`` `Bool`. Either way
/// a read that follows ``set()`` (by the thread's own order or by a lock or queue hand-off) sees it set.
final class CancelFlag: Sendable {
    #if os(Linux)
    private let value = Atomic<Bool>(false)  // floor-ok: Linux only, under #if os(Linux)
    #else
    private let value = Locked(false)
    #endif

    /// A flag not set.
    init() {}

    /// Whether ``set()`` was called.
    var isSet: Bool {
        #if os(Linux)
        value.load(ordering: .acquiring)  // floor-ok: Linux only, under #if os(Linux)
        #else
        value.withLock { $0 }
        #endif
    }

    /// Sets the flag, for good.
    func set() {
        #if os(Linux)
        value.store(true, ordering: .releasing)  // floor-ok: Linux only, under #if os(Linux)
        #else
        value.withLock { $0 = true }
        #endif
    }
}
