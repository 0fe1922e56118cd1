import Foundation

/// One language's messages: every decided ``Message`` written as what happened, why, and the fix, and the
/// command-line trap's two warnings.
///
/// A table is one exhaustive `switch` over ``Message`` (and the nested switches over its parts' cases):
/// it writes sentences and decides nothing — no `if`, no `?:`, no `??` in its `…Messages.swift` file
/// (`MessageTablesTests` reads the sources to hold that). Joining a URL or a number into a sentence is
/// the language's grammar, in its `…Grammar.swift` file. Each translation's record of the English each
/// case follows (its fingerprints) is kept by the tests, in `Tests/ServiceLayerTests/Core/MessageFollows/`
/// (no app compiles it): a test fails when the English moves on without it.
protocol MessageTable: Sendable {
    func explain(_ message: Message) -> APIError.Explanation
    /// The warning after a completion waited `seconds` for a main queue that never ran.
    func mainQueueWarning(seconds: Int) -> String
    /// The warning at exit, with `calls` calls still waiting.
    func endedWarning(calls: Int) -> String
}

extension APIError.Explanation {
    /// `text` trimmed, ending in exactly one `period` unless it already ends in one of `endings`: a fact
    /// filled in that ends in one (a server's message, Foundation's text) never makes a doubled one, nor a
    /// quote that ends the sentence (``quoteEndsSentence(_:)``). Only a doubled period that ends a sentence
    /// (before a space) is made one: a `..` inside a fact (`../menu`, a host name) stays as written.
    static func sentence(_ text: String, period: String, endings: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("..") && !text.hasSuffix("...") { text.removeLast() }
        if hasTwoPeriodsInARow(text) {  // most sentences have none: only these pay for the pass below
            let characters = Array(text)
            text = String(
                characters.indices.lazy.filter { index in
                    let endsDoubledPeriod =
                        characters[index] == "." && index > 0 && characters[index - 1] == "."
                        && (index < 2 || characters[index - 2] != ".")
                        && index + 1 < characters.count && characters[index + 1].isWhitespace
                    return !endsDoubledPeriod
                }.map { characters[$0] })
        }
        if let last = text.last, !endings.contains(last) && !quoteEndsSentence(text) {
            text += period
        }
        return text
    }

    /// Whether `text` holds two periods in a row, read as UTF-8 bytes: a `Character` equal to "." is that
    /// one byte, so a text without two such bytes in a row has no doubled period to make one.
    private static func hasTwoPeriodsInARow(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") && previous == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }

    /// Whether `text` ends in a quote that already ends its sentence: `"…."` (English, Svenska), or a whole
    /// quoted sentence after a colon, 「…。」 or “…？” — the period stays inside the marks and none follows
    /// (the rule of Taiwan's 重訂標點符號手冊 and of GB/T 15834; 「…。」。 doubled it). A quote inside the
    /// sentence (開頭是「….」) still takes the sentence's own period.
    static func quoteEndsSentence(_ text: String) -> Bool {
        guard let last = text.last, let before = text.dropLast().last else { return false }
        if last == "\"" { return before == "." }
        guard let opening: Character = last == "」" ? "「" : last == "”" ? "“" : nil, ".?!。？！".contains(before),
            let start = text.dropLast().lastIndex(of: opening)
        else { return false }
        let lead = text[..<start].trimmingCharacters(in: .whitespaces)
        return lead.hasSuffix("：") || lead.hasSuffix(":")
    }
}
