import Foundation

/// One language's messages: every ``MessageKind`` written as what happened, why, and the fix.
///
/// A table is one `switch` over the kinds, so the compiler checks that a language has a message for
/// every kind. English (`EnglishMessages`, in `Messages/English/`) is the one table written so far;
/// another language is another type conforming to this protocol, in its own folder of `Messages/`, and a
/// case of ``APIError/MessageLanguage``.
protocol MessageTable: Sendable {
    func explain(_ kind: MessageKind) -> APIError.Explanation
}

extension APIError.Explanation {
    /// An explanation whose parts each end in exactly one period (or `?`, `!`, `…`): a fact filled in
    /// that ends in one (a server's message, Foundation's text) never makes a doubled period.
    init(what: String, why: String, fix: String) {
        self.init(sentences: Self.sentence(what), Self.sentence(why), Self.sentence(fix))
    }

    static func sentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("..") && !text.hasSuffix("...") { text.removeLast() }
        while let range = text.range(of: "..", options: .literal), !text[range.lowerBound...].hasPrefix("...") {
            text.replaceSubrange(range, with: ".")
        }
        if let last = text.last, !".?!…".contains(last) && !(last == "\"" && text.dropLast().last == ".") {
            text += "."
        }
        return text
    }
}
