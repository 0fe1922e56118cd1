import Foundation
import XCTest

@testable import FixtureServer

/// The teaching 4xx bodies follow the request's `Accept-Language` (issue 43, item 5; 简体中文 since issue 56):
/// 繁體中文, 简体中文 and Svenska name the same route, field and method as English and hold no English sentence;
/// over real sockets against the movies example.
final class TeachingLanguageTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { apiServer(Self.moviesFolder) }

    /// The `error` of `method target` with `Accept-Language: language` (none when nil); checks the status and
    /// `Vary: Accept-Language`.
    private func error(
        _ method: String, _ target: String, json: String? = nil, language: String?, status: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        var headers = ["Accept": "application/json"]
        if let language { headers["Accept-Language"] = language }
        if json != nil { headers["Content-Type"] = "application/json" }
        let reply = try fetch(target, method: method, body: json.map { Data($0.utf8) }, headers: headers)
        XCTAssertEqual(reply.status, status, "\(method) \(target): \(reply.text)", file: file, line: line)
        XCTAssertTrue(
            (reply.headers["vary"] ?? "").contains("Accept-Language"), "Vary: \(reply.headers)", file: file,
            line: line)
        return try XCTUnwrap(try reply.object()["error"] as? String, reply.text, file: file, line: line)
    }

    /// Asks in English, 繁體中文, 简体中文 and Svenska; each answer names every one of `verbatim`, and the
    /// translated ones hold no English prose word (`TeachingTablesTests.proseWords`) of the English sentence
    /// outside `verbatim`.
    private func checkTranslated(
        _ method: String, _ target: String, json: String? = nil, status: Int, verbatim: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let english = try error(method, target, json: json, language: "en-US", status: status, file: file, line: line)
        XCTAssertEqual(
            try error(method, target, json: json, language: nil, status: status, file: file, line: line), english,
            "no Accept-Language is English", file: file, line: line)
        let englishWords = TeachingTablesTests.proseWords(english, facts: verbatim)
            .subtracting(TeachingTablesTests.sharedWords)
        XCTAssertFalse(
            englishWords.isEmpty, "control: the English message has prose: \(english)", file: file, line: line)
        for language in ["zh-Hant-TW", "zh-TW", "zh-CN", "zh-Hans", "sv-SE", "sv"] {
            let text = try error(method, target, json: json, language: language, status: status, file: file, line: line)
            XCTAssertNotEqual(text, english, language, file: file, line: line)
            for token in verbatim {
                XCTAssertTrue(text.contains(token), "\(language) keeps \(token): \(text)", file: file, line: line)
            }
            let words = TeachingTablesTests.proseWords(text)
            XCTAssertTrue(
                words.isDisjoint(with: englishWords),
                "\(language) has English \(words.intersection(englishWords)): \(text)",
                file: file, line: line)
        }
        XCTAssertTrue(
            try error(method, target, json: json, language: "zh-Hant", status: status).contains { "，。：；".contains($0) },
            "zh-Hant uses full-width punctuation", file: file, line: line)
    }

    func testDidYouMeanFollowsAcceptLanguage() throws {
        try checkTranslated(
            "GET", "/movie/popluar", status: 404, verbatim: ["/movie/popluar", "/movie/popular", "GET, HEAD, OPTIONS"])
        XCTAssertTrue(
            try error("GET", "/movie/popluar", language: "sv", status: 404).contains("Menade du /movie/popular?"))
        XCTAssertTrue(
            try error("GET", "/movie/popluar", language: "zh-TW", status: 404).contains("您是要找 /movie/popular 嗎？"))
    }

    func testAWrongRootFollowsAcceptLanguage() throws {
        try checkTranslated(
            "GET", "/api/movies", status: 404, verbatim: ["/api/movies", "/movies", "/api", "GET, HEAD, POST, OPTIONS"])
        try checkTranslated(
            "GET", "/users/2", status: 404,
            verbatim: ["/users/2", "/api/users/2", "/api/", "GET, HEAD, PUT, PATCH, DELETE, OPTIONS"])
    }

    func testThePlainNotFoundFollowsAcceptLanguage() throws {
        XCTAssertEqual(try error("GET", "/api/nothing/here", language: nil, status: 404), "Not found")
        XCTAssertEqual(try error("GET", "/api/nothing/here", language: "zh-Hant", status: 404), "找不到")
        XCTAssertEqual(try error("GET", "/api/nothing/here", language: "zh-CN", status: 404), "未找到")
        XCTAssertEqual(try error("GET", "/api/nothing/here", language: "sv", status: 404), "Hittades inte")
    }

    func testMethodNotAllowedFollowsAcceptLanguage() throws {
        try checkTranslated(
            "PATCH", "/movies", json: "{}", status: 405,
            verbatim: ["PATCH /movies", "GET, HEAD, POST, OPTIONS", "Allow"])
    }

    func testWrongFieldTypeFollowsAcceptLanguage() throws {
        try checkTranslated(
            "POST", "/movies", json: #"{"title": "New", "year": "twenty"}"#, status: 400,
            verbatim: ["year", "movies", "null"])
        XCTAssertTrue(
            try error("POST", "/movies", json: #"{"year": "x"}"#, language: "zh-TW", status: 400).contains(
                "欄位 year 是字串"))
        XCTAssertTrue(
            try error("POST", "/movies", json: #"{"year": "x"}"#, language: "zh-CN", status: 400).contains(
                "字段 year 是字符串"))
        XCTAssertTrue(
            try error("POST", "/movies", json: #"{"year": "x"}"#, language: "sv", status: 400).contains(
                "Fältet year är en sträng"))
    }

    func testOrderNeedsSortFollowsAcceptLanguage() throws {
        try checkTranslated(
            "GET", "/movies?_order=desc", status: 400, verbatim: ["_order", "_sort", "_sort=year&_order=desc"])
    }

    func testAnUnknownOperatorFollowsAcceptLanguage() throws {
        try checkTranslated(
            "GET", "/movies?year:gtt=2020", status: 400, verbatim: [":gtt", "year", ":lt :lte :gt :gte :ne"])
        try checkTranslated(
            "GET", "/movies?year_gtt=2020", status: 400, verbatim: ["_gtt", "year", "_lt _lte _gt _gte _ne _like"])
    }

    /// A request the parser refuses answers in the language its raw head asks for, when it has one.
    func testARefusedRequestFollowsTheAcceptLanguageOfItsHead() throws {
        let cases: [(String?, String)] = [
            ("zh-TW", "錯誤的要求：缺少 Host 標頭。"), ("zh-CN", "错误的请求：缺少 Host 请求头。"),
            ("sv", "Felaktig begäran: Host-header saknas"), (nil, "Bad request: missing Host header"),
        ]
        for (language, expected) in cases {
            let field = language.map { "accept-LANGUAGE: \($0)\r\n" } ?? ""
            let answer = try rawExchange("GET /movies HTTP/1.1\r\n\(field)\r\n")
            XCTAssertEqual(answer.status, 400)
            XCTAssertEqual(answer.text, #"{"error":"\#(expected)"}"#, String(describing: language))
            XCTAssertEqual(answer.headers["vary"], "Accept-Language")
        }
        let chunked = try rawExchange(
            "POST /movies HTTP/1.1\r\nHost: x\r\nAccept-Language: sv\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
        XCTAssertEqual(chunked.text, #"{"error":"Felaktig begäran: felformad chunk-storlek"}"#)
    }

    /// The database, the query language, `routes.json`, the 501 and the 412 answer in the learner's language
    /// too (issue 56): no teaching answer of the server stays English under zh-TW, zh-CN or sv.
    func testTheRestOfTheTeachingFollowsAcceptLanguage() throws {
        try checkTranslated("GET", "/movies/99", status: 404, verbatim: ["movies/99", "GET /movies"])
        try checkTranslated("GET", "/movies?_limit=x", status: 400, verbatim: ["_limit", "1", "1000", "x"])
        try checkTranslated(
            "GET", "/movies?yaer=2000", status: 400,
            verbatim: ["yaer", "year", "director, genre, id, overview, rating, tags, title"])
        try checkTranslated("GET", "/movies?title_like=a{2}", status: 400, verbatim: ["title_like", "{m,n}", "_like"])
        try checkTranslated(
            "GET", "/movies?_embed=revews", status: 400,
            verbatim: ["_embed=revews", "revews", "movies", "reviews, review", "reviews"])
        try checkTranslated("POST", "/movies", json: "[1]", status: 400, verbatim: ["JSON", "{\"title\": \"New\"}"])
        try checkTranslated("POST", "/movies", json: "{\"a\": tru}", status: 400, verbatim: ["JSON", "true"])
        try checkTranslated("GET", "/movies/1?genre=drama", status: 400, verbatim: ["GET /movies/:id", "genre"])
        try checkTranslated("BREW", "/movies", status: 501, verbatim: [])
    }

}
