import Foundation

/// The handle of one call: cancel it, or ask whether it has finished.
///
/// Whatever happens — success, failure, ``cancel()`` before the request starts, while it is in
/// flight or from inside another completion — the call's completion runs exactly once.
public final class RequestHandle: Sendable {
    private let call: any CallControl

    init(_ call: any CallControl) {
        self.call = call
    }

    /// Cancels the call: the network request stops (unless other coalesced callers still wait for it)
    /// and the completion receives ``APIError/cancelled``, unless it already received a result.
    public func cancel() {
        call.cancel()
    }

    /// Whether the call's result has been decided (its completion has run or is scheduled to run).
    public var isFinished: Bool {
        call.isFinished
    }

    /// Whether the call ended by being cancelled.
    public var isCancelled: Bool {
        call.isCancelled
    }
}

/// What a ``RequestHandle`` controls: a ``Call`` of any response type.
protocol CallControl: Sendable {
    func cancel()
    var isFinished: Bool { get }
    var isCancelled: Bool { get }
}

/// A call's exactly-once completion, guarded by a lock.
///
/// `finish` and `cancel()` race to take the ``Delivery`` under the lock; whichever takes it delivers,
/// the other does nothing. The completion always runs asynchronously (see ``Delivery``), never under
/// the lock and never on the caller's stack.
///
/// A call may go through stages (the accounts' refresh flow: a first request, a wait for a refresh,
/// a second request). Each stage registers how to stop it with ``onCancel(stage:_:)``; a cancel stops
/// only the stage under way.
final class Call<Response>: CallControl {
    private struct State: Sendable {
        var delivery: Delivery<Response>?
        var wasCancelled = false
        /// The stage under way; its cancel action counts only while it is current.
        var stage = 0
        var cancelStage: (@Sendable () -> Void)?
    }

    private let state: Locked<State>

    init(_ delivery: Delivery<Response>) {
        self.state = Locked(State(delivery: delivery))
    }

    /// Begins a new stage and returns its number, or `nil` when the call has already finished.
    func beginStage() -> Int? {
        state.withLock { state in
            guard state.delivery != nil else { return nil }
            state.stage += 1
            state.cancelStage = nil
            return state.stage
        }
    }

    /// Records how to stop `stage` (0, the default, for a call without stages). When the call has
    /// finished meanwhile, `cancel` runs at once; when a later stage has begun, it is dropped.
    func onCancel(stage: Int = 0, _ cancel: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state -> Bool in
            guard state.delivery != nil else { return true }
            if state.stage == stage { state.cancelStage = cancel }
            return false
        }
        if cancelNow { cancel() }
    }

    /// Delivers `result` unless the call already finished.
    func finish(_ result: Result<Response, APIError>) {
        take()?.deliver(result)
    }

    /// Reads `outcome` with `reading` and delivers the result, unless the call already finished.
    func finish(_ outcome: Exchange.Outcome, reading: ResponseReading<Response>, decoder: JSONDecoder) {
        take()?.deliver(outcome, reading: reading, decoder: decoder)
    }

    func cancel() {
        let taken = state.withLock { state -> (Delivery<Response>, (@Sendable () -> Void)?)? in
            guard let delivery = state.delivery else { return nil }
            state.wasCancelled = true
            defer { state.delivery = nil; state.cancelStage = nil }
            return (delivery, state.cancelStage)
        }
        guard let (delivery, cancelStage) = taken else { return }
        cancelStage?()
        delivery.deliver(.failure(.cancelled))
    }

    var isFinished: Bool {
        state.withLock { $0.delivery == nil }
    }

    var isCancelled: Bool {
        state.withLock { $0.wasCancelled }
    }

    /// Takes the delivery, so that nothing else delivers; `nil` when the call has already finished.
    private func take() -> Delivery<Response>? {
        state.withLock { state in
            defer { state.delivery = nil; state.cancelStage = nil }
            return state.delivery
        }
    }
}
