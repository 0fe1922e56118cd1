import Foundation

/// One call that goes through the token refresh flow: a first try, maybe a wait for a refresh, maybe one
/// more try. Its completion runs exactly once, asynchronously on its queue; ``cancel()`` stops only the
/// stage the call is in (its own request, or its place among a refresh's waiters), never a refresh
/// other calls wait for.
final class RefreshingCall<Response: Sendable>: CallControl {
    typealias Completion = @Sendable (Result<Response, APIError>) -> Void

    private struct State {
        var completion: Completion?
        var wasCancelled = false
        /// The number of the stage under way; a stage's cancel action counts only while it is current.
        var stage = 0
        var cancelStage: (@Sendable () -> Void)?
    }

    private let state: Locked<State>
    private let queue: DispatchQueue

    init(queue: DispatchQueue, completion: @escaping Completion) {
        self.queue = queue
        state = Locked(State(completion: completion))
    }

    /// Begins a new stage and returns its number, or `nil` when the call has already finished.
    func beginStage() -> Int? {
        state.withLock { state in
            guard state.completion != nil else { return nil }
            state.stage += 1
            state.cancelStage = nil
            return state.stage
        }
    }

    /// Records how to stop `stage`. When the call was cancelled meanwhile, `cancel` runs at once; when a
    /// later stage has begun, it is dropped.
    func onCancel(stage: Int, _ cancel: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state -> Bool in
            guard state.completion != nil else { return true }
            if state.stage == stage { state.cancelStage = cancel }
            return false
        }
        if cancelNow { cancel() }
    }

    /// Delivers `result` unless the call already finished.
    func finish(_ result: Result<Response, APIError>) {
        let completion = state.withLock { state -> Completion? in
            defer { state.completion = nil; state.cancelStage = nil }
            return state.completion
        }
        guard let completion else { return }
        queue.async { completion(result) }
    }

    func cancel() {
        let taken = state.withLock { state -> (Completion, (@Sendable () -> Void)?)? in
            guard let completion = state.completion else { return nil }
            state.wasCancelled = true
            defer { state.completion = nil; state.cancelStage = nil }
            return (completion, state.cancelStage)
        }
        guard let (completion, cancelStage) = taken else { return }
        cancelStage?()
        queue.async { completion(.failure(.cancelled)) }
    }

    var isFinished: Bool {
        state.withLock { $0.completion == nil }
    }

    var isCancelled: Bool {
        state.withLock { $0.wasCancelled }
    }
}
