import Dispatch
import Foundation

/// The main queue, entered as the main actor: the one place the core asserts that isolation.
enum MainQueue {
    /// Runs `work` on the main queue, later, as the main actor. In a command-line program,
    /// ``MainQueueWatchdog`` warns once if the main queue leaves it waiting for seconds.
    static func async(_ work: @escaping @MainActor () -> Void) {
        if MainQueueWatchdog.willQueue() {
            DispatchQueue.main.async {
                MainQueueWatchdog.didStart()
                run(work)
            }
        } else {
            DispatchQueue.main.async { run(work) }
        }
    }

    /// Runs `work` now, as the main actor; the caller must be on the main thread (it traps otherwise).
    static func run<Value>(_ work: @MainActor () -> Value) -> Value {
        MainActor.assumeIsolated { Handed(work()) }.value
    }
}

/// A value handed from one thread to another exactly once, never used again by the sender.
///
/// A call's result crosses from the thread that made it to the thread of its completion. Its type is
/// generic, so the compiler cannot see what makes the hand-over safe: ``ResponseReading/anywhere(_:)``
/// and ``CompletionRoute/queue(_:_:)`` are only made for `Sendable` responses, a main-actor reading makes its
/// result on the main actor, and a failure carries only an ``APIError``.
struct Handed<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
