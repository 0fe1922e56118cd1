import Foundation

// MARK: - async/await

extension APIClient {
    /// Sends `endpoint` and returns its decoded response: the `async` twin of
    /// ``send(_:callbackQueue:completion:)``, on the same path (validation, retry, coalescing).
    ///
    /// Cancelling the Swift task cancels the network request, and the call throws ``APIError/cancelled``.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        try await Self.bridge { completion in
            self.send(endpoint, callbackQueue: Self.asyncQueue, completion: completion)
        }
    }

    /// Where `async` calls' completions land before resuming the awaiting task.
    static let asyncQueue = DispatchQueue(label: "ServiceLayer.APIClient.async", attributes: .concurrent)

    /// Runs a completion-handler call as `async`, cancelling it when the task is cancelled.
    /// The controllers use it for their own `async` twins.
    static func bridge<Value: Sendable>(
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> any Cancellable
    ) async throws(APIError) -> Value {
        let cancellation = CancellationRelay()
        let result: Result<Value, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let handle = start { result in continuation.resume(returning: result) }
                cancellation.attach(handle)
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }
}

/// Passes a task's cancellation to a call handle, whichever of the two arrives first.
final class CancellationRelay: Sendable {
    private let state = Locked<(handle: (any Cancellable)?, isCancelled: Bool)>((nil, false))

    func attach(_ handle: any Cancellable) {
        let cancelNow = state.withLock { state -> Bool in
            state.handle = handle
            return state.isCancelled
        }
        if cancelNow { handle.cancel() }
    }

    func cancel() {
        let handle = state.withLock { state -> (any Cancellable)? in
            state.isCancelled = true
            return state.handle
        }
        handle?.cancel()
    }
}
