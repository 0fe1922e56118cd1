import Foundation

extension APIClient {
    /// Whether ServiceLayer warns, once per process on standard error, when a completion waits for a
    /// main queue that nothing runs. `true` by default; set it to `false` (before the first call) to
    /// silence the warning.
    ///
    /// Completions of `send(_:completion:)` and of the controllers run on the main actor, that is on
    /// the main queue. In a command-line program nothing runs the main queue while the main thread
    /// sleeps, waits on a semaphore, or has returned from top-level code, so those completions never
    /// run. The warning comes when a completion has waited 2 seconds, the main queue has never run
    /// anything and the main thread has sent no call meanwhile (a main thread busy starting calls is
    /// not blocked), or when the program ends with calls waiting and never ran the main queue; it names
    /// the fixes: `dispatchMain()` at the end of `main.swift`, `RunLoop.main.run()`, or `await` the
    /// `async` twin in an `async` main.
    ///
    /// The check runs only in a command-line process — always on Linux; on macOS in a process whose
    /// main bundle is not an `.app` (or an app extension); never on iOS, tvOS, watchOS or visionOS,
    /// where every process is an app. It watches only until the main queue first runs one of its
    /// completions: from then on the main queue is known to be serviced, and the check costs a lock taken
    /// twice per call and nothing else (no timer, no counting); in an app, nothing. A program whose main
    /// thread is busy for seconds with other work than sending calls, before the main queue has ever run,
    /// may see the warning once (it then says the warning may not be for it), and may turn it off here.
    public static var warnsWhenMainQueueIsBlocked: Bool {
        get { MainQueueWatchdog.state.withLock { $0.isEnabled } }
        set { MainQueueWatchdog.state.withLock { $0.isEnabled = newValue } }
    }
}
