import Foundation

/// Notices a main queue that does not run the completions handed to it, and says so once.
///
/// Two checks, in command-line processes only, while the warning is on and not yet printed, and only
/// until the main queue is first seen running: a main queue that has run our work is serviced (by
/// `dispatchMain()`, a run loop, an async main or an app's event loop), so neither check can fire any
/// more and both retire for good: no timer, no counting, a lock taken twice per call and nothing else.
/// - A main queue that never runs. ``MainQueue/async(_:)`` tells it when work is queued (``willQueue()``)
///   and when the main queue starts running it (``didStart()``). While something waits, one
///   ``OneShotTimer`` is armed; when it fires and the main queue has still started nothing, the oldest
///   waiting work has waited at least ``patience`` seconds. If the main thread sent a call meanwhile
///   (``callSent()`` on the main thread), it is busy, not blocked — a program starting thousands of
///   calls before `dispatchMain()` — and the timer is armed again; otherwise the warning is printed.
/// - A program that ends first. Each main-actor call is counted from its send (``callSent()``, through
///   `CompletionRoute.watched()`) to the start of its completion (``completionStarts()``); an `atexit` handler
///   warns when the program ends with calls counted and the main queue never started anything.
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
        /// How many calls the main thread has sent, ever: while it sends, it is busy, not blocked.
        var sentOnMainThread: UInt64 = 0
        /// ``sentOnMainThread`` when the timer was armed.
        var sentOnMainThreadWhenArmed: UInt64 = 0
        /// The armed timer, while work waits.
        var timer: OneShotTimer?
        /// Calls with a main-actor completion that has not started yet.
        var callsWaiting = 0
        /// Whether the check at exit is registered (with `atexit`, once).
        var checksAtExit = false
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

    /// Whether a check may still fire: the warning is on and not printed, and the main queue has never
    /// been seen running.
    private static func isWatching(_ state: State) -> Bool {
        state.isEnabled && !state.hasWarned && state.started == 0
    }

    /// Counts one piece of work queued on the main queue, and arms the timer if it is the only one
    /// waiting. Returns whether it was counted: then ``didStart()`` must be called when it starts.
    static func willQueue() -> Bool {
        guard isCommandLineProcess else { return false }
        return state.withLock { state in
            guard isWatching(state) else { return false }
            state.waiting += 1
            if state.timer == nil { arm(&state) }
            return true
        }
    }

    /// Counts one piece of counted work as started by the main queue: the main queue runs, so the timer
    /// is disarmed and never armed again.
    static func didStart() {
        state.withLock { state in
            state.waiting -= 1
            state.started &+= 1
            state.timer?.cancel()
            state.timer = nil
        }
    }

    // MARK: Calls whose completion never ran

    /// Counts a call with a main-actor completion, sent now; the first one registers the check at exit.
    /// Returns whether it was counted: then ``completionStarts()`` must be called when its completion
    /// starts on the main queue.
    static func callSent() -> Bool {
        guard isCommandLineProcess else { return false }
        let registers = state.withLock { state -> Bool? in
            guard isWatching(state) else { return nil }  // retired: not even the thread is asked (1–2 µs a call)
            if Thread.isMainThread { state.sentOnMainThread &+= 1 }
            state.callsWaiting += 1
            defer { state.checksAtExit = true }
            return !state.checksAtExit
        }
        if registers == true { atexit { MainQueueWatchdog.processExits() } }
        return registers != nil
    }

    /// Counts one counted call's completion as started.
    static func completionStarts() {
        state.withLock { $0.callsWaiting -= 1 }
    }

    /// At exit: a program that ends with calls waiting, having never let the main queue run anything
    /// of ours, returned from top-level code (or called `exit`) before any completion could run.
    private static func processExits() {
        let waiting = state.withLock { state -> Int in
            guard isWatching(state), state.callsWaiting > 0 else { return 0 }
            state.hasWarned = true
            return state.callsWaiting
        }
        if waiting > 0, !currentTexts.warning.isEmpty {
            FileHandle.standardError.write(Data((currentTexts.ended(waiting) + "\n").utf8))
        }
    }

    // MARK: The timer

    private static func arm(_ state: inout State) {
        let timer = OneShotTimer(after: patience, queue: .global(qos: .utility)) { timerFired() }
        state.sentOnMainThreadWhenArmed = state.sentOnMainThread
        state.timer = timer
        timer.resume()
    }

    private static func timerFired() {
        let warns = state.withLock { state -> Bool in
            state.timer = nil
            guard isWatching(state), state.waiting > 0 else { return false }
            if state.sentOnMainThread != state.sentOnMainThreadWhenArmed {
                arm(&state)  // the main thread is busy sending calls, not blocked: wait for it again
                return false
            }
            state.hasWarned = true
            return true
        }
        if warns, !currentTexts.warning.isEmpty {
            FileHandle.standardError.write(Data((currentTexts.warning + "\n").utf8))
        }
    }

    /// The two warnings' texts in one language.
    struct Texts: Sendable {
        /// The warning after ``patience`` seconds.
        var warning: String
        /// The warning at exit, for a number of calls still waiting.
        var ended: @Sendable (Int) -> String
    }

    /// The texts in the messages' language: set by the client (`APIClient`'s initializer installs the
    /// messages' table, a later layer: `Messages/<Language>/`). No call waits before a client exists, so
    /// nothing is printed without them.
    static let texts = Locked<(@Sendable () -> Texts)?>(nil)

    private static var currentTexts: Texts {
        texts.withLock { $0 }?() ?? Texts(warning: "", ended: { _ in "" })
    }
}
