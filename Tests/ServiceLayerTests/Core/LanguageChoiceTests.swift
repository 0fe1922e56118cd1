import Foundation
import LanguageChoiceTable
import XCTest

@testable import ServiceLayerCore

/// The client chooses its message language by the rules the fixture server uses for its teaching answers
/// (issue 56). The cases are `Tests/LanguageChoice/language-choice.json`, which the server's tests read too.
/// A language the client has no table for yet is passed over, as the rules say for any other language.
final class LanguageChoiceTests: XCTestCase {
    /// The client's language for a language of the table; nil for one it has no table for (passed over).
    private func clientLanguage(_ tag: String?) -> APIError.MessageLanguage? {
        tag.flatMap(APIError.MessageLanguage.init(rawValue:))
    }

    func testEveryTagAndLocaleOfTheSharedTable() throws {
        let table = try LanguageChoiceTable.load()
        let rows = table.tags.map { ($0.tag, $0.language) } + table.locales.map { ($0.locale, $0.language) }
        XCTAssertGreaterThan(rows.count, 30)
        for (tag, language) in rows {
            XCTAssertEqual(APIError.MessageLanguage.language(ofTag: tag), clientLanguage(language), tag)
            if language == "zh-Hans" {
                XCTAssertNotEqual(
                    APIError.MessageLanguage.language(ofTag: tag), .traditionalChinese,
                    "\(tag): never 繁體中文 to a 简体中文 reader")
            }
        }
    }

    /// A list is the first of its tags the client speaks, English at the end: the table's answer, or — for a
    /// language the client has no table for yet — the next tag's, each tag's language read from the table's
    /// `tags` rows (so `zh-CN, zh-TW` is 繁體中文 until the client writes 简体中文).
    func testEveryListOfTheSharedTable() throws {
        let table = try LanguageChoiceTable.load()
        let perTag = Dictionary(uniqueKeysWithValues: table.tags.map { ($0.tag, $0.language) })
        var exact = 0
        for row in table.lists {
            let chosen = APIError.MessageLanguage.first(in: row.tags)
            if let expected = clientLanguage(row.language) {
                XCTAssertEqual(chosen, expected, "\(row.tags)")
                exact += 1
            }
            var fallback = APIError.MessageLanguage.english
            for tag in row.tags {
                guard let language = perTag[tag] else {
                    XCTFail("\(tag) of the list \(row.tags) has no row in the table's tags")
                    continue
                }
                if let spoken = clientLanguage(language) {
                    fallback = spoken
                    break
                }
            }
            XCTAssertEqual(chosen, fallback, "\(row.tags), tag by tag")
        }
        XCTAssertGreaterThan(exact, 5)
    }
}
