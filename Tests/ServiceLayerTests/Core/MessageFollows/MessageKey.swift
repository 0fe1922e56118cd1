import Foundation

@testable import ServiceLayerCore

/// The names under which a translation records the English it follows, each with the part of the
/// English text it covers: a case whose sentences are written by one `switch` arm is one name
/// (`offline`, `transport.refusedLocal`); an answer's first sentence and its advice are written by two
/// (`http.said.quoted`, `http.advice.notFound`); a decoding failure's what, why and fix by three.
extension Message {
    var followedParts: [(key: String, part: ExplanationPart)] {
        switch self {
        case .transport(let failure, _): return [("transport." + Self.caseName(failure), .whole)]
        case .http(let answer):
            return [
                ("http.said." + Self.caseName(answer.said), .what),
                ("http.advice." + Self.caseName(answer.advice), .whyAndFix),
            ]
        case .decoding(let failure):
            return [
                ("decoding.what." + Self.caseName(failure.source) + "." + Self.caseName(failure.what), .what),
                ("decoding.why." + Self.caseName(failure.why), .why),
                ("decoding.fix." + Self.caseName(failure.fix), .fix),
            ]
        case .file(let problem): return [("file." + Self.caseName(problem), .whole)]
        case .eventStream(.notAnEventStream(_, _, _, let came)):
            return [("eventStream.notAnEventStream." + Self.caseName(came), .whole)]
        case .eventStream(.errorEvent(_, let said)): return [("eventStream.errorEvent." + Self.caseName(said), .whole)]
        case .eventStream(let problem): return [("eventStream." + Self.caseName(problem), .whole)]
        default: return [(Self.caseName(self), .whole)]
        }
    }
}

/// A part of an explanation that one `switch` arm of a table writes.
enum ExplanationPart: Sendable {
    case whole, what, whyAndFix, why, fix

    /// The part's text in `explanation`.
    func text(of explanation: APIError.Explanation) -> String {
        switch self {
        case .whole: return [explanation.what, explanation.why, explanation.fix].joined(separator: "|")
        case .what: return explanation.what
        case .whyAndFix: return explanation.why + "|" + explanation.fix
        case .why: return explanation.why
        case .fix: return explanation.fix
        }
    }
}

/// A table that follows the English one: for each key of ``Message/followedParts`` (and `watchdog.warning`,
/// `watchdog.ended`), the fingerprint of the English text its sentences translate, as
/// `APIError.MessageLanguage.fingerprint(ofEnglish:)` computes it from the English table's text for the
/// key's first sample in the tests' corpus. When the
/// English changes, the fingerprint no longer matches and `MessageTablesTests` names the case and shows
/// both texts, until the translation is brought up to date and its fingerprint with it.
protocol TranslatedTable: MessageTable {
    /// The fingerprint of the English each case follows, by key.
    static var follows: [String: String] { get }
}

extension APIError.MessageLanguage {
    /// The fingerprint this language records for the English `text` it follows: the first eight hex digits
    /// of the SHA-256 of its tag, a line break and the text (the tag makes each language's record its own).
    func fingerprint(ofEnglish text: String) -> String {
        String(SHA256.digest(Data((rawValue + "\n" + text).utf8)).prefix(4).map { String(format: "%02x", $0) }.joined())
    }
}
