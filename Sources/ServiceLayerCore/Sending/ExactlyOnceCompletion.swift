import Foundation

/// The handle of one call: cancel it, or ask whether it has finished.
///
/// Whatever happens — success, failure, ``cancel()`` before the request starts, while it is in
/// flight or from inside another completion — the call's completion runs exactly once.
///
/// For a main-actor completion (`APIClient.send(_:completion:)`, the controllers, ``delivering(_:to:)``,
/// ``running(completion:_:)``), a cancel made before the completion has *started* wins: even when the
/// result has already arrived and its completion is queued on the main queue, the completion then
/// receives ``APIError/cancelled`` instead. So a table cell that cancels its picture in
/// UIKit's prepareForReuse is never handed that picture afterwards. A cancel made once the completion has
/// started (from inside it, or later) changes nothing.
///
/// (The handle is the call itself: an `ExactlyOnceCompletion` of the call's response type, so a call in flight holds one
/// object, not two.)
public class RequestHandle: @unchecked Sendable {
    // @unchecked: the handle has no state of its own; its one subclass, `ExactlyOnceCompletion`, keeps its state behind a
    // lock.
    init() {}

    /// Cancels the call: the network request stops (unless other coalesced callers still wait for it)
    /// and the completion receives ``APIError/cancelled``, unless it has already started. A main-actor
    /// completion that is queued but has not started yet receives ``APIError/cancelled`` instead of its
    /// result; a completion on a queue of yours (`send(_:callbackQueue:completion:)`), or a finished
    /// download, keeps the result it was given once the result is known.
    public func cancel() {}

    /// Whether the call's work is over: its result is known (or it was cancelled) and its completion
    /// has run or is queued. A queued main-actor completion can still be turned into
    /// ``APIError/cancelled`` by ``cancel()``; ``isCancelled`` tells.
    public var isFinished: Bool { true }

    /// Whether ``cancel()`` won: the completion receives (or received) ``APIError/cancelled`` because of
    /// it. `false` for a cancel made after the completion started, or after a queue completion's result
    /// was known.
    public var isCancelled: Bool { false }
}

/// A call's exactly-once completion, guarded by a lock.
///
/// `finish` and `cancel()` race to take the ``CompletionRoute`` under the lock; whichever takes it queues the
/// completion, the other does nothing — except that a main-actor completion queued by `finish` decides,
/// under the same lock as it starts, between its result and ``APIError/cancelled``: a `cancel()` that
/// came in between (on the main actor or from any thread) only marks the call cancelled, and the queued
/// block delivers ``APIError/cancelled`` instead of the result. So the completion runs exactly once
/// on every path. It always runs asynchronously (see ``CompletionRoute``), never under the lock and never on
/// the caller's stack. A cancel also runs the stop given to ``onCancel(_:)`` (a call in several steps
/// gives ``CurrentStep/cancel()``).
final class ExactlyOnceCompletion<Response>: RequestHandle, @unchecked Sendable {
    private struct State: Sendable {
        var delivery: CompletionRoute<Response>?
        var wasCancelled = false
        /// Whether the completion has started, or was queued already cancelled.
        var completionStarted = false
        var stop: (@Sendable () -> Void)?
        /// Set whenever ``wasCancelled`` becomes true (see ``flagCancels(_:)``).
        var cancelFlag: CancelFlag?
    }

    private let state: Locked<State>
    /// Runs once as the call finishes, before its completion is queued (a progress counter's last value).
    private let finishing: (@Sendable () -> Void)?
    /// Whether a cancel after the result is known, before the completion starts, still wins: true for a
    /// main-actor completion unless `keepsResults` was given.
    private let cancelsLate: Bool

    /// A call delivering to `delivery`.
    /// - Parameters:
    ///   - finishing: Runs once as the call finishes; none by default.
    ///   - keepsResults: Whether a result, once known, is delivered even if a cancel comes before the
    ///     completion starts (a downloaded file already moved into place); `false` by default, so a
    ///     main-actor completion receives ``APIError/cancelled`` then.
    init(_ delivery: CompletionRoute<Response>, finishing: (@Sendable () -> Void)? = nil, keepsResults: Bool = false) {
        self.state = Locked(State(delivery: delivery))
        self.finishing = finishing
        if case .mainActor = delivery { self.cancelsLate = !keepsResults } else { self.cancelsLate = false }
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

    /// Sets `flag` when the call is cancelled (when ``isCancelled`` becomes true), or now if it was: a
    /// cheaper read than ``isCancelled`` for a check made often (before each event of a stream).
    func flagCancels(_ flag: CancelFlag) {
        let cancelled = state.withLock { state -> Bool in
            state.cancelFlag = flag
            return state.wasCancelled
        }
        if cancelled { flag.set() }
    }

    /// Delivers `result` unless the call already finished; a main-actor completion receives
    /// ``APIError/cancelled`` instead if the call is cancelled before it starts.
    func finish(_ result: Result<Response, APIError>) {
        take()?.deliver(result, startsCancelled: startsCancelled)
    }

    /// Reads `outcome` with `reading` and delivers the result, unless the call already finished; a
    /// main-actor completion receives ``APIError/cancelled`` instead (unread) if the call is cancelled
    /// before it starts.
    func finish(_ outcome: RequestTries.Outcome, reading: ResponseReading<Response>, decoder: JSONDecoder) {
        take()?.deliver(outcome, reading: reading, decoder: decoder, startsCancelled: startsCancelled)
    }

    override func cancel() {
        let taken = state.withLock { state -> (CompletionRoute<Response>, (@Sendable () -> Void)?)? in
            guard let delivery = state.delivery else {
                // The result is known and its completion queued: a late cancel wins until it starts.
                if cancelsLate && !state.completionStarted {
                    state.wasCancelled = true
                    state.cancelFlag?.set()
                }
                return nil
            }
            state.wasCancelled = true
            state.cancelFlag?.set()
            state.completionStarted = true  // the completion queued below is already .cancelled
            defer { state.delivery = nil; state.stop = nil }
            return (delivery, state.stop)
        }
        guard let (delivery, stop) = taken else { return }
        stop?()
        finishing?()
        delivery.deliver(.failure(.cancelled), startsCancelled: nil)
    }

    override var isFinished: Bool {
        state.withLock { $0.delivery == nil }
    }

    override var isCancelled: Bool {
        state.withLock { $0.wasCancelled }
    }

    /// Called by a queued completion as it starts: whether it must deliver ``APIError/cancelled``
    /// instead of its result. From then on a cancel changes nothing.
    private func completionStarts() -> Bool {
        state.withLock { state in
            state.completionStarted = true
            return state.wasCancelled
        }
    }

    /// The check a queued completion makes as it starts; `nil` when the result cannot be cancelled late.
    private var startsCancelled: (@Sendable () -> Bool)? {
        guard cancelsLate else { return nil }
        return { @Sendable [self] in completionStarts() }
    }

    /// Takes the delivery, so that nothing else delivers; `nil` when the call has already finished.
    private func take() -> CompletionRoute<Response>? {
        let delivery = state.withLock { state in
            defer { state.delivery = nil; state.stop = nil }
            return state.delivery
        }
        if delivery != nil { finishing?() }
        return delivery
    }
}
