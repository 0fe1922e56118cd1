import Foundation

// MARK: - Sending with progress

extension APIClient {
    /// Sends `endpoint` like `send(_:completion:)`, and reports how far its transfer has come to
    /// `progress`, on the main actor: an upload (``Endpoint/multipart(_:)``, ``Endpoint/file(_:contentType:)``),
    /// a download (``Endpoint/downloading(to:)``) or any other call.
    ///
    /// `progress` runs at most about 30 times a second, only when the bytes changed, and never after
    /// `completion`, which runs exactly once as always. A retried try starts again from zero bytes with
    /// ``TransferProgress/attempt`` one higher.
    ///
    /// ```swift
    /// client.send(Endpoint<Void>("files/big").downloading(to: fileURL), progress: { progress in
    ///     bar.fraction = progress.fractionReceived ?? 0
    /// }) { result in
    ///     print(result)
    /// }
    /// ```
    /// - Parameters:
    ///   - endpoint: What to send and how to read the answer.
    ///   - progress: Receives the bytes sent and received, on the main actor.
    ///   - completion: Receives the value or an ``APIError``, on the main actor.
    /// - Returns: A handle to cancel the call; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func send<Response>(
        _ endpoint: Endpoint<Response>,
        progress: @escaping @MainActor (TransferProgress) -> Void,
        completion: @escaping @MainActor (Result<Response, APIError>) -> Void
    ) -> RequestHandle {
        var watched = endpoint
        watched.extras.progress = .onMainActor(progress)
        return send(watched, delivery: .mainActor(completion))
    }

    /// Starts `endpoint` and returns its ``Transfer``: the progress as an `AsyncSequence`, and the value.
    /// The `async` twin of ``send(_:progress:completion:)``.
    ///
    /// ```swift
    /// let transfer = client.transfer(Endpoint<Data>("files/big").downloading(to: fileURL))
    /// for await progress in transfer.progress { print(progress.bytesReceived) }
    /// let file = try await transfer.value
    /// ```
    /// - Parameter endpoint: What to send and how to read the answer.
    /// - Returns: The running transfer; it runs whether or not its progress is read.
    public func transfer<Response: Sendable>(_ endpoint: Endpoint<Response>) -> Transfer<Response> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(8))
        var watched = endpoint
        watched.extras.progress = ProgressCounter(
            report: { continuation.yield($0) }, finished: { continuation.finish() })
        let result = Locked<TransferResult<Response>>(.pending([]))
        let handle = send(
            watched,
            delivery: .queue(Self.asyncQueue) { outcome in
                let waiting = result.withLock { state -> [CheckedContinuation<Result<Response, APIError>, Never>] in
                    guard case .pending(let waiting) = state else { return [] }
                    state = .done(outcome)
                    return waiting
                }
                for waiter in waiting { waiter.resume(returning: outcome) }
            })
        return Transfer(progress: stream, handle: handle, result: result)
    }
}

/// Where a ``Transfer``'s result is: still awaited (by these), or known.
enum TransferResult<Response: Sendable>: Sendable {
    case pending([CheckedContinuation<Result<Response, APIError>, Never>])
    case done(Result<Response, APIError>)
}

/// A call started by ``APIClient/transfer(_:)``: its progress as it goes, its value at the end.
public final class Transfer<Response: Sendable>: Sendable {
    /// How far the transfer has come, at most about 30 values a second (the newest 8 kept for a slow
    /// reader); the sequence ends as the call ends, before ``value`` is available.
    public let progress: AsyncStream<TransferProgress>
    private let handle: RequestHandle
    private let result: Locked<TransferResult<Response>>

    init(progress: AsyncStream<TransferProgress>, handle: RequestHandle, result: Locked<TransferResult<Response>>) {
        self.progress = progress
        self.handle = handle
        self.result = result
    }

    /// The call's value, once it ends; it may be awaited more than once. Cancelling the awaiting task
    /// cancels the transfer (it then throws ``APIError/cancelled``).
    public var value: Response {
        get async throws(APIError) {
            let handle = self.handle
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let known = result.withLock { state -> Result<Response, APIError>? in
                        switch state {
                        case .pending(let waiting):
                            state = .pending(waiting + [continuation])
                            return nil
                        case .done(let outcome): return outcome
                        }
                    }
                    if let known { continuation.resume(returning: known) }
                }
            } onCancel: {
                handle.cancel()
            }
            return try outcome.get()
        }
    }

    /// Cancels the transfer: its task stops, a partial download is removed, ``value`` throws
    /// ``APIError/cancelled``.
    public func cancel() {
        handle.cancel()
    }
}
