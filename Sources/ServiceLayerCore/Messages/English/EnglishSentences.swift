import Foundation

extension APIError.Explanation {
    /// An English explanation: each part ends in exactly one period (or `?`, `!`, `…`), and the parts are
    /// joined with a space.
    init(what: String, why: String, fix: String) {
        self.init(sentences: Self.sentence(what), Self.sentence(why), Self.sentence(fix))
    }

    /// `text` as an English sentence: ending in one period unless it ends in `.`, `?`, `!` or `…`.
    static func sentence(_ text: String) -> String {
        sentence(text, period: ".", endings: ".?!…")
    }
}
