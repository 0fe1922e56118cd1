import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The three tables kept honest against each other: every message unit of every kind (each transport code
/// and hint, each HTTP branch, each decoding problem and fix, each request problem, the trap's warnings)
/// has all three parts in every language; what the English text names in code voice, every URL and every
/// number appears unchanged in the other two; the 繁體中文 text has no simplified-only character and none of
/// the mainland terms; the Swedish text has no English sentence.
final class MessageTablesTests: XCTestCase {
    private static let url = "https://api.example.com:8443/v3/movies"

    /// One of every message unit the tables write, with its facts filled in.
    static var corpus: [MessageKind] {
        var kinds: [MessageKind] = [
            .invalidRequest(reason: "REASON-42"), .offline(url: url), .offline(url: nil),
            .timedOut(url: url, seconds: 0.5), .timedOut(url: nil, seconds: nil), .timedOut(url: url, seconds: 60),
            .cancelled(url: url), .cancelled(url: nil), .notAuthenticated(url: url), .notAuthenticated(url: nil),
            .server(message: "Email taken"), .tooManyTokenRefreshes, .tokenStorage(reason: "errno 20"),
            .fileAccess(reason: "errno 2"), .diskFull,
            .incompleteDownload(expected: 2000, received: 1000, url: url),
            .incompleteDownload(expected: 2000, received: 1000, url: nil),
        ]
        for kind in RequestProblem.Kind.allCases {
            var problem = RequestProblem(kind)
            problem.baseURL = "localhost:8090/"
            problem.scheme = "htp"
            problem.host = "local host"
            problem.target = "\"movies\""
            problem.shown = "tags/c#…"
            problem.boundary = "Boundary-77"
            problem.path = "items[0].price"
            problem.value = "nan"
            problem.detail = "DETAIL-7"
            kinds.append(.requestProblem(problem))
        }
        let codes = [
            -1004, -1003, -1006, -1001, -1005, -1017, -1011, -1200, -1201, -1202, -1203, -1204, -1205, -1206, -1022,
            -999, -1, -1000, -1002, -1007, -1008, -1009, -1010, -1012, -1013, -1014, -1015, -1016, -1018, -1019,
            -1020, -1021, -1100, -1101, -1102, -1103, -1104, -995, -996, -997, -2000, -3000, -3001, -3002, -3003,
            -3004, -3005, -3006, -3007, -4242,
        ]
        for raw in codes {
            #if canImport(FoundationNetworking)
            let code = URLError.Code(rawValue: raw) ?? .unknown  // failable on Linux only
            #else
            let code = URLError.Code(rawValue: raw)
            #endif
            for (loopback, hostPort) in [(true, "127.0.0.1:8090"), (false, "api.example.com:8443")] {
                kinds.append(
                    .transport(
                        TransportFacts(
                            code: code, url: url, hostPort: hostPort, isLoopback: loopback,
                            scheme: "https", hint: nil, missingBytes: nil)))
            }
            kinds.append(.transport(TransportFacts(code: code, isLoopback: false)))
        }
        for hint in [TransportHint.httpsToPlainServer, .bodyCutShort, .hostUnreachable] {
            kinds.append(
                .transport(
                    TransportFacts(
                        code: .unknown, url: url, hostPort: "127.0.0.1:8090", isLoopback: true, scheme: "https",
                        hint: hint, missingBytes: 40)))
        }
        let page = HTMLPage(Data("<html><title>Oops</title>Down for maintenance</html>".utf8))
        for code in [400, 401, 403, 404, 405, 408, 409, 413, 415, 418, 422, 429, 500, 503, 599] {
            for credential in [true, false, nil] as [Bool?] {
                kinds.append(
                    .httpStatus(
                        HTTPFacts(
                            code: code, url: url, serverSaid: "Not found", html: nil, sentCredential: credential,
                            mentionsAPIKey: false, mentionsExpiredToken: false)))
            }
            kinds.append(
                .httpStatus(
                    HTTPFacts(
                        code: code, url: nil, serverSaid: nil, html: page, sentCredential: nil, mentionsAPIKey: false,
                        mentionsExpiredToken: false)))
            kinds.append(
                .httpStatus(
                    HTTPFacts(
                        code: code, url: url, serverSaid: "Invalid API key", html: nil, sentCredential: nil,
                        mentionsAPIKey: true, mentionsExpiredToken: code == 401)))
            kinds.append(
                .httpStatus(
                    HTTPFacts(
                        code: code, url: url, serverSaid: "token expired", html: nil, sentCredential: nil,
                        mentionsAPIKey: false, mentionsExpiredToken: true)))
        }
        let fixes: [DecodingFacts.Fix?] = [
            nil, .convertFromSnakeCase, .codingKeys, .snakeCaseTwice, .wrapper, .decodeArray, .optional,
            .numberInString, .dateStrategy, .changeType, .checkURL,
        ]
        let problems: [DecodingFacts.Problem] = [
            .typeMismatch, .valueNotFound, .keyNotFound, .dataCorrupted, .emptyBody, .notJSON, .html, .other,
        ]
        for problem in problems {
            for fix in fixes {
                for (path, withURL) in [("results[0].release_date", true), ("", false), (nil, true)]
                    as [(String?, Bool)]
                {
                    var facts = DecodingFacts(problem: problem)
                    facts.path = path
                    facts.key = "release_date"
                    facts.expected = "Double"
                    facts.foundKind = "string"
                    facts.foundText = "\"12.5\""
                    facts.detail = "DETAIL-9"
                    facts.url = withURL ? url : nil
                    facts.status = withURL ? 200 : nil
                    facts.fix = fix
                    facts.fixKey = fix == .snakeCaseTwice ? "releaseDate" : "results"
                    facts.dateFormat = "yyyy-MM-dd"
                    facts.htmlTitle = "Oops"
                    facts.htmlWords = "Down"
                    facts.raw = problem == .other ? "RAW-3" : nil
                    kinds.append(.decoding(facts))
                }
            }
        }
        for format in ["ISO-8601", "milliseconds since 1970", "seconds since 1970"] {
            var facts = DecodingFacts(problem: .typeMismatch)
            (facts.path, facts.key, facts.fix, facts.dateFormat) = ("created_at", "created_at", .dateStrategy, format)
            kinds.append(.decoding(facts))
        }
        return kinds
    }

    private static let others: [APIError.MessageLanguage] = [.traditionalChinese, .swedish]

    private func texts(_ explanation: APIError.Explanation) -> [String] {
        [explanation.what, explanation.why, explanation.fix]
    }

    func testEveryKindHasEveryPartInEveryLanguage() {
        let corpus = Self.corpus
        XCTAssertGreaterThan(corpus.count, 500)
        for kind in corpus {
            for language in APIError.MessageLanguage.allCases {
                let explanation = language.table.explain(kind)
                for part in texts(explanation) {
                    XCTAssertFalse(part.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(kind)")
                    XCTAssertFalse(part.contains("..") && !part.contains("..."), "\(language): \(part)")
                }
            }
        }
        for language in APIError.MessageLanguage.allCases {
            let texts = language.watchdogTexts
            XCTAssertTrue(texts.warning.contains("dispatchMain()"), "\(language)")
            XCTAssertTrue(texts.ended(3).contains("3"), "\(language)")
            XCTAssertTrue(texts.ended(3).contains("RunLoop.main.run()"), "\(language)")
        }
    }

    /// The code spans, URLs and numbers of `text`.
    private static func verbatims(_ text: String) -> [String] {
        var found: [String] = []
        let patterns = [#"`[^`]+`"#, #"https?://[A-Za-z0-9][^\s)）,，。`]*"#, #"(?<![\w.])-?\d+(\.\d+)?(?![\w])"#]
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
        for kind in Self.corpus {
            let english = texts(EnglishMessages().explain(kind)).joined(separator: " ")
            for language in Self.others {
                let other = texts(language.table.explain(kind)).joined(separator: " ")
                for piece in Self.verbatims(english) {
                    // Swedish writes a decimal comma: 0.5 is 0,5.
                    let written =
                        language == .swedish && piece.first != "`"
                        ? piece.replacingOccurrences(of: ".", with: ",") : piece
                    XCTAssertTrue(
                        other.contains(piece) || other.contains(written),
                        "\(language) lacks \(piece) for \(kind):\n\(english)\n\(other)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    /// Characters only simplified Chinese writes (their traditional forms are what Taiwan reads).
    private static let simplifiedOnly = Set(
        "这们说连网络务据认证设页码获试请应错误为时间发数组对类键缓储过还没开关无处问题项输传载击点线显读写动态记录级签从会话库览单导实现运视频带东车长门么义书买习亲众优侧删别创办动区协压历县参变响团围图场块坚备头学宁宝实审宽将层岁币师帐帮废开异张弹强归当录总执扩扫护报担择换数断旧显术机杂权条来极构标样档检楼欢残毕气汇测浓满灭灯灵热爱状独环电盖盘确礼离称稳简纠约纪纯纳纵纸练组细织终经结绘给绝统继续维综绿缓编缩罗职联脑节药营虑虚补装见观规视觉订认讨让训议讯讲许论访评识诉词该详语读课谁调谈谢负财责败货质购费资赖赛转轮软轻较辅边达远违迟适选递逻遗邮释钟钥钱铁链销锁键镜闭问阅队阶际陆险随隐难静顺须顾预领频额风飞饭馆驱验鸡黄龙个与专产"
    )

    /// Mainland terms a Taiwanese reader notices at once.
    private static let mainlandTerms = [
        "服务器", "服務器", "网络", "網絡", "默認", "默认", "數據", "数据", "文件", "端口", "字段", "緩存", "缓存", "連接",
        "连接", "超時", "超时", "響應", "信息", "軟件", "字符串", "數組", "對象", "登錄", "視頻", "源代碼", "屏幕",
    ]

    func testTheTraditionalChineseTextIsTaiwanUsage() {
        for kind in Self.corpus {
            let text = texts(TraditionalChineseMessages().explain(kind)).joined()
            let simplified = text.filter { Self.simplifiedOnly.contains($0) }
            XCTAssertTrue(simplified.isEmpty, "simplified characters \(simplified) in: \(text)")
            let checked = text.replacingOccurrences(of: "連接埠", with: "")
            for term in Self.mainlandTerms {
                XCTAssertFalse(checked.contains(term), "\(term) in: \(text)")
            }
            let paragraph = TraditionalChineseMessages().explain(kind).description
            XCTAssertFalse(paragraph.contains("。 "), "sentences are joined without spaces: \(paragraph)")
            XCTAssertTrue(paragraph.hasSuffix("。") || paragraph.hasSuffix("？"), paragraph)
        }
        let watchdog = TraditionalChineseWatchdog.texts
        for text in [watchdog.warning, watchdog.ended(2)] {
            XCTAssertTrue(text.filter { Self.simplifiedOnly.contains($0) }.isEmpty, text)
        }
        // The control: the check sees a simplified character and a mainland term.
        XCTAssertFalse("无法连接服务器".filter { Self.simplifiedOnly.contains($0) }.isEmpty)
        XCTAssertTrue(Self.mainlandTerms.contains { "請檢查伺服器端口".contains($0) })
        XCTAssertFalse(Self.mainlandTerms.contains { "請檢查連接埠".replacingOccurrences(of: "連接埠", with: "").contains($0) })
    }

    /// English words that never occur in a Swedish sentence.
    private static let englishWords = try! NSRegularExpression(
        pattern:
            #"\b(the|is|was|were|and|could|not|with|from|this|that|which|your|check|answer|found|missing|should|please)\b"#,
        options: [.caseInsensitive])

    /// `text` without what stays verbatim: code spans, URLs, quoted words and the facts' own English.
    private static func prose(_ text: String) -> String {
        var text = text
        for pattern in [#"`[^`]*`"#, #"https?://\S+"#, #""[^"]*""#, #"DETAIL-\d"#, #"URLError\.\w+"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    func testTheSwedishTextHasNoEnglishSentence() {
        for kind in Self.corpus {
            let text = Self.prose(texts(SwedishMessages().explain(kind)).joined(separator: " "))
            let range = NSRange(text.startIndex..., in: text)
            let words = Self.englishWords.matches(in: text, range: range).compactMap { Range($0.range, in: text) }
                .map { String(text[$0]) }
            XCTAssertTrue(words.isEmpty, "English words \(words) in Swedish: \(text)")
        }
        let control = Self.prose("The server could not be reached")
        XCTAssertFalse(
            Self.englishWords.matches(in: control, range: NSRange(control.startIndex..., in: control)).isEmpty)
    }
}
