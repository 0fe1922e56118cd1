import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a call's result goes: to a main-actor completion, on the main queue, or to a `Sendable`
/// completion on a queue the caller chose.
enum Delivery<Response>: Sendable {
    /// A completion that runs on the main actor (the controllers' rule, and `APIClient.send(_:completion:)`'s).
    case mainActor(@MainActor (Result<Response, APIError>) -> Void)
    /// A completion that runs on `queue`. Only made for `Sendable` responses.
    case queue(DispatchQueue, @Sendable (Result<Response, APIError>) -> Void)

    /// This delivery, counted by ``MainQueueWatchdog`` until its completion starts when it is a
    /// main-actor completion in a command-line program (so that a program ending before any completion
    /// ran is told why); itself otherwise.
    func watched() -> Delivery {
        guard case .mainActor(let completion) = self, MainQueueWatchdog.callSent() else { return self }
        return .mainActor { result in
            MainQueueWatchdog.completionStarts()
            completion(result)
        }
    }

    /// Hands `result` to the completion, asynchronously. The result was made for this call alone and the
    /// caller never touches it again.
    func deliver(_ result: Result<Response, APIError>) {
        let handed = Handed(result)
        switch self {
        case .mainActor(let completion): MainQueue.async { completion(handed.value) }
        case .queue(let queue, let completion): queue.async { completion(handed.value) }
        }
    }

    /// Reads `outcome` where `reading` allows — on this thread when it may run anywhere (never on the
    /// main thread for the sake of the main actor), else on the main actor — then delivers the result.
    func deliver(_ outcome: ExchangeOutcome, reading: ResponseReading<Response>, decoder: JSONDecoder) {
        switch reading {
        case .anywhere(let read):
            deliver(read(outcome, decoder))
        case .onMainActor(let read):
            MainQueue.async {
                let result = read(outcome, decoder)
                switch self {
                case .mainActor(let completion): completion(result)
                case .queue: deliver(result)
                }
            }
        }
    }
}
