import Foundation
import XCTest

@testable import FixtureServer

/// Every teaching answer of the server in every language (issue 56): one sample of each `Teaching` case (the
/// `switch` below fails to compile when a case is added without one), each written in 繁體中文, 简体中文 and
/// Svenska with every fact of the English verbatim, no English sentence left, and each Chinese table in its own
/// usage and script.
final class TeachingTablesTests: XCTestCase {
    /// One sample of every case, and of every nested problem (pattern, JSON, parser).
    static let samples: [Teaching] = {
        var samples: [Teaching] = [
            .notFound,
            .didYouMean(sent: "/movis", meant: "/movies", methods: "GET, HEAD, POST, OPTIONS"),
            .dropRoot(sent: "/api/movies", meant: "/movies", dropped: "/api", start: "/movies", methods: "GET, HEAD"),
            .addRoot(sent: "/users/2", meant: "/api/users/2", prefix: "/api", methods: "GET, HEAD, PUT"),
            .methodNotAllowed(method: "PATCH", path: "/movies", allowed: "GET, HEAD, POST, OPTIONS"),
            .orderNeedsSort,
            .unknownOperator(operator: ":gtt", parameter: "year:gtt", known: ":lt :lte :gt :gte :ne"),
            .methodNotImplemented,
            .readOnly(method: "POST", path: "/movies", allowed: "GET, HEAD, OPTIONS"),
            .staticFileMethod(method: "PUT", path: "/index.html"),
            .preconditionExists, .preconditionChanged,
            .invalidID,
            .alreadyExists(collection: "movies", id: "7"),
            .noNextID(collection: "movies", largest: Int.max),
            .idMismatch(sent: "8", id: "7"), .idMismatch(sent: nil, id: "7"),
            .deleteReadsOnlyDependent(collection: "movies", parameter: "cascade"),
            .noDependentCollection(name: "review", suggestion: "reviews"),
            .noDependentCollection(name: "zzz", suggestion: nil),
            .itemReadsOnlyLinks(collection: "movies", parameter: "genre"),
            .itemNotFound(collection: "movies", id: "99"),
            .noLink(
                parameter: "_embed", name: "review", collection: "movies", suggestion: "reviews", options: ["reviews"]),
            .noLink(parameter: "_expand", name: "zzz", collection: "movies", suggestion: nil, options: []),
            .searchLength,
            .unknownParameter(name: "_srot", suggestion: "_sort", reserved: CollectionQuery.reserved),
            .dependentOnGet(collection: "movies"),
            .perPageWithLimit, .pageWithSlice,
            .endBeforeStart(end: 2, start: 5),
            .notWholeNumber(parameter: "_limit", lowest: 1, highest: 1000, value: "x"),
            .namesCount(parameter: "_embed"), .sortFieldCount, .orderWords,
            .sortFieldNotPath(field: "a..b"), .filterNotPath(parameter: "a..b"), .valueTooLong(parameter: "title"),
            .comparisonNeedsValue(parameter: "year_gte"),
            .comparisonNeedsNumber(parameter: "year_gte", value: "soon", path: "year"),
            .noSuchField(parameter: "yaer", path: "yaer", suggestion: "year", fields: ["id", "title", "year"]),
            .mockCodeInvalid,
            .noMockExample(
                name: "empty", status: 404, method: "GET", pattern: "/movie/popular",
                examples: [MockExampleName(name: "page one", status: 200), MockExampleName(name: nil, status: 500)]),
            .noMockExample(name: nil, status: 418, method: "GET", pattern: "/x", examples: []),
            .noMockMatch(method: "GET", pattern: "/movie/:id"),
            .cannotForward(path: "/a b", upstream: "https://api.example.com"),
            .recordingFailed(method: "GET", place: "https://api.example.com/movies", reason: nil),
            .unsafeResponseHead, .tooManyConnections,
            .unreadableRequest(.headerTooLarge), .unreadableRequest(.notImplemented("gzip")),
            .unreadableRequest(.payloadTooLarge), .unreadableRequest(.versionNotSupported),
            .inspectorAllowed(methods: "GET, HEAD"), .inspectorChallenge("Bearer realm=\"api\""),
            .inspectorNoReason(status: 404, phrase: "Not Found"),
            .notFoundWithoutAPI(sent: "/movie/popular", command: Teaching.apiExample),
        ]
        for sent in JSONKind.allCases {
            // A null is never of the wrong kind, nor an example of one (`Relations.typeMismatch`).
            for expected in JSONKind.allCases where expected != sent && sent != .null && expected != .null {
                samples.append(
                    .wrongFieldType(
                        field: "year", sent: sent, collection: "movies", expected: expected, example: "1999"))
            }
            samples.append(.bodyNotObject(kind: sent))
        }
        let patterns: [SafePattern.Problem] = [
            .tooLong(limit: 200), .unmatchedClose, .nestedTooDeep(limit: 20), .lazyQuantifier, .countedRepetition,
            .nothingToRepeat("*"), .lookaround, .unclosedGroup, .loneBackslash, .unsupportedEscape("b"),
            .namedClassInClass("D"), .rangeEndsInNamedClass("d"), .rangeOutOfOrder(low: "z", high: "a"),
            .unclosedClass,
        ]
        samples += patterns.map { .unsupportedPattern(parameter: "title_like", problem: $0) }
        let json: [JSONSyntaxError.Problem] = [
            .textAfterValue, .unexpectedEnd, .unexpectedEndInObject, .unexpectedEndInArray, .unexpectedCharacter,
            .invalidLiteral(expected: "true"), .nestedTooDeep(limit: 200), .expectedMemberName, .expectedColon,
            .expectedCommaOrBrace, .expectedCommaOrBracket, .duplicateMember("title"), .invalidSurrogatePair,
            .invalidUnicodeEscape, .invalidEscape, .controlCharacterInString, .unterminatedString, .leadingZero,
            .digitsAfterPoint, .digitsInExponent, .invalidNumber, .numberOutOfRange("1e999"),
        ]
        samples += json.map { .bodyNotJSON(line: 3, problem: $0) }
        let parse: [HTTPParseError.Problem] = [
            .emptyRequest, .malformedRequestLine, .invalidMethod, .invalidTarget, .invalidVersion,
            .asteriskNotOptions, .targetNotAbsolutePath, .invalidPercentEncoding, .headerWithoutColon,
            .invalidHeaderName, .invalidHeaderValue, .invalidContentLength, .duplicateHost, .missingHost,
            .invalidHost, .lengthAndChunked, .chunkedInHTTP10, .chunkedNotLast, .malformedChunkSize,
            .chunkSizeBareLF, .chunkSizeLoneCR, .chunkDataWithoutCRLF, .trailerLoneCR, .trailerBareLF,
            .chunkExtensionControl, .chunkFramingTooLong(limit: 65536), .chunkExtensionTooLong(limit: 1024),
        ]
        samples += parse.map { .unreadableRequest(.badRequest($0)) }
        return samples
    }()

