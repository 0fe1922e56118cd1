import Foundation

/// reqres wraps a single object as `{"data": {...}}`; this reads the wrapper so the controller can
/// hand out what is inside.
struct DataEnvelope<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    /// What the wrapper holds.
    let data: Wrapped

    /// The wire names of the fields.
    enum CodingKeys: String, CodingKey {
        case data
    }
}
