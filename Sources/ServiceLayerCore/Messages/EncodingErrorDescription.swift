import Foundation

/// The reason of an ``APIError/invalidRequest(_:)`` for a body that did not encode as JSON: the coding
/// path and the value, as ``RequestProblem`` facts (not `EncodingError`'s own nested description).
enum EncodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(let value, let context) = error else {
            var problem = RequestProblem(.bodyNotEncodable)
            problem.detail = "\(error)"
            return problem.encoded
        }
        let path = DecodingDiagnosis.path(context.codingPath)
        let number = (value as? Double) ?? (value as? Float).map(Double.init)
        if let number, !number.isFinite {
            var problem = RequestProblem(.bodyNotFiniteNumber)
            (problem.path, problem.value) = (path.isEmpty ? nil : path, "\(number)")
            return problem.encoded
        }
        var detail = context.debugDescription
        while detail.hasSuffix(".") { detail.removeLast() }
        var problem = RequestProblem(.bodyNotEncodable)
        (problem.path, problem.detail) = (path.isEmpty ? nil : path, detail)
        return problem.encoded
    }
}
