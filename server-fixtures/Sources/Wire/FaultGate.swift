import Foundation

/// Holds back the answers of ``Fault/held(_:)`` until a test opens it.
///
/// Where a fixed ``Fault/delay(_:)`` would only keep a request in flight long enough for something to
/// happen (identical calls joining one request, a cancel), a gate does it without guessing a duration:
///
/// ```swift
/// let gate = FaultGate()
/// server.inject(.held(gate), path: "/categories")
/// // … start the calls that must overlap …
/// gate.open()  // the held request is answered normally now; later ones are not held
/// ```
///
/// `stop()` ends a held wait too, closing the connection.
public final class FaultGate: Sendable, Equatable {
    private let state = Locked((isOpen: false, heldCount: 0))

    /// A closed gate.
    public init() {}

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// How many requests the gate holds back right now.
    public var heldCount: Int { state.withLock { $0.heldCount } }

    /// Whether `lhs` and `rhs` are the same gate.
    public static func == (lhs: FaultGate, rhs: FaultGate) -> Bool { lhs === rhs }

    /// Opens the gate: every held request is answered normally within a few milliseconds, and a
    /// request that meets the open gate later is not held. Opening an open gate does nothing.
    public func open() {
        state.withLock { $0.isOpen = true }
    }

    /// Waits on the connection's thread until the gate opens (`true`) or `sleep` says the server is
    /// stopping (`false`), checking every 5 ms.
    func wait(sleeping sleep: (TimeInterval) -> Bool) -> Bool {
        let isOpen = state.withLock { state -> Bool in
            if !state.isOpen { state.heldCount += 1 }
            return state.isOpen
        }
        if isOpen { return true }
        defer { state.withLock { $0.heldCount -= 1 } }
        while !self.isOpen {
            if !sleep(0.005) { return false }
        }
        return true
    }
}
