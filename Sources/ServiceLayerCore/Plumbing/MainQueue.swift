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