    /// The case's number: a new case of `Teaching` does not compile here until it has one (and a sample).
    private static func number(_ teaching: Teaching) -> Int {
        switch teaching {
        case .notFound: 0
        case .didYouMean: 1
        case .dropRoot: 2
        case .addRoot: 3
        case .methodNotAllowed: 4
        case .wrongFieldType: 5
        case .orderNeedsSort: 6
        case .unknownOperator: 7
        case .methodNotImplemented: 8
        case .readOnly: 9
        case .staticFileMethod: 10
        case .preconditionExists: 11
        case .preconditionChanged: 12
        case .bodyNotJSON: 13
        case .bodyNotObject: 14
        case .invalidID: 15
        case .alreadyExists: 16
        case .noNextID: 17
        case .idMismatch: 18
        case .deleteReadsOnlyDependent: 19
        case .noDependentCollection: 20
        case .itemReadsOnlyLinks: 21
        case .itemNotFound: 22
        case .noLink: 23
        case .searchLength: 24
        case .unknownParameter: 25
        case .dependentOnGet: 26
        case .perPageWithLimit: 27
        case .pageWithSlice: 28
        case .endBeforeStart: 29
        case .notWholeNumber: 30
        case .namesCount: 31
        case .sortFieldCount: 32
        case .orderWords: 33
        case .sortFieldNotPath: 34
        case .filterNotPath: 35
        case .valueTooLong: 36
        case .unsupportedPattern: 37
        case .comparisonNeedsValue: 38
        case .comparisonNeedsNumber: 39
        case .noSuchField: 40
        case .mockCodeInvalid: 41
        case .noMockExample: 42
        case .noMockMatch: 43
        case .cannotForward: 44
        case .recordingFailed: 45
        case .unsafeResponseHead: 46
        case .tooManyConnections: 47
        case .unreadableRequest: 48
        case .inspectorAllowed: 49
        case .inspectorChallenge: 50
        case .inspectorNoReason: 51
        case .notFoundWithoutAPI: 52
        }
    }

    func testEveryCaseHasASample() {
        XCTAssertEqual(Set(Self.samples.map(Self.number)), Set(0...52))
    }

