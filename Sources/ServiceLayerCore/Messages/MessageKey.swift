import Foundation

/// The name of a decided message's case, the same in every language (`transport.refusedLocal`,
/// `http.notFound.quoted`, `decoding.keyNotFound.snakeCase.convertFromSnakeCase`): what a translation's
/// record of the English it follows is keyed by (``TranslatedTable``).
extension Message {
    var key: String {
        switch self {
        case .transport(let failure, _): return "transport." + Self.caseName(failure)
        case .http(let answer): return "http." + Self.caseName(answer.advice) + "." + Self.caseName(answer.said)
        case .decoding(let failure):
            return [
                "decoding", Self.caseName(failure.source), Self.caseName(failure.what), Self.caseName(failure.why),
                Self.caseName(failure.fix),
            ].joined(separator: ".")
        case .file(let problem): return "file." + Self.caseName(problem)
        default: return Self.caseName(self)
        }
    }

    /// The case's name without its values: `refusedLocal`, `quoted`.
    static func caseName(_ value: Any) -> String {
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        return String(String(reflecting: value).split(separator: ".").last ?? "")
    }
}

/// A table that follows the English one: for each ``Message/key`` (and `watchdog.warning`,
/// `watchdog.ended`), the fingerprint of the English text its sentences translate, as
/// ``englishFingerprint(_:)`` computes it from the English table's text for the key's sample. When the
/// English changes, the fingerprint no longer matches and `MessageTablesTests` names the case and shows
/// both texts, until the translation is brought up to date and its fingerprint with it.
protocol TranslatedTable: MessageTable {
    /// The fingerprint of the English each case follows, by ``Message/key``.
    static var follows: [String: String] { get }
}

extension APIError.MessageLanguage {
    /// The first eight hex digits of the SHA-256 of `text`.
    static func englishFingerprint(_ text: String) -> String {
        String(SHA256.digest(Data(text.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined())
    }
}
