import Foundation
import ServiceLayer

// Not learner code: probes that record whether ServiceLayer ran their `init(from:)` on the main queue, so
// the walk can check the rule the "Your own API" article states, in each mode. (Not `Thread.isMainThread`:
// on Linux `dispatchMain()` drains the main queue on another thread.)

/// Marks the main queue, so that code can ask whether it runs there.
nonisolated let mainQueueMark = DispatchSpecificKey<Bool>()

/// Whether the caller runs on the main queue (``DecodingPlaces/probe(client:done:)`` marks it first).
nonisolated func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueMark) == true
}

/// A plain `Decodable`, as a learner writes a model: decoded on the main actor only where the target's
/// default isolation makes its conformance main-actor isolated.
struct PlainProbe: Decodable {
    let decodedOnMainQueue: Bool

    init(from decoder: Decoder) throws {
        decodedOnMainQueue = isOnMainQueue()
    }
}

/// A `nonisolated` `Decodable`: decoded off the main actor in every mode.
nonisolated struct NonisolatedProbe: Decodable {
    let decodedOnMainQueue: Bool

    init(from decoder: Decoder) throws {
        decodedOnMainQueue = isOnMainQueue()
    }
}

/// Whether this target has main-actor default isolation (the flag is set in Package.swift).
#if MAIN_ACTOR_DEFAULT
let hasMainActorDefaultIsolation = true
#else
let hasMainActorDefaultIsolation = false
#endif

/// Fetches one member as each probe and reports where each was decoded.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class DecodingPlaces {
    var plainOnMain: Bool?
    var nonisolatedOnMain: Bool?

    func probe(client: APIClient, done: @escaping () -> Void) {
        DispatchQueue.main.setSpecific(key: mainQueueMark, value: true)
        client.send(Endpoint<PlainProbe>("users/1")) { result in
            self.plainOnMain = try? result.get().decodedOnMainQueue
            client.send(Endpoint<NonisolatedProbe>("users/1")) { result in
                self.nonisolatedOnMain = try? result.get().decodedOnMainQueue
                done()
            }
        }
    }
}
