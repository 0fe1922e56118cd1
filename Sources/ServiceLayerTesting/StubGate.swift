import Foundation
import ServiceLayer

/// A gate that holds ``StubAnswer/held(_:_:)`` answers back until the test opens it.
///
/// Where a delay would only keep requests in flight long enough for something to happen (callers
/// joining a shared request, a cancel), a gate does it without guessing a duration:
///
/// ```swift
/// let gate = StubGate()
/// let stub = URLStub(always: .held(gate, .json("[1,2,3]")))
/// // … start the calls that must overlap …
/// gate.open()  // every held answer goes out now; later requests are answered at once
/// ```
public final class StubGate: Sendable {
    private let state = Locked<(isOpen: Bool, waiting: [@Sendable () -> Void])>((false, []))

    /// A closed gate.
    public init() {}

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// How many answers the gate holds back right now.
    public var heldCount: Int { state.withLock { $0.waiting.count } }

    /// Opens the gate: every held answer goes out (on a URLSession-independent queue), and answers
    /// held by it later go out at once. Opening an open gate does nothing.
    public func open() {
        let released = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isOpen else { return [] }
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for release in released { DispatchQueue.global().async(execute: release) }
    }

    /// Runs `release` when the gate opens (at once, on another queue, when it is open already).
    func whenOpen(_ release: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.isOpen { return true }
            state.waiting.append(release)
            return false
        }
        if now { DispatchQueue.global().async(execute: release) }
    }
}
