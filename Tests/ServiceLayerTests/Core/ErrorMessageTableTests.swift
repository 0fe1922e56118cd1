import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The tables of messages in the article "When something goes wrong" (`ErrorHandling.md`) are the
/// messages the scenarios of the content tests really produce: this test renders them and compares.
///
/// After changing a message, regenerate the article's tables with
/// `UPDATE_ERROR_TABLE=1 swift test --filter ErrorMessageTableTests`.
final class ErrorMessageTableTests: MessageScenarioTestCase {
    private static var article: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ServiceLayer/ServiceLayer.docc/ErrorHandling.md")
    }

    /// One Markdown table per kind: the mistake, then what a learner sees (`localizedDescription`:
    /// what happened, why, the fix). Ports are shown as 8090, the fixture server's default.
    private func tables() async throws -> [String: String] {
        var rows: [String: [String]] = [:]
        var reportRows: [String] = []
        // A scenario that only waits for a timeout runs alongside the others instead of after them;
        // its row still goes where the article has it.
        let servers = self.servers!
        var alongside: [String: Task<(APIError, ExchangeReport?), any Error>] = [:]
        for scenario in MessageScenarios.all where scenario.inTable && scenario.runsAlongside {
            alongside[scenario.mistake] = Task { try await scenario.run(servers) }
        }
        var outcomes: [String: (APIError, ExchangeReport?)] = [:]
        for scenario in MessageScenarios.all where scenario.inTable && !scenario.runsAlongside {
            outcomes[scenario.mistake] = try await run(scenario.mistake)
        }
        for (mistake, running) in alongside { outcomes[mistake] = try await running.value }
        for scenario in MessageScenarios.all where scenario.inTable {
            guard let (error, report) = outcomes[scenario.mistake] else { continue }
            let explanation = error.explanation(in: .english)
            let cells = [scenario.mistake, explanation.what, explanation.why, explanation.fix].map(Self.cell)
            rows[scenario.kind, default: []].append("| " + cells.joined(separator: " | ") + " |")
            for language in [APIError.MessageLanguage.traditionalChinese, .swedish, .simplifiedChinese] {
                let translated = error.explanation(in: language)
                let cells = [scenario.mistake, translated.what, translated.why, translated.fix].map(Self.cell)
                rows["\(scenario.kind) \(language.rawValue)", default: []].append(
                    "| " + cells.joined(separator: " | ") + " |")
            }
            if let report, let reported = report.error?.explanation(for: report.request, in: .english),
                reported != explanation
            {
                let changed = [reported.what, reported.why, reported.fix].filter {
                    ![explanation.what, explanation.why, explanation.fix].contains($0)
                }
                let cells = [scenario.mistake, changed.joined(separator: " ")].map(Self.cell)
                reportRows.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        let headers = [
            "": "| Mistake | What happened | Why | The fix |", "zh-Hant": "| 錯誤 | 發生了什麼 | 原因 | 修正 |",
            "sv": "| Misstag | Vad som hände | Varför | Åtgärden |", "zh-Hans": "| 错误 | 发生了什么 | 原因 | 修正 |",
        ]
        var tables: [String: String] = [:]
        for (key, rows) in rows {
            let header = headers[String(key.split(separator: " ").dropFirst().first ?? "")] ?? headers[""]!
            tables[key] = ([header, "|---|---|---|---|"] + rows).joined(separator: "\n")
        }
        tables["Report"] = (["| Mistake | What the report's explanation says instead |", "|---|---|"] + reportRows)
            .joined(separator: "\n")
        return tables
    }

    private static func cell(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "|", with: "\\|")
        let ports = try! NSRegularExpression(pattern: #"(127\.0\.0\.1|localhost):[0-9]+"#)
        return ports.stringByReplacingMatches(
            in: escaped, range: NSRange(escaped.startIndex..., in: escaped), withTemplate: "$1:8090")
    }

    func testTheArticlesTablesAreTheScenariosMessages() async throws {
        #if !os(Linux)
        throw XCTSkip("the article shows Linux's messages (a cut body and https to a plain port differ on Apple's)")
        #else
        var text = try String(contentsOf: Self.article, encoding: .utf8)
        let tables = try await tables()
        let kinds = ["Transport", "HTTP", "Decoding", "Other"]
        XCTAssertEqual(
            Set(tables.keys),
            Set(kinds + ["Report"] + kinds.flatMap { ["\($0) zh-Hant", "\($0) sv", "\($0) zh-Hans"] }),
            "a table for each kind in each language")
        for (kind, table) in tables.sorted(by: { $0.key < $1.key }) {
            let begin = "<!-- begin messages: \(kind) -->"
            let end = "<!-- end messages: \(kind) -->"
            guard let start = text.range(of: begin),
                let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
            else {
                XCTFail("the article has no \(begin) … \(end) markers")
                continue
            }
            let current = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .newlines)
            if ProcessInfo.processInfo.environment["UPDATE_ERROR_TABLE"] == "1" {
                text.replaceSubrange(start.upperBound..<stop.lowerBound, with: "\n\(table)\n")
            } else {
                XCTAssertEqual(
                    current, table,
                    "the article's \(kind) table is not what the messages say: run "
                        + "`UPDATE_ERROR_TABLE=1 swift test --filter ErrorMessageTableTests`")
            }
        }
        if ProcessInfo.processInfo.environment["UPDATE_ERROR_TABLE"] == "1" {
            try text.write(to: Self.article, atomically: true, encoding: .utf8)
        }
        #endif
    }
}
