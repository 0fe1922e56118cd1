import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request that sets no `Accept-Language` asks for the message language, English after it (issue 56), so
/// the fixture server's teaching answer arrives in the learner's language and reads as one message with the
/// client's own words: from `LANG` (a child process) or the explicit language to the server's answer to
/// `localizedDescription`, over real sockets against the movies example.
final class AcceptLanguageRoundTripTests: XCTestCase {
    private static let moviesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../server-fixtures/Examples/movies").standardizedFileURL

    private var server: FixtureServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try FixtureServer(api: Self.moviesFolder)
        try server.start()
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    /// What each language's message holds of a `GET /movis`: the server's words and the client's around them.
    private static let expected: [String: (sent: String, words: [String])] = [
        "en": ("en", ["Did you mean /movies?", "404"]),
        "zh-Hant": ("zh-TW, en;q=0.5", ["伺服器說：「找不到：沒有路由符合 /movis。您是要找 /movies 嗎？", "404（找不到）"]),
        "sv": (
            "sv, en;q=0.5",
            ["Servern sa: \"Hittades inte: ingen rutt matchar /movis. Menade du /movies?", "404 (Hittades inte)"]
        ),
        "zh-Hans": ("zh-CN, en;q=0.5", ["服务器返回的消息：“未找到：没有路由与 /movis 匹配。您是不是要访问 /movies？", "404（未找到）"]),
    ]

    /// The error of `GET /movis` from a default client, and the `Accept-Language` the server saw.
    private func movis(headers: [String: String] = [:], configuration: URLSessionConfiguration = .ephemeral)
        async throws -> (error: APIError, sent: String?)
    {
        let client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: configuration),
            options: APIClient.Options(retryPolicy: .never, headers: headers))
        let outcome: Result<Data, APIError>
        do {
            outcome = .success(try await client.send(Endpoint<Data>("movis")))
        } catch {
            outcome = .failure(error)
        }
        guard case .failure(let error) = outcome else {
            XCTFail("GET /movis succeeded")
            throw XCTSkip("no error")
        }
        let seen = server.requests.last { $0.path == "/movis" }
        return (error, seen?.headers["accept-language"])
    }

    func testTheExplicitLanguageReachesTheServerAndComesBack() async throws {
        let before = APIError.messageLanguage
        defer { APIError.messageLanguage = before }
        for language in APIError.MessageLanguage.allCases {
            let expected = try XCTUnwrap(Self.expected[language.rawValue], "a case for \(language)")
            APIError.messageLanguage = language
            XCTAssertEqual(APIClient.acceptLanguage(language), expected.sent)
            let (error, sent) = try await movis()
            XCTAssertEqual(sent, expected.sent, "\(language)")
            XCTAssertEqual(error.statusCode, 404)
            let text = error.localizedDescription
            for words in expected.words {
                XCTAssertTrue(text.contains(words), "\(language): \(text)")
            }
            // The server's whole sentence, quoted after a colon, ends the client's sentence: 「…。」 with no 。 after.
            XCTAssertFalse(text.contains("。」。") || text.contains("。”。"), "\(language): \(text)")
        }
        // A quote inside a sentence still takes the sentence's period; English keeps its rule.
        XCTAssertEqual(APIError.Explanation.sentence("開頭是「Hi.」", period: "。", endings: "。？！"), "開頭是「Hi.」。")
        XCTAssertEqual(APIError.Explanation.sentence("伺服器說：「好。」", period: "。", endings: "。？！"), "伺服器說：「好。」")
        XCTAssertEqual(
            APIError.Explanation.sentence("It said: \"No.\"", period: ".", endings: ".?!"), "It said: \"No.\"")
    }

    func testAnAcceptLanguageSetElsewhereIsLeftAlone() async throws {
        let before = APIError.messageLanguage
        defer { APIError.messageLanguage = before }
        APIError.messageLanguage = .traditionalChinese
        // The client's own header wins, and the server answers in it.
        let (error, sent) = try await movis(headers: ["Accept-Language": "sv"])
        XCTAssertEqual(sent, "sv")
        XCTAssertTrue(error.localizedDescription.contains("Menade du /movies?"), error.localizedDescription)
        XCTAssertTrue(error.localizedDescription.contains("伺服器說"), "the client's words stay its own")
        // The session configuration's header wins too.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["Accept-Language": "fr, sv;q=0.5"]
        let fromSession = try await movis(configuration: configuration).sent
        XCTAssertEqual(fromSession, "fr, sv;q=0.5")
    }

    /// The probe (Tests/MessageLanguageProbe) with `LANG=lang`, sending `GET /movis` to the server: its
    /// language and the error's message.
    private func probe(lang: String) throws -> (language: String, message: String) {
        let lines = try runMessageLanguageProbe(
            ["LANG": lang], arguments: ["--get", server.baseURL.absoluteString, "movis"])
        XCTAssertEqual(lines.count, 2, "\(lang): \(lines)")
        return (lines.first ?? "", lines.last ?? "")
    }

    func testLANGReachesTheServerAndComesBackInAChildProcess() throws {
        let environments = [
            ("zh_TW.UTF-8", "zh-Hant"), ("zh_CN.UTF-8", "zh-Hans"), ("sv_SE.UTF-8", "sv"), ("en_US.UTF-8", "en"),
        ]
        for (lang, language) in environments {
            let expected = try XCTUnwrap(Self.expected[language])
            let (chosen, message) = try probe(lang: lang)
            XCTAssertEqual(chosen, language, lang)
            let seen = server.requests.last { $0.path == "/movis" }
            XCTAssertEqual(seen?.headers["accept-language"], expected.sent, lang)
            for words in expected.words {
                XCTAssertTrue(message.contains(words), "\(lang): \(message)")
            }
        }
    }
}
