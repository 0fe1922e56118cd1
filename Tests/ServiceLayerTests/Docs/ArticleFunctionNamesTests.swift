import Foundation
import XCTest

/// Every function a DocC article names in code voice — `` `name(label:other:)` ``,
/// `` `Type.name(label:)` ``, ``` ``Type/name(_:)`` ```, `` `init(label:)` `` — exists with those labels
/// in the package's Swift sources (`Sources/`, `server-fixtures/`). A renamed method or a changed label
/// fails here, naming the article, until the article follows. (DocC checks its own ``` ``links`` ``` only
/// when the docs are built; plain code voice nothing checked before this test.)
final class ArticleFunctionNamesTests: XCTestCase {
    /// Names that no declaration of the package can match, each with its reason. Keep it this short.
    static let exceptions: [String: String] = [
        "dispatchMain()": "Dispatch's own function, which a command-line program calls (no type to qualify it)",
        "fetchX(completion:)": "the landing page's name for Apple's pattern (fetchCategories, fetchMenuItems...)",
    ]

    func testEveryFunctionAnArticleNamesInCodeVoiceExistsWithThoseLabels() throws {
        let declarations = try DocArticles.packageDeclarations()
        let types = try DocArticles.packageTypes()
        var checked = 0
        var missing: [String] = []
        for article in try DocArticles.all() {
            for name in Set(DocArticles.codeSpans(article.text).compactMap(CodeVoiceName.init)) {
                if Self.exceptions[name.text] != nil || name.isForeign(packageTypes: types) { continue }
                checked += 1
                if !name.isDeclared(in: declarations) {
                    missing.append("\(article.path): `\(name.text)`")
                }
            }
        }
        XCTAssertEqual(
            missing.sorted(), [],
            "these articles name functions the sources do not declare with those labels: rename them in the article")
        // The control: the walk really saw the articles' names (about 80 today).
        XCTAssertGreaterThan(checked, 50)
    }

    func testEveryExceptionIsStillNamedByAnArticle() throws {
        let named = Set(try DocArticles.all().flatMap { DocArticles.codeSpans($0.text) })
        for exception in Self.exceptions.keys {
            XCTAssertTrue(named.contains(exception), "`\(exception)` is no longer in any article: drop its exception")
        }
    }

    func testAStaleNameIsReported() throws {
        let declarations = try DocArticles.packageDeclarations()
        let text = """
            Call ``MenuController/fetchCategories(completion:)``, then `MenuController.fetchDesserts(completion:)`,
            `APIClient/send(_:delivery:token:)` and ``APIClient/send(_:callbackQueue:)``.

            ```swift
            ignored.inBlocks(really:)
            ```
            """
        let stale = DocArticles.codeSpans(text).compactMap(CodeVoiceName.init).filter {
            !$0.isDeclared(in: declarations)
        }
        XCTAssertEqual(
            stale.map(\.text),
            [
                "MenuController.fetchDesserts(completion:)", "APIClient/send(_:delivery:token:)",
                "APIClient/send(_:callbackQueue:)",
            ])
    }

    func testCodeVoiceNamesAreReadAsTheirParts() {
        let link = CodeVoiceName("APIClient/send(_:callbackQueue:completion:)")
        XCTAssertEqual(link?.qualifier, ["APIClient"])
        XCTAssertEqual(link?.baseName, "send")
        XCTAssertEqual(link?.labels, ["_", "callbackQueue", "completion"])
        XCTAssertEqual(link?.enclosingType, "APIClient")
        let initializer = CodeVoiceName("APIClient.Options(decoder:)")
        XCTAssertEqual(initializer?.baseName, "init")
        XCTAssertEqual(initializer?.enclosingType, "Options")
        XCTAssertEqual(CodeVoiceName("URLStub/init(unmatched:)")?.enclosingType, "URLStub")
        XCTAssertEqual(CodeVoiceName("server.inject(_:path:method:times:)")?.enclosingType, nil)
        XCTAssertEqual(CodeVoiceName("Endpoint/cancel()")?.labels, [])
        XCTAssertEqual(CodeVoiceName("Authenticator/isCurrent(_:)-8xk2")?.baseName, "isCurrent")
        XCTAssertTrue(CodeVoiceName("UIImage(data:)")?.isForeign(packageTypes: ["APIClient"]) == true)
        XCTAssertNil(CodeVoiceName("client.send(MenuAPI.categories)"))
        XCTAssertNil(CodeVoiceName("Endpoint<Data>"))
        XCTAssertNil(CodeVoiceName("send"))
    }

    func testTheScannerReadsDeclarationsAsTheyAreWritten() {
        let source = #"""
            // func commented(out:) {}
            /* func blocked(out:) { /* nested */ } */
            let text = "func inString(x:) \(value("func inInterpolation(y:)")) done"
            let raw = #"func inRaw(z:) "still" "#
            let lines = """
                func inMultiline(w:)
                """
            public struct Outer<Element: Sendable> {
                /// func inDocComment(v:)
                public init?(_ first: Int, named second: String = "a, b", _: Bool) {}
                func send<Response: Decodable, Other>(
                    _ endpoint: Endpoint<Response, Other>,
                    callbackQueue: DispatchQueue = .main,
                    @ViewBuilder content: () -> Int,
                    completion: @escaping @Sendable (Result<[Int], Error>, [String: Int]) -> Void
                ) -> Handle where Response: Sendable {
                    func local(inside: Int) {}
                    switch x { case .pattern(let y): break }
                }
                enum Kind: Error { case plain, value(Int), labelled(code: Int, body: [String: Data]), `default`(x: Int) }
                class func make(range: Range<Int> = 0..<10, other: Int) {}
                static func == (lhs: Outer, rhs: Outer) -> Bool { true }
            }
            extension Outer.Inner where Element == Int {
                func `async`(_ value: Int) {}
            }
            func free() {}
            """#
        let found = SwiftDeclarationScanner.declarations(in: source, file: "Example.swift")
        let summary = found.map { "\($0.enclosingType ?? "-").\($0.baseName)(\($0.labels.joined(separator: ",")))" }
        XCTAssertEqual(
            summary,
            [
                "Outer.init(_,named,_)", "Outer.send(_,callbackQueue,content,completion)", "Kind.value(_)",
                "Kind.labelled(code,body)", "Kind.default(x)", "Outer.make(range,other)", "Inner.async(_)",
                "-.free()",
            ])
        XCTAssertEqual(found.first?.hasDefault, [false, true, false])
        XCTAssertEqual(found[1].hasDefault, [false, true, false, false])
        XCTAssertTrue(found[1].accepts(["_", "content", "completion"]))
        XCTAssertFalse(found[1].accepts(["_", "callbackQueue"]))
        XCTAssertEqual(found[5].hasDefault, [true, false])
    }
}
