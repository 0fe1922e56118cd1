import Foundation

extension APIClient {
    /// Whether ServiceLayer warns, once per process on standard error, when a completion waits for a
    /// main queue that nothing runs. `true` by default; set it to `false` to silence the warning.
    ///
    /// Completions of `send(_:completion:)` and of the controllers run on the main actor, that is on
    /// the main queue. In a command-line program nothing runs the main queue while the main thread
    /// sleeps, waits on a semaphore, or has returned from top-level code, so those completions never
    /// run. When a completion has waited 2 seconds and the main queue has run nothing meanwhile, the
    /// warning names the fixes: `dispatchMain()` at the end of `main.swift`, `RunLoop.main.run()`, or
    /// `await` the `async` twin in an `async` main.
    ///
    /// The check runs only in a command-line process — always on Linux; on macOS in a process whose
    /// main bundle is not an `.app` (or an app extension); never on iOS, tvOS, watchOS or visionOS,
    /// where every process is an app — and only while a completion is waiting; otherwise it costs
    /// nothing. A program that really keeps its main thread busy for seconds while calls finish may
    /// see the warning once, and may turn it off here.
    public static var warnsWhenMainQueueIsBlocked: Bool {
        get { MainQueueWatchdog.state.withLock { $0.isEnabled } }
        set { MainQueueWatchdog.state.withLock { $0.isEnabled = newValue } }
    }
}

/// Notices a main queue that does not run the completions handed to it, and says so once.
///
/// ``MainQueue/async(_:)`` tells it when work is queued (``willQueue()``) and when the main queue
/// starts running it (``didStart()``). While something waits, one ``OneShotTimer`` is armed; when it
/// fires and the main queue has started nothing since it was armed, the oldest waiting work has waited
/// at least ``patience`` seconds, and the warning is printed. If the main queue did run something, the
/// timer is armed again for the work still waiting. Nothing is counted outside a command-line process,
/// when the warning is off, or once it was printed.
enum MainQueueWatchdog {
    /// How long, in seconds, queued work may wait before the warning.
    static let patience: Double = 2

    struct State: Sendable {
        /// ``APIClient/warnsWhenMainQueueIsBlocked``.
        var isEnabled = true
        /// Whether the warning was printed (it is printed once per process).
        var hasWarned = false
        /// Work queued and not yet started.
        var waiting = 0
        /// How many pieces of work the main queue has started, ever.
        var started: UInt64 = 0
        /// ``started`` when the timer was armed.
        var startedWhenArmed: UInt64 = 0
        /// The armed timer, while work waits.
        var timer: OneShotTimer?
    }

    static let state = Locked(State())

    /// Whether this process is one whose main queue only runs if its own code runs it: a command-line
    /// tool. An app's main queue is run by UIKit or AppKit, so the check never applies there.
    static let isCommandLineProcess: Bool = {
        #if os(macOS)
        let kind = Bundle.main.bundleURL.pathExtension
        return kind != "app" && kind != "appex"
        #elseif os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return false
        #else
        return true
        #endif
    }()

    /// Counts one piece of work queued on the main queue, and arms the timer if it is the only one
    /// waiting. Returns whether it was counted: then ``didStart()`` must be called when it starts.
    static func willQueue() -> Bool {
        guard isCommandLineProcess else { return false }
        return state.withLock { state in
            guard state.isEnabled, !state.hasWarned else { return false }
            state.waiting += 1
            if state.timer == nil { arm(&state) }
            return true
        }
    }

    /// Counts one piece of counted work as started by the main queue; disarms the timer when nothing waits.
    static func didStart() {
        state.withLock { state in
            state.waiting -= 1
            state.started &+= 1
            if state.waiting == 0, let timer = state.timer {
                timer.cancel()
                state.timer = nil
            }
        }
    }

    private static func arm(_ state: inout State) {
        let timer = OneShotTimer(after: patience, queue: .global(qos: .utility)) { timerFired() }
        state.startedWhenArmed = state.started
        state.timer = timer
        timer.resume()
    }

    private static func timerFired() {
        let warns = state.withLock { state -> Bool in
            state.timer = nil
            guard state.isEnabled, !state.hasWarned, state.waiting > 0 else { return false }
            if state.started != state.startedWhenArmed {
                arm(&state)  // the main queue moved: give the work still waiting its own time
                return false
            }
            state.hasWarned = true
            return true
        }
        if warns { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
    }

    /// What the warning says: what happened, why, and the fixes.
    static let warning = """
        ServiceLayer: a completion has waited \(Int(patience)) seconds for the main queue, which has run nothing meanwhile.
          Why: completions of APIClient.send(_:completion:) and of the controllers run on the main actor, that is
          on the main queue, and in a command-line program nothing runs the main queue while the main thread
          sleeps, waits on a semaphore or a group, or has returned from top-level code (the program then ends
          with no output and exit status 0).
          Fix: end main.swift with dispatchMain() and call exit(0) in the last completion; or call
          RunLoop.main.run(); or await the async twins in an async main:
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          (Printed once per process; APIClient.warnsWhenMainQueueIsBlocked = false turns it off.)
        """
}
