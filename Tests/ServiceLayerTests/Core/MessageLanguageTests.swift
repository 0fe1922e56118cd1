import Foundation
import XCTest

@testable import ServiceLayerCore

/// Which language the messages use: the user's, read from the environment as gettext reads it on Linux
/// (`LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`), or the one set explicitly. Each environment is a
/// real child process, `message-language-probe` (Tests/MessageLanguageProbe), which prints the language it
/// chose and a 404 and a timeout in it.
final class MessageLanguageTests: XCTestCase {
    // Which tag names which table: `LanguageChoiceTests`, from the table the server's tests read too
    // (`Tests/LanguageChoice/language-choice.json`).

    func testTheEnvironmentIsReadAsGettextReadsIt() {
        func tags(_ environment: [String: String]) -> [String] {
            APIError.MessageLanguage.tags(environment: environment)
        }
        XCTAssertEqual(tags(["LANG": "sv_SE.UTF-8"]), ["sv_SE.UTF-8"])
        XCTAssertEqual(tags(["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"]), ["zh_TW.UTF-8"])
        XCTAssertEqual(tags(["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_TW", "LC_ALL": "sv_SE"]), ["sv_SE"])
        XCTAssertEqual(tags(["LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:sv"]), ["zh_CN", "sv", "en_US.UTF-8"])
        XCTAssertEqual(tags(["LANG": "C", "LANGUAGE": "sv"]), ["C"], "LANGUAGE is ignored in the C locale")
        XCTAssertEqual(tags([:]), [])
    }

    func testEachEnvironmentChoosesItsLanguageInAChildProcess() throws {
        let cases: [([String: String], String)] = [
            (["LANG": "zh_TW.UTF-8"], "zh-Hant"),
            (["LANG": "sv_SE.UTF-8"], "sv"),
            (["LANG": "en_US.UTF-8"], "en"),
            (["LANG": "zh_CN.UTF-8"], "zh-Hans"),
            (["LANG": "de_DE.UTF-8"], "en"),
            ([:], "en"),
            (["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_HK.UTF-8"], "zh-Hant"),
            (["LANG": "zh_TW.UTF-8", "LC_ALL": "sv_SE.UTF-8"], "sv"),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:sv_SE:en"], "zh-Hans"),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "fr_FR:sv_SE:en"], "sv"),
            (["LANG": "C", "LANGUAGE": "sv"], "en"),
        ]
        for (environment, language) in cases {
            let lines = try runMessageLanguageProbe(environment)
            XCTAssertEqual(lines.first, language, "\(environment)")
            XCTAssertEqual(lines.count, 3, "\(environment): \(lines)")
            for line in lines.dropFirst() {
                XCTAssertTrue(line.contains("http://127.0.0.1:8090/movis"), "\(environment): \(line)")
            }
        }
        let chinese = try runMessageLanguageProbe(["LANG": "zh_TW.UTF-8"])
        XCTAssertTrue(chinese[1].contains("404（找不到）"), chinese[1])
        XCTAssertTrue(chinese[2].contains("逾時"), chinese[2])
        XCTAssertFalse(chinese[1].contains(". "), "sentences joined without spaces: \(chinese[1])")
        let swedish = try runMessageLanguageProbe(["LANG": "sv_SE.UTF-8"])
        XCTAssertTrue(swedish[1].contains("404 (Hittades inte)"), swedish[1])
        XCTAssertTrue(swedish[2].contains("tidsgräns"), swedish[2])
        let simplified = try runMessageLanguageProbe(["LANG": "zh_CN.UTF-8"])
        XCTAssertTrue(simplified[1].contains("404"), simplified[1])
        XCTAssertTrue(simplified[2].contains("超时"), simplified[2])
    }

    func testAnExplicitChoiceWinsOverTheEnvironment() throws {
        let lines = try runMessageLanguageProbe(["LANG": "zh_TW.UTF-8"], arguments: ["sv"])
        XCTAssertEqual(lines.first, "sv")
        XCTAssertTrue(lines[1].contains("Servern svarade 404"), lines[1])
        XCTAssertEqual(try runMessageLanguageProbe(["LANG": "sv_SE.UTF-8"], arguments: ["en"]).first, "en")
    }
}
