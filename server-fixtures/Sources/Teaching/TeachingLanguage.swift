import Foundation

// MARK: - The language of a teaching answer

/// The language of the server's teaching answers, chosen from the request's `Accept-Language`
/// (RFC 9110 §12.5.4) by the rules the client uses for its own messages (`APIError.MessageLanguage`), so a
/// learner whose client speaks 繁體中文, 简体中文 or Svenska reads the server in it too. Paths, route names,
/// field names, methods, numbers and code stay verbatim in every language.
///
/// The rules, shared with the client's tests through `Tests/LanguageChoice/language-choice.json`: the ranges
/// in `q` order (ties by order, `q=0` never); a range the server does not speak is skipped, not scored as
/// English; `*` is English; English when nothing matches.
enum TeachingLanguage: Sendable, Equatable, CaseIterable {
    /// English: the default, and the answer when no range names a language the server speaks.
    case english
    /// 繁體中文 (Taiwan usage): `zh-Hant*`, `zh-TW`, `zh-HK`, `zh-MO`.
    case traditionalChinese
    /// 简体中文 (mainland usage): `zh-Hans*`, `zh-CN`, `zh-SG` and `zh` alone.
    case simplifiedChinese
    /// Svenska: `sv` and `sv-*`.
    case swedish

    /// The language of `request`'s `Accept-Language`; English when it has none.
    init(for request: HTTPRequest) {
        self = Self.parse(request.headers["accept-language"])
    }

    /// The language of a request the parser refused, from its raw head bytes: the first field line named
    /// `Accept-Language` (any case) before the empty line, read as ``parse(_:)`` reads a value; English when
    /// there is none. Looks at 16 KiB at most and trusts nothing else of the head.
    static func rawHead<Bytes: Collection<UInt8>>(_ head: Bytes) -> TeachingLanguage {
        parse(HTTPParser.rawAcceptLanguage(head))
    }

    /// The BCP 47 tag of the language, as the shared test table and the client's `MessageLanguage` write it.
    var tag: String {
        switch self {
        case .english: "en"
        case .traditionalChinese: "zh-Hant"
        case .simplifiedChinese: "zh-Hans"
        case .swedish: "sv"
        }
    }

    /// The language an `Accept-Language` value asks for: a comma list of ranges with optional `;q=` weights;
    /// the highest weight among the ranges the server speaks wins, ties by order; `q=0` excludes a range, a
    /// range the server does not speak is passed over, and `*` stands for English. Malformed members are
    /// skipped; nil, empty or unmatched values give English. Never traps: the header is cut to 1,000
    /// characters and 50 members.
    static func parse(_ header: String?) -> TeachingLanguage {
        guard let header else { return .english }
        var best: (language: TeachingLanguage, weight: Double)?
        for member in header.prefix(1000).split(separator: ",").prefix(50) {
            let parts = member.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let range = parts.first, !range.isEmpty, let weight = Self.weight(parts.dropFirst()),
                weight > 0, let language = Self.language(ofRange: range)
            else { continue }
            if let best, best.weight >= weight { continue }
            best = (language, weight)
        }
        return best?.language ?? .english
    }

    /// The `q` of a member's parameters (1 when absent); nil when a parameter is malformed or `q` is not a
    /// number from 0 to 1 with at most three decimals.
    private static func weight(_ parameters: ArraySlice<String>) -> Double? {
        var weight = 1.0
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2, pair[0].lowercased() == "q" else { return nil }
            let text = pair[1]
            guard text.count <= 5, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(text), (0...1).contains(value)
            else { return nil }
            weight = value
        }
        return weight
    }

    /// The language a language range names, or nil: for a range that is not valid (letters, digits and `-`,
    /// subtags of 1 to 8 characters) and for a language the server does not speak. `*` is English. Chinese
    /// by script first (`zh-Hans-TW` is 简体中文, `zh-Hant-CN` 繁體中文), then by region; `zh` alone is
    /// 简体中文; another region (`zh-MY`) is passed over.
    static func language(ofRange range: String) -> TeachingLanguage? {
        if range == "*" { return .english }
        let subtags = range.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard
            subtags.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        let rest = subtags.dropFirst()
        switch subtags[0] {
        case "en": return .english
        case "sv": return .swedish
        case "zh":
            if rest.contains("hant") { return .traditionalChinese }
            if rest.contains("hans") || rest.isEmpty { return .simplifiedChinese }
            if rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) { return .traditionalChinese }
            if rest.contains(where: { ["cn", "sg"].contains($0) }) { return .simplifiedChinese }
            return nil
        default: return nil
        }
    }
}
