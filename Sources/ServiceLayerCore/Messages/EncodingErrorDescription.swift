import Foundation

/// The reason of an ``APIError/invalidRequest(_:)`` for a body that did not encode as JSON: the coding
/// path and the value, in one clause (not `EncodingError`'s own nested description).
enum EncodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(let value, let context) = error else {
            return "the request body could not be encoded as JSON: \(error)"
        }
        let path = DecodingDiagnosis.path(context.codingPath)
        let place = path.isEmpty ? "" : " at `\(path)`"
        if let number = value as? Double, !number.isFinite {
            return "the request body has \(number)\(place), which JSON cannot hold (no NaN or infinity)"
        }
        if let number = value as? Float, !number.isFinite {
            return "the request body has \(number)\(place), which JSON cannot hold (no NaN or infinity)"
        }
        var detail = context.debugDescription
        while detail.hasSuffix(".") { detail.removeLast() }
        return "the request body could not be encoded as JSON\(place): \(detail)"
    }
}
