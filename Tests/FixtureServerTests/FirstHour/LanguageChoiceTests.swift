import Foundation
import LanguageChoiceTable
import XCTest

@testable import FixtureServer

/// The server chooses the language of its teaching answers by the client's rules (issue 56): the ranges in
/// `q` order, a language it does not speak passed over, `*` as English, English only when nothing matches.
/// The cases are `Tests/LanguageChoice/language-choice.json`, which the client's tests read too.
final class LanguageChoiceTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { apiServer(Self.moviesFolder) }

    /// The server's language for a tag of the table (`en`, `zh-Hant`, `zh-Hans`, `sv`).
    private func language(_ tag: String?, file: StaticString = #filePath, line: UInt = #line) -> TeachingLanguage? {
        guard let tag else { return nil }
        let language = TeachingLanguage.allCases.first { $0.tag == tag }
        XCTAssertNotNil(language, "the table names \(tag), which the server does not speak", file: file, line: line)
        return language
    }

    func testEveryTagOfTheSharedTable() throws {
        let table = try LanguageChoiceTable.load()
        XCTAssertGreaterThan(table.tags.count, 20)
        for row in table.tags {
            XCTAssertEqual(TeachingLanguage.language(ofRange: row.tag), language(row.language), row.tag)
            XCTAssertEqual(TeachingLanguage.parse(row.tag), language(row.language) ?? .english, row.tag)
        }
    }

    func testEveryListOfTheSharedTableAsOneHeader() throws {
        for row in try LanguageChoiceTable.load().lists {
            let header = row.tags.joined(separator: ", ")
            XCTAssertEqual(TeachingLanguage.parse(header), language(row.language), header)
        }
    }

    func testEveryHeaderOfTheSharedTable() throws {
        let table = try LanguageChoiceTable.load()
        XCTAssertGreaterThan(table.headers.count, 30)
        for row in table.headers {
            XCTAssertEqual(TeachingLanguage.parse(row.header), language(row.language), String(describing: row.header))
        }
        XCTAssertEqual(TeachingLanguage.parse(String(repeating: "x,", count: 100_000) + "sv"), .english, "cut at 50")
    }

    /// Over real sockets: the issue's examples answer in the language the client would choose.
    func testTheIssuesExamplesOverTheWire() throws {
        let examples: [(String, String)] = [
            ("fr, sv;q=0.5", "Menade du /movies?"),
            ("fr;q=0.9, zh-TW;q=0.8", "您是要找 /movies 嗎？"),
            ("zh-CN, zh-TW;q=0.8", "您是不是要访问 /movies？"),
            ("zh-Hans-TW", "您是不是要访问 /movies？"),
            ("de, *;q=0.5, sv;q=0.1", "Did you mean /movies?"),
        ]
        for (header, expected) in examples {
            let reply = try fetch("/movis", headers: ["Accept-Language": header])
            XCTAssertEqual(reply.status, 404)
            XCTAssertTrue(reply.text.contains(expected), "\(header): \(reply.text)")
        }
    }
}
