import Foundation

/// The `description` of an ``APIError/decoding(description:body:)``: the `DecodingFacts` of the
/// failure, found by `DecodingDiagnosis` and kept as compact JSON that every message table reads.
public enum DecodingErrorDescription {
    /// The facts of `error` for a body read from `url` (an answer's; `nil` for a file) with `status`.
    static func describe(_ error: any Error, body: Data, url: URL?, status: Int) -> String {
        DecodingDiagnosis.diagnose(error, body: body, url: url, status: status).encoded
    }

    /// One line saying what did not decode and where, and the fix, in ``APIError/messageLanguage``: for a
    /// file the app reads itself (a saved document that no longer decodes).
    /// - Parameters:
    ///   - error: What `JSONDecoder` threw.
    ///   - body: The bytes it read.
    public static func sentence(_ error: any Error, body: Data) -> String {
        var facts = DecodingDiagnosis.diagnose(error, body: body, url: nil, status: 200)
        facts.status = nil
        let explanation = APIError.messageLanguage.table.explain(.decoding(facts))
        return explanation.what + explanation.joiner + explanation.fix
    }
}
