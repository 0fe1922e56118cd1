import Foundation

/// Something that can be cancelled: what every ServiceLayer call returns.
public protocol Cancellable: Sendable {
    /// Cancels the work. Its completion is then called with `.cancelled`, unless it was already
    /// called; calling `cancel()` again, or after the completion, does nothing.
    func cancel()
}

/// The handle of one call: cancel it, or ask whether it has finished.
///
/// Whatever happens — success, failure, ``cancel()`` before the request starts, while it is in
/// flight or from inside another completion — the call's completion runs exactly once.
public final class RequestHandle: Cancellable, Sendable {
    private let control: any CallControl

    init(_ control: any CallControl) {
        self.control = control
    }

    /// A handle whose call has already completed (for example a cache hit); cancelling it does nothing.
    public static func completed() -> RequestHandle {
        RequestHandle(CompletedCall())
    }

    /// Cancels the call: the network request stops (unless other coalesced callers still wait for it)
    /// and the completion receives ``APIError/cancelled``, unless it already received a result.
    public func cancel() {
        control.cancel()
    }

    /// Whether the call's result has been decided (its completion has run or is scheduled to run).
    public var isFinished: Bool {
        control.isFinished
    }

    /// Whether the call ended by being cancelled.
    public var isCancelled: Bool {
        control.isCancelled
    }
}

/// What a ``RequestHandle`` controls.
protocol CallControl: Sendable {
    func cancel()
    var isFinished: Bool { get }
    var isCancelled: Bool { get }
}

private struct CompletedCall: CallControl {
    func cancel() {}
    var isFinished: Bool { true }
    var isCancelled: Bool { false }
}

/// A call that finishes once: an exactly-once completion, guarded by a lock.
///
/// `finish(_:)` and `cancel()` race to take the completion under the lock; whichever takes it
/// delivers, the other does nothing. The completion always runs asynchronously on the call's queue,
/// never under the lock and never on the caller's stack.
final class Call<Response: Sendable>: CallControl {
    typealias Completion = @Sendable (Result<Response, APIError>) -> Void

    private struct State {
        var completion: Completion?
        var wasCancelled = false
        /// Undoes the call's interest in the network (leaves its transfer); set once the transfer is joined.
        var detach: (@Sendable () -> Void)?
    }

    private let state: Locked<State>
    private let queue: DispatchQueue

    init(queue: DispatchQueue, completion: @escaping Completion) {
        self.queue = queue
        self.state = Locked(State(completion: completion))
    }

    /// Records how to leave the network exchange on cancel. Returns `false` when the call already
    /// finished (it was cancelled first), in which case the caller must detach itself.
    func setDetach(_ detach: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard state.completion != nil else { return false }
            state.detach = detach
            return true
        }
    }

    /// Delivers `result` unless the call already finished. Returns whether it did.
    @discardableResult
    func finish(_ result: Result<Response, APIError>) -> Bool {
        let completion = state.withLock { state -> Completion? in
            defer { state.completion = nil; state.detach = nil }
            return state.completion
        }
        guard let completion else { return false }
        queue.async { completion(result) }
        return true
    }

    func cancel() {
        let taken = state.withLock { state -> (Completion, (@Sendable () -> Void)?)? in
            guard let completion = state.completion else { return nil }
            state.wasCancelled = true
            defer { state.completion = nil; state.detach = nil }
            return (completion, state.detach)
        }
        guard let (completion, detach) = taken else { return }
        detach?()
        queue.async { completion(.failure(.cancelled)) }
    }

    var isFinished: Bool {
        state.withLock { $0.completion == nil }
    }

    var isCancelled: Bool {
        state.withLock { $0.wasCancelled }
    }
}
