import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a call's result goes: to a main-actor completion, on the main queue, or to a `Sendable`
/// completion on a queue the caller chose.
enum CompletionRoute<Response>: Sendable {
    /// A completion that runs on the main actor (the controllers' rule, and `APIClient.send(_:completion:)`'s).
    case mainActor(@MainActor (Result<Response, APIError>) -> Void)
    /// A completion that runs on `queue`. Only made for `Sendable` responses.
    case queue(DispatchQueue, @Sendable (Result<Response, APIError>) -> Void)

    /// This delivery, counted by ``MainQueueWatchdog`` until its completion starts when it is a
    /// main-actor completion in a command-line program (so that a program ending before any completion
    /// ran is told why); itself otherwise.
    func watched() -> CompletionRoute {
        guard case .mainActor(let completion) = self, MainQueueWatchdog.callSent() else { return self }
        return .mainActor { result in
            MainQueueWatchdog.completionStarts()
            completion(result)
        }
    }

    /// Hands `result` to the completion, asynchronously. The result was made for this call alone and the
    /// caller never touches it again.
    /// - Parameter startsCancelled: Asked once, as the completion starts, on the thread it runs on:
    ///   `true` means the call was cancelled after `result` was known, and the completion receives
    ///   ``APIError/cancelled`` instead. `nil` (the default) delivers `result` as it is.
    func deliver(_ result: Result<Response, APIError>, startsCancelled: (@Sendable () -> Bool)? = nil) {
        let handed = Handed(result)
        let decided: @Sendable () -> Result<Response, APIError> = {
            startsCancelled?() == true ? .failure(.cancelled) : handed.value
        }
        switch self {
        case .mainActor(let completion): MainQueue.async { completion(decided()) }
        case .queue(let queue, let completion): queue.async { completion(decided()) }
        }
    }

    /// Reads `outcome` where `reading` allows — on this thread when it may run anywhere (never on the
    /// main thread for the sake of the main actor), else on the main actor — then delivers the result.
    /// - Parameter startsCancelled: As for ``deliver(_:startsCancelled:)``; a main-actor completion that
    ///   starts cancelled skips the main-actor reading.
    func deliver(
        _ outcome: ExchangeOutcome, reading: ResponseReading<Response>, decoder: JSONDecoder,
        startsCancelled: (@Sendable () -> Bool)? = nil
    ) {
        switch reading {
        case .anywhere(let read):
            deliver(read(outcome, decoder), startsCancelled: startsCancelled)
        case .onMainActor(let read):
            MainQueue.async {
                switch self {
                case .mainActor(let completion):
                    completion(startsCancelled?() == true ? .failure(.cancelled) : read(outcome, decoder))
                case .queue: deliver(read(outcome, decoder), startsCancelled: startsCancelled)
                }
            }
        }
    }
}
