import Foundation

extension APIError.Explanation {
    /// A Swedish explanation: each part ends in exactly one period (or `?`, `!`, `…`), and the parts are
    /// joined with a space.
    init(sv what: String, why: String, fix: String) {
        let end = { (text: String) in Self.sentence(text, period: ".", endings: ".?!…") }
        self.init(sentences: end(what), end(why), end(fix))
    }
}

/// How the Swedish table writes numbers: a decimal comma (`0,5 s`).
enum SwedishNumbers {
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9
            ? "\(Int(value)) s" : "\(value) s".replacingOccurrences(of: ".", with: ",")
    }
}
