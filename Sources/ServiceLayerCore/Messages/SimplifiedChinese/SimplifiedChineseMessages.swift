import Foundation

/// PLACEHOLDER while the table is written: the English text.
struct SimplifiedChineseMessages: TranslatedTable {
    static let follows: [String: String] = [:]
    func explain(_ message: Message) -> APIError.Explanation { EnglishMessages().explain(message) }
    func mainQueueWarning(seconds: Int) -> String { EnglishMessages().mainQueueWarning(seconds: seconds) }
    func endedWarning(calls: Int) -> String { EnglishMessages().endedWarning(calls: calls) }
}
