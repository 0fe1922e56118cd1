import Foundation

extension APIError.Explanation {
    /// A 繁體中文 explanation: each part ends in `。` (unless it ends in `。`, `？`, `！` or `…`), and the
    /// parts are joined without spaces.
    init(zh what: String, why: String, fix: String) {
        self.init(sentences: Self.zhSentence(what), Self.zhSentence(why), Self.zhSentence(fix), joiner: "")
    }

    /// `text` as a Chinese sentence: a trailing `.` of a quoted fact stays inside its quote marks.
    static func zhSentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("。。") { text.removeLast() }
        if let last = text.last, !"。？！…".contains(last) { text += "。" }
        return text
    }
}

/// How the 繁體中文 table writes seconds: `1 秒`, `0.5 秒`.
enum TraditionalChineseNumbers {
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) 秒" : "\(value) 秒"
    }
}
