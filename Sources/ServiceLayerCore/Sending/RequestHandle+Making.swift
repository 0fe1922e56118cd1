import Foundation

extension RequestHandle {
    /// A handle for a result already known (a value found in your cache): `completion` receives
    /// `result` asynchronously, on the main actor, as it would from the network. The handle is already
    /// finished (``isFinished``), but as for a network result, a ``cancel()`` made before the completion
    /// starts still wins: the completion then receives ``APIError/cancelled`` instead of `result` (a
    /// reused table cell never shows a picture it cancelled).
    /// - Parameters:
    ///   - result: The value, or the error, to deliver.
    ///   - completion: Receives `result` (or ``APIError/cancelled``) exactly once, on the main actor, after
    ///     this function returns.
    public static func delivering<Value: Sendable>(
        _ result: Result<Value, APIError>, to completion: @escaping @MainActor (Result<Value, APIError>) -> Void
    ) -> RequestHandle {
        let call = ExactlyOnceCompletion(.mainActor(completion))
        call.finish(result)
        return call.handle
    }

    /// A handle for work written as an `async` body (several requests in a row, a cache read then a
    /// request): the callback form of an `async` method. `body` runs in a new task; its value or its
    /// error goes to `completion`. Cancelling the handle cancels the task, and `completion` receives
    /// ``APIError/cancelled`` at once — also when the body has just finished but `completion` has not
    /// started yet. Either way `completion` runs exactly once, on the main actor.
    /// - Parameters:
    ///   - completion: Receives the body's value or error, exactly once, on the main actor.
    ///   - body: The work; it runs off the main actor and should stop with ``APIError/cancelled`` when
    ///     its task is cancelled (the client's `async` `send` does).
    public static func running<Value: Sendable>(
        completion: @escaping @MainActor (Result<Value, APIError>) -> Void,
        _ body: @escaping @Sendable () async throws(APIError) -> Value
    ) -> RequestHandle {
        let call = ExactlyOnceCompletion(.mainActor(completion))
        let task = Task {
            do throws(APIError) {
                call.finish(.success(try await body()))
            } catch {
                call.finish(.failure(error))
            }
        }
        call.onCancel { task.cancel() }
        return call.handle
    }
}
