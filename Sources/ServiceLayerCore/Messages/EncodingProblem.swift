import Foundation

/// The ``RequestProblem`` of a body that did not encode as JSON: the coding path and the value (not
/// `EncodingError`'s own nested description).
enum EncodingProblem {
    static func problem(_ error: any Error) -> RequestProblem {
        guard case EncodingError.invalidValue(let value, let context) = error else {
            return .bodyNotEncodable(codingPath: nil, detail: "\(error)")
        }
        let path = DecodingDiagnosis.path(context.codingPath)
        let shownPath = path.isEmpty ? nil : path
        let number = (value as? Double) ?? (value as? Float).map(Double.init)
        if let number, !number.isFinite { return .bodyNotFiniteNumber(value: "\(number)", codingPath: shownPath) }
        var detail = context.debugDescription
        while detail.hasSuffix(".") { detail.removeLast() }
        return .bodyNotEncodable(codingPath: shownPath, detail: detail)
    }
}
