import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an exchange with the server ended with, before the endpoint reads it: the body and the response of
/// a 2xx (or of a 304 answered from a ``ResponseCache``), or why it failed. `RequestTries.swift` makes it.
typealias ExchangeOutcome = Result<(Data, HTTPURLResponse), APIError>

/// How an endpoint turns the outcome of its exchange into its result, and where that may run.
///
/// A `Decodable` type declared in an app target with main-actor default isolation has a main-actor
/// isolated conformance (SE-0470): its `init(from:)` may only run on the main actor. Such a type is read
/// ``onMainActor(_:)``; every other response (our models, `Data`, `Void`, a `nonisolated` or
/// `Sendable` type of a module without default isolation) is read ``anywhere(_:)``, off the main
/// thread, before the result is delivered.
enum ResponseReading<Response>: Sendable {
    /// Reads on any thread. Only made for `Sendable` responses, so the result may be handed to the
    /// caller's thread afterwards.
    case anywhere(@Sendable (ExchangeOutcome, JSONDecoder) -> Result<Response, APIError>)
    /// Reads on the main actor only.
    case onMainActor(@MainActor @Sendable (ExchangeOutcome, JSONDecoder) -> Result<Response, APIError>)

    /// A reading whose result is `transform`ed; it runs where this reading runs.
    func map<Other>(_ transform: @escaping @Sendable (Result<Response, APIError>) -> Result<Other, APIError>)
        -> ResponseReading<Other>
    {
        switch self {
        case .anywhere(let read): return .anywhere { transform(read($0, $1)) }
        case .onMainActor(let read): return .onMainActor { transform(read($0, $1)) }
        }
    }

    /// Reads `outcome` on the calling thread, which must be the main thread for ``onMainActor(_:)``.
    func readHere(_ outcome: ExchangeOutcome, decoder: JSONDecoder) -> Result<Response, APIError> {
        switch self {
        case .anywhere(let read): return read(outcome, decoder)
        case .onMainActor(let read): return MainQueue.run { read(outcome, decoder) }
        }
    }

    /// The JSON decoding of a 2xx body as `Value`: ``APIError/decoding(_:)`` naming the
    /// coding path when it does not decode. A failed outcome stays as it is.
    static func decodeJSON<Value: Decodable>(_ type: Value.Type, _ outcome: ExchangeOutcome, decoder: JSONDecoder)
        -> Result<Value, APIError>
    {
        outcome.flatMap { body, response in
            do {
                return .success(try decoder.decode(Value.self, from: body))
            } catch {
                return .failure(
                    .decoding(DecodingFailure(error, body: body, url: response.url, status: response.statusCode)))
            }
        }
    }
}
