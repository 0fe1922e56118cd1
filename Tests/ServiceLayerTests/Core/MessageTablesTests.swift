import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The four tables kept honest: every decided message has all three parts in every language; what the
/// English names in code voice, every URL and every number appears unchanged in the others; each
/// translation follows the current English (a fingerprint per case); no English template leaks into
/// another language; the tables decide nothing; 繁體中文 is Taiwan usage, 简体中文 mainland usage.
final class MessageTablesTests: XCTestCase {
    private static let translations: [APIError.MessageLanguage] = [.traditionalChinese, .swedish, .simplifiedChinese]

    private func texts(_ explanation: APIError.Explanation) -> [String] {
        [explanation.what, explanation.why, explanation.fix]
    }

    func testEveryMessageHasEveryPartInEveryLanguage() {
        let corpus = MessageCorpus.all
        XCTAssertGreaterThan(corpus.count, 500)
        for message in corpus {
            for language in APIError.MessageLanguage.allCases {
                for part in texts(language.table.explain(message)) {
                    XCTAssertFalse(part.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(message)")
                    XCTAssertFalse(part.contains("..") && !part.contains("..."), "\(language): \(part)")
                }
            }
        }
        for language in APIError.MessageLanguage.allCases {
            let texts = language.watchdogTexts
            XCTAssertTrue(texts.warning.contains("dispatchMain()"), "\(language)")
            XCTAssertTrue(texts.warning.contains("2"), "\(language)")
            XCTAssertTrue(texts.ended(3).contains("3"), "\(language)")
            XCTAssertTrue(texts.ended(3).contains("RunLoop.main.run()"), "\(language)")
        }
    }

    // MARK: - Translations that cannot fall behind

    /// The cases whose recorded fingerprint differs from the English `english` writes now, each with
    /// both texts: what `testEveryTranslationFollowsTheCurrentEnglish` fails with.
    static func staleCases(
        english: (Message) -> APIError.Explanation, watchdog: (warning: String, ended: String),
        language: APIError.MessageLanguage, translation: any TranslatedTable, follows: [String: String]
    ) -> [String] {
        var stale: [String] = []
        var expected: [String: String] = [:]
        for (key, message, part) in MessageCorpus.samples {
            let text = part.text(of: english(message))
            expected[key] = language.fingerprint(ofEnglish: text)
            if follows[key] != expected[key] {
                let translated = part.text(of: translation.explain(message))
                stale.append(
                    "\(key): the English is now «\(text)»; the translation «\(translated)» follows "
                        + "\(follows[key] ?? "nothing"), not \(expected[key]!)")
            }
        }
        for (key, text) in [("watchdog.warning", watchdog.warning), ("watchdog.ended", watchdog.ended)] {
            expected[key] = language.fingerprint(ofEnglish: text)
            if follows[key] != expected[key] { stale.append("\(key): the English is now «\(text)»") }
        }
        for key in follows.keys where expected[key] == nil { stale.append("\(key): no such case any more") }
        return stale
    }

    private static var englishWatchdog: (warning: String, ended: String) {
        (EnglishMessages().mainQueueWarning(seconds: 2), EnglishMessages().endedWarning(calls: 3))
    }

    /// The dictionary a translation records, as Swift, for the current English.
    private static func currentFollows(_ language: APIError.MessageLanguage) -> String {
        var lines: [String] = []
        for (key, message, part) in MessageCorpus.samples {
            let text = part.text(of: EnglishMessages().explain(message))
            lines.append("        \"\(key)\": \"\(language.fingerprint(ofEnglish: text))\",")
        }
        let watchdog = englishWatchdog
        lines.append(
            "        \"watchdog.warning\": \"\(language.fingerprint(ofEnglish: watchdog.warning))\",")
        lines.append("        \"watchdog.ended\": \"\(language.fingerprint(ofEnglish: watchdog.ended))\",")
        return "    static let follows: [String: String] = [\n" + lines.joined(separator: "\n") + "\n    ]"
    }

    private static func tableAndFollows(_ language: APIError.MessageLanguage) -> (any TranslatedTable)? {
        switch language {
        case .english: return nil
        case .swedish: return SwedishMessages()
        case .traditionalChinese: return TraditionalChineseMessages()
        case .simplifiedChinese: return SimplifiedChineseMessages()
        }
    }

    /// Fails, naming each case and showing both texts, where a translation follows an older English. Once
    /// a translation is brought up to date, record it: `RECORD_FOLLOWS=sv swift test --filter
    /// MessageTablesTests` (the language's tag) rewrites that language's `…Follows.swift`.
    func testEveryTranslationFollowsTheCurrentEnglish() throws {
        for language in Self.translations {
            guard let table = Self.tableAndFollows(language) else { continue }
            if ProcessInfo.processInfo.environment["RECORD_FOLLOWS"] == language.rawValue {
                try Self.record(language)
                continue
            }
            let stale = Self.staleCases(
                english: EnglishMessages().explain, watchdog: Self.englishWatchdog, language: language,
                translation: table, follows: type(of: table).follows)
            XCTAssertTrue(
                stale.isEmpty,
                "\(language): \(stale.count) case(s) follow an older English; bring each translation up to date, then "
                    + "record it with `RECORD_FOLLOWS=\(language.rawValue) swift test --filter MessageTablesTests`:\n"
                    + stale.prefix(10).joined(separator: "\n"))
        }
    }

    /// Writes the current fingerprints into `language`'s `…Follows.swift`.
    private static func record(_ language: APIError.MessageLanguage) throws {
        let folders = ["sv": "Swedish", "zh-Hant": "TraditionalChinese", "zh-Hans": "SimplifiedChinese"]
        let folder = try XCTUnwrap(folders[language.rawValue])
        // Beside this file: the fingerprints are the tests' record, not something an app compiles.
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("MessageFollows/\(folder)Follows.swift")
        var text = try String(contentsOf: file, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "    static let follows: [String: String] = ["))
        let end = try XCTUnwrap(text.range(of: "\n    ]", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: currentFollows(language))
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// The check itself, shown to fail: an English table whose sentence for one case changed makes that
    /// case stale in every translation, named with both texts.
    func testAChangedEnglishSentenceMakesItsTranslationsStale() {
        struct ChangedEnglish {
            func explain(_ message: Message) -> APIError.Explanation {
                let english = EnglishMessages().explain(message)
                guard case .diskFull = message else { return english }
                return APIError.Explanation(what: "The disk is full", why: english.why, fix: english.fix)
            }
        }
        for language in Self.translations {
            guard let table = Self.tableAndFollows(language) else { continue }
            let follows = type(of: table).follows
            let before = Self.staleCases(
                english: EnglishMessages().explain, watchdog: Self.englishWatchdog, language: language,
                translation: table,
                follows: follows
            )
            let after = Self.staleCases(
                english: ChangedEnglish().explain, watchdog: Self.englishWatchdog, language: language,
                translation: table,
                follows: follows)
            let new = after.filter { !before.contains($0) }
            XCTAssertEqual(new.count, 1, "\(language): \(new)")
            XCTAssertTrue(new.first?.hasPrefix("diskFull: the English is now «The disk is full.|") ?? false, "\(new)")
        }
    }

    // MARK: - What stays verbatim, what never leaks

    /// The code spans, URLs and numbers of `text`.
    private static func verbatims(_ text: String) -> [String] {
        var found: [String] = []
        let patterns = [#"`[^`]+`"#, #"https?://[A-Za-z0-9][^\s)）,，。`」”"]*"#, #"(?<![\w.])-?\d+(\.\d+)?(?![\w])"#]
        for pattern in patterns {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text) else { continue }
                var piece = String(text[range])
                while piece.first != "`", let last = piece.last, ".:;".contains(last) { piece.removeLast() }
                found.append(piece)
            }
        }
        return found
    }

    func testCodeURLsAndNumbersOfTheEnglishTextAppearUnchanged() {
        var checked = 0
        for message in MessageCorpus.all {
            let english = texts(EnglishMessages().explain(message)).joined(separator: " ")
            for language in Self.translations {
                let other = texts(language.table.explain(message)).joined(separator: " ")
                for piece in Self.verbatims(english) {
                    // Swedish writes a decimal comma: 0.5 is 0,5.
                    let written =
                        language == .swedish && piece.first != "`"
                        ? piece.replacingOccurrences(of: ".", with: ",") : piece
                    XCTAssertTrue(
                        other.contains(piece) || other.contains(written),
                        "\(language) lacks \(piece) for \(message):\n\(english)\n\(other)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    /// English the client once wrote into every language's sentences: JSON kinds, date formats, file
    /// reasons, a URL that cannot be shown.
    static let leaks = [
        "an array", "an object", "a string", "a number", "milliseconds since 1970", "seconds since 1970",
        "seconds-since-1970", "<a URL that cannot be shown>", "cannot be read", "is a symbolic link",
        "is not a regular file", "changed while it was being sent", "kept no file", "could not be written to",
        "upload a regular file", "then gone or replaced", "rewritten",
    ]

    func testNoEnglishTemplateLeaksIntoAnotherLanguage() {
        for message in MessageCorpus.all {
            for language in Self.translations {
                let text = language.table.explain(message).description
                for leak in Self.leaks {
                    XCTAssertFalse(text.contains(leak), "\(language) says \"\(leak)\": \(text)")
                }
            }
        }
        // The control: the English says them.
        let english = MessageCorpus.all.map { EnglishMessages().explain($0).description }.joined()
        for leak in ["an array", "an object", "milliseconds-since-1970", "is a symbolic link"] {
            XCTAssertTrue(english.contains(leak), leak)
        }
    }

    // MARK: - Tables that decide nothing

    /// The folder of the message tables, from this file's path.
    private static var messagesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ServiceLayerCore/Messages")
    }

    /// What a table file may not contain outside its string literals: a decision.
    static func decisions(in source: String) -> [String] {
        // String literals (single-line and multi-line) and comments removed first.
        var code = source.replacingOccurrences(of: #"(?s)"""\n.*?""""#, with: "\"\"", options: .regularExpression)
        code = code.replacingOccurrences(of: #""(?:[^"\\\n]|\\.)*""#, with: "\"\"", options: .regularExpression)
        code = code.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
        var found: [String] = []
        let forbidden = [#"\bif\b"#, #"\bguard\b"#, #"\?\?"#, #"\s\?\s"#, #"\bwhile\b"#, #"\bfor\b"#, #"\.map\s*\{"#]
        for pattern in forbidden {
            for line in code.split(separator: "\n") where line.range(of: pattern, options: .regularExpression) != nil {
                found.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return found
    }

    func testTheTablesDecideNothing() throws {
        var files = 0
        for folder in ["English", "Swedish", "TraditionalChinese", "SimplifiedChinese"] {
            let url = Self.messagesFolder.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
            where name.hasSuffix("Messages.swift") {
                let source = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                XCTAssertEqual(Self.decisions(in: source), [], "\(folder)/\(name) decides")
                files += 1
            }
        }
        XCTAssertEqual(files, 4)
        // The control: the check sees a decision.
        XCTAssertFalse(Self.decisions(in: "let a = isLoopback ? \"x\" : \"y\"\nif b { }").isEmpty)
        XCTAssertEqual(Self.decisions(in: #"let a = "if the server ? answers""#), [])
    }

    // MARK: - Each language's usage

    /// Characters only simplified Chinese writes (their traditional forms are what Taiwan reads).
    private static let simplifiedOnly = Set(
        "这们说连网络务据认证设页码获试请应错误为时间发数组对类键缓储过还没开关无处问题项输传载击点线显读写动态记录级签从会话库览单导实现运视频带东车长门么义书买习亲众优侧删别创办动区协压历县参变响团围图场块坚备头学宁宝实审宽将层岁币师帐帮废开异张弹强归当录总执扩扫护报担择换数断旧显术机杂权条来极构标样档检楼欢残毕气汇测浓满灭灯灵热爱状独环电盖盘确礼离称稳简纠约纪纯纳纵纸练组细织终经结绘给绝统继续维综绿缓编缩罗职联脑节药营虑虚补装见观规视觉订认讨让训议讯讲许论访评识诉词该详语读课谁调谈谢负财责败货质购费资赖赛转轮软轻较辅边达远违迟适选递逻遗邮释钟钥钱铁链销锁键镜闭问阅队阶际陆险随隐难静顺须顾预领频额风飞饭馆驱验鸡黄龙个与专产"
    )

    /// Characters only traditional Chinese writes.
    private static let traditionalOnly = Set("這們說連網絡務據認證設頁碼獲試請應錯誤為時間發數組對類鍵緩儲過還沒開關無處問題項輸傳載擊點線顯讀寫動態記錄")

    /// Mainland terms a Taiwanese reader notices at once.
    private static let mainlandTerms = [
        "服务器", "服務器", "网络", "網絡", "默認", "默认", "數據", "数据", "文件", "端口", "字段", "緩存", "缓存", "連接",
        "连接", "超時", "超时", "響應", "信息", "軟件", "字符串", "數組", "對象", "登錄", "視頻", "源代碼", "屏幕",
    ]

    func testTheTraditionalChineseTextIsTaiwanUsage() {
        for message in MessageCorpus.all {
            let text = texts(TraditionalChineseMessages().explain(message)).joined()
            let simplified = text.filter { Self.simplifiedOnly.contains($0) }
            XCTAssertTrue(simplified.isEmpty, "simplified characters \(simplified) in: \(text)")
            let checked = text.replacingOccurrences(of: "連接埠", with: "")
            for term in Self.mainlandTerms {
                XCTAssertFalse(checked.contains(term), "\(term) in: \(text)")
            }
            XCTAssertFalse(text.contains("你"), "the glossary addresses the reader as 您: \(text)")
            let paragraph = TraditionalChineseMessages().explain(message).description
            XCTAssertFalse(paragraph.contains("。 "), "sentences are joined without spaces: \(paragraph)")
            XCTAssertTrue(paragraph.hasSuffix("。") || paragraph.hasSuffix("？"), paragraph)
        }
        let table = TraditionalChineseMessages()
        for text in [table.mainQueueWarning(seconds: 2), table.endedWarning(calls: 2)] {
            XCTAssertTrue(text.filter { Self.simplifiedOnly.contains($0) }.isEmpty, text)
            XCTAssertFalse(text.contains("你"), "the glossary addresses the reader as 您: \(text)")
        }
        // The control: the check sees a simplified character and a mainland term.
        XCTAssertFalse("无法连接服务器".filter { Self.simplifiedOnly.contains($0) }.isEmpty)
        XCTAssertTrue(Self.mainlandTerms.contains { "請檢查伺服器端口".contains($0) })
    }

    func testTheSimplifiedChineseTextIsMainlandUsage() {
        let taiwanTerms = ["伺服器", "网路", "連線", "连线", "預設", "预设", "檔案", "档案", "欄位", "栏位", "快取", "逾時", "逾时"]
        var all = ""
        for message in MessageCorpus.all {
            let text = texts(SimplifiedChineseMessages().explain(message)).joined()
            all += text
            let traditional = text.filter { Self.traditionalOnly.contains($0) }
            XCTAssertTrue(traditional.isEmpty, "traditional characters \(traditional) in: \(text)")
            for term in taiwanTerms { XCTAssertFalse(text.contains(term), "\(term) in: \(text)") }
            XCTAssertFalse(text.contains("你"), "the glossary addresses the reader as 您: \(text)")
            let paragraph = SimplifiedChineseMessages().explain(message).description
            XCTAssertTrue(paragraph.hasSuffix("。") || paragraph.hasSuffix("？"), paragraph)
        }
        for term in ["服务器", "网络", "连接", "文件", "请求"] { XCTAssertTrue(all.contains(term), term) }
        let table = SimplifiedChineseMessages()
        for text in [table.mainQueueWarning(seconds: 2), table.endedWarning(calls: 2)] {
            XCTAssertFalse(text.contains("你"), "the glossary addresses the reader as 您: \(text)")
        }
    }

    /// English words that never occur in a Swedish or Chinese sentence.
    private static let englishWords = try! NSRegularExpression(
        pattern:
            #"\b(the|is|was|were|and|could|not|with|from|this|that|which|your|check|answer|found|missing|should|please|array|object|string|number)\b"#,
        options: [.caseInsensitive])

    /// `text` without what stays verbatim: code spans, URLs, quoted words and the facts' own English.
    private static func prose(_ text: String) -> String {
        var text = text
        let verbatim = [
            #"`[^`]*`"#, #"https?://\S+"#, #""[^"]*""#, #"「[^」]*」"#, #"“[^”]*”"#, #"DETAIL-\d"#, #"RAW-\d"#,
            #"FOUNDATION-TEXT-\d"#, #"URLError\.\w+"#, #"\([^()]*errno[^()]*\)"#,
        ]
        for pattern in verbatim {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    func testNoTranslationHasAnEnglishSentence() {
        for message in MessageCorpus.all {
            for language in Self.translations {
                let text = Self.prose(texts(language.table.explain(message)).joined(separator: " "))
                let range = NSRange(text.startIndex..., in: text)
                let words = Self.englishWords.matches(in: text, range: range).compactMap { Range($0.range, in: text) }
                    .map { String(text[$0]) }
                XCTAssertTrue(words.isEmpty, "English words \(words) in \(language): \(text)")
            }
        }
        let control = Self.prose("The server could not be reached")
        XCTAssertFalse(
            Self.englishWords.matches(in: control, range: NSRange(control.startIndex..., in: control)).isEmpty)
    }
}
