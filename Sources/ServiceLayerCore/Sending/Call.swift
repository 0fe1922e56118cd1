import Foundation

/// The handle of one call: cancel it, or ask whether it has finished.
///
/// Whatever happens — success, failure, ``cancel()`` before the request starts, while it is in
/// flight or from inside another completion — the call's completion runs exactly once.
///
/// (The handle is the call itself: a `Call` of the call's response type, so a call in flight holds one
/// object, not two.)
public class RequestHandle: @unchecked Sendable {
    // @unchecked: the handle has no state of its own; its one subclass, `Call`, keeps its state behind a
    // lock.
    init() {}

    /// Cancels the call: the network request stops (unless other coalesced callers still wait for it)
    /// and the completion receives ``APIError/cancelled``, unless it already received a result.
    public func cancel() {}

    /// Whether the call's result has been decided (its completion has run or is scheduled to run).
    public var isFinished: Bool { true }

    /// Whether the call ended by being cancelled.
    public var isCancelled: Bool { false }
}

/// A call's exactly-once completion, guarded by a lock.
///
/// `finish` and `cancel()` race to take the ``Delivery`` under the lock; whichever takes it delivers,
/// the other does nothing. The completion always runs asynchronously (see ``Delivery``), never under
/// the lock and never on the caller's stack. A cancel also runs the stop given to ``onCancel(_:)`` (a
/// call in several steps gives ``CancelSteps/cancel()``).
final class Call<Response>: RequestHandle, @unchecked Sendable {
    private struct State: Sendable {
        var delivery: Delivery<Response>?
        var wasCancelled = false
        var stop: (@Sendable () -> Void)?
    }

    private let state: Locked<State>
    /// Runs once as the call finishes, before its completion is queued (a progress counter's last value).
    private let finishing: (@Sendable () -> Void)?

    init(_ delivery: Delivery<Response>, finishing: (@Sendable () -> Void)? = nil) {
        self.state = Locked(State(delivery: delivery))
        self.finishing = finishing
    }

    /// The call as its caller holds it.
    var handle: RequestHandle { self }

    /// Records how to stop the call's work when it is cancelled; when the call has already finished,
    /// `stop` runs at once.
    func onCancel(_ stop: @escaping @Sendable () -> Void) {
        let stopNow = state.withLock { state -> Bool in
            guard state.delivery != nil else { return true }
            state.stop = stop
            return false
        }
        if stopNow { stop() }
    }

    /// Delivers `result` unless the call already finished.
    func finish(_ result: Result<Response, APIError>) {
        take()?.deliver(result)
    }

    /// Reads `outcome` with `reading` and delivers the result, unless the call already finished.
    func finish(_ outcome: Exchange.Outcome, reading: ResponseReading<Response>, decoder: JSONDecoder) {
        take()?.deliver(outcome, reading: reading, decoder: decoder)
    }

    override func cancel() {
        let taken = state.withLock { state -> (Delivery<Response>, (@Sendable () -> Void)?)? in
            guard let delivery = state.delivery else { return nil }
            state.wasCancelled = true
            defer { state.delivery = nil; state.stop = nil }
            return (delivery, state.stop)
        }
        guard let (delivery, stop) = taken else { return }
        stop?()
        finishing?()
        delivery.deliver(.failure(.cancelled))
    }

    override var isFinished: Bool {
        state.withLock { $0.delivery == nil }
    }

    override var isCancelled: Bool {
        state.withLock { $0.wasCancelled }
    }

    /// Takes the delivery, so that nothing else delivers; `nil` when the call has already finished.
    private func take() -> Delivery<Response>? {
        let delivery = state.withLock { state in
            defer { state.delivery = nil; state.stop = nil }
            return state.delivery
        }
        if delivery != nil { finishing?() }
        return delivery
    }
}
