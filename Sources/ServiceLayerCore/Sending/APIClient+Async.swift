import Foundation

// MARK: - async/await

extension APIClient {
    /// Sends `endpoint` and returns its value: the `async` twin of `send(_:completion:)`, on the same
    /// path (validation, retry, coalescing). Nothing here runs on the main actor, except the decoding of
    /// a response whose `Decodable` conformance is isolated there.
    ///
    /// Cancelling the Swift task cancels the network request, and the call throws ``APIError/cancelled``.
    public func send<Response: Sendable>(_ endpoint: Endpoint<Response>) async throws(APIError) -> Response {
        try await Self.bridge { completion in
            self.send(endpoint, delivery: .queue(Self.asyncQueue, completion))
        }
    }

    /// Where `async` calls' completions land before resuming the awaiting task.
    static let asyncQueue = DispatchQueue(label: "ServiceLayer.APIClient.async", attributes: .concurrent)

    /// Runs a completion-handler call as `async`, cancelling it when the task is cancelled. The core's
    /// and the token refresher's `async` sends are built on it.
    static func bridge<Value: Sendable>(
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> RequestHandle
    ) async throws(APIError) -> Value {
        let relay = Locked<(handle: RequestHandle?, isCancelled: Bool)>((nil, false))
        let result: Result<Value, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let handle = start { result in continuation.resume(returning: result) }
                let cancelNow = relay.withLock { relay -> Bool in
                    relay.handle = handle
                    return relay.isCancelled
                }
                if cancelNow { handle.cancel() }
            }
        } onCancel: {
            let handle = relay.withLock { relay -> RequestHandle? in
                relay.isCancelled = true
                return relay.handle
            }
            handle?.cancel()
        }
        return try result.get()
    }
}