    /// The facts of a case: every string and number of its payload, which every language keeps verbatim.
    private static func facts(_ value: Any) -> [String] {
        if let text = value as? String { return text.isEmpty ? [] : [text] }
        if let number = value as? Int { return [String(number)] }
        return Mirror(reflecting: value).children.flatMap { facts($0.value) }
    }

    /// Words an English message may share with a translation: Swedish words spelled as English ones, and the
    /// terms the glossary keeps in English (HTTP's own, and the `Allow` header's name).
    static let sharedWords: Set<String> = [
        "under", "operator", "header", "trailer", "chunk", "chunks", "data", "literal", "escape", "lookaround",
        "surrogate", "pair", "array", "status", "version", "allow", "recording", "parameter",
        // Code in prose: JSON's null, `_order`'s values, the query syntax's placeholder, the example data's names.
        "null", "desc", "field", "movie", "review", "host", "chunked", "text",
    ]

    /// The prose words of `text` (4 letters or more): whitespace-separated runs of ASCII letters, lowercase
    /// but for the first, with sentence punctuation around them. Code (`_sort=year`, `If-None-Match`,
    /// `movieId`, `GET`) and the facts are not prose.
    static func proseWords(_ text: String, facts: [String] = []) -> Set<String> {
        var prose = text
        for fact in facts.sorted(by: { $0.count > $1.count }) {
            prose = prose.replacingOccurrences(of: fact, with: " ")
        }
        var words: Set<String> = []
        for token in prose.split(whereSeparator: { $0.isWhitespace || !$0.isASCII }) {
            let word = token.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:?!()"))
            guard word.count >= 4, word.allSatisfy(\.isLetter), word.dropFirst().allSatisfy(\.isLowercase) else {
                continue
            }
            words.insert(word.lowercased())
        }
        return words
    }

    /// Taiwan forms a 简体中文 reader notices at once (the glossary's column), and characters of each script
    /// that the other writes differently.
    private static let taiwanTerms = [
        "伺服器", "网路", "連線", "连线", "預設", "预设", "檔案", "档案", "欄位", "栏位", "物件", "陣列", "阵列", "字串",
        "型別", "型别", "位元組", "位元组", "資料", "资料", "逾時", "逾时", "快取", "通訊埠", "通讯埠", "回應", "回应",
        "使用者", "登入", "程式", "本文",
    ]
    private static let traditionalOnly = Array("這們實於與為從會來說對時點發現開關裡後無過還應該當資請問題錯誤標頭檔連網設範參數欄據類條錄轉態碼結長區塊擴處組義讀寫進產驗證憑權陣務專語")
    private static let simplifiedOnly = Array("这们实于与为从会来说对时点发现开关里后无过还应该当资请问题错误标头档连网设范参数栏据类条录转态码结长区块扩处组义读写进产验证凭权阵务专语")

    func testEveryCaseInEveryLanguage() {
        var checked = 0
        for sample in Self.samples {
            let english = sample.english
            let facts = Self.facts(sample)
            let englishWords = Self.proseWords(english, facts: facts).subtracting(Self.sharedWords)
            XCTAssertFalse(englishWords.isEmpty && english.count > 30, "control: prose found in \(english)")
            XCTAssertFalse(english.isEmpty, "\(sample)")
            for fact in facts { XCTAssertTrue(english.contains(fact), "English keeps \(fact): \(english)") }
            for language in TeachingLanguage.allCases where language != .english {
                let text = sample.text(language)
                XCTAssertNotEqual(text, english, "\(language): \(sample)")
                for fact in facts {
                    XCTAssertTrue(text.contains(fact), "\(language) keeps \(fact) verbatim: \(text)")
                }
                let words = Self.proseWords(text)
                XCTAssertTrue(
                    words.isDisjoint(with: englishWords),
                    "\(language) has English \(words.intersection(englishWords).sorted()): \(text)")
                switch language {
                case .traditionalChinese, .simplifiedChinese:
                    XCTAssertTrue(text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, text)
                    XCTAssertFalse(text.contains(". "), "\(language) ends sentences with 。: \(text)")
                    XCTAssertFalse(text.contains("\u{3002}."), "no 。.: \(text)")
                    let other = language == .traditionalChinese ? Self.simplifiedOnly : Self.traditionalOnly
                    XCTAssertFalse(text.contains { other.contains($0) }, "\(language) in its own script: \(text)")
                    if language == .simplifiedChinese {
                        for term in Self.taiwanTerms {
                            XCTAssertFalse(text.contains(term), "简体中文 in mainland usage, not \(term): \(text)")
                        }
                    }
                case .swedish:
                    XCTAssertFalse(text.contains("huvudet"), "header, as the client says: \(text)")
                case .english: break
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3 * 140)
    }
}
