import Foundation

/// One language's messages: every ``MessageKind`` written as what happened, why, and the fix.
///
/// A table is one `switch` over the kinds, so the compiler checks that a language has a message for
/// every kind. Each language is a type conforming to this protocol, in its own folder of `Messages/`
/// (`English/`, `TraditionalChinese/`, `Swedish/`), and a case of ``APIError/MessageLanguage``; its
/// grammar (articles, sentence ends, how sentences are joined) belongs to its table.
protocol MessageTable: Sendable {
    func explain(_ kind: MessageKind) -> APIError.Explanation
}

extension APIError.Explanation {
    /// `text` trimmed, ending in exactly one `period` unless it already ends in one of `endings`: a fact
    /// filled in that ends in one (a server's message, Foundation's text) never makes a doubled one.
    static func sentence(_ text: String, period: String, endings: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("..") && !text.hasSuffix("...") { text.removeLast() }
        while let range = text.range(of: "..", options: .literal), !text[range.lowerBound...].hasPrefix("...") {
            text.replaceSubrange(range, with: ".")
        }
        if let last = text.last, !endings.contains(last) && !(last == "\"" && text.dropLast().last == ".") {
            text += period
        }
        return text
    }
}
