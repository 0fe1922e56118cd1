import Foundation
import XCTest

@testable import FixtureServer

/// Every route `/docs` describes has a model on the page that decodes its answers (issue 59): each
/// `routes.json` route's 2xx examples as its `…Answer` model, a collection's list as `[Model]` and its
/// `_per_page` envelope as `…ListPage`, an item as its model. The page's models are compiled with `swiftc`
/// into one program that decodes every example answer of `/openapi.json` and live answers of the movies
/// example, and must exit 0.
final class AnswerModelTests: OptionsTestCase {
    /// A Swift statement decoding `json` as `type`, naming `what` when it fails.
    private func decoding(_ type: String, _ json: Data, _ what: String) -> String {
        let text = String(decoding: json, as: UTF8.self)
        return """
            do { _ = try JSONDecoder().decode(\(type).self, from: Data(#####"\(text)"#####.utf8)); decoded += 1 }
            catch { print("\(what.replacingOccurrences(of: "\"", with: "'")) does not decode as \(type):", error); failed += 1 }

            """
    }

    func testTheModelsOnDocsDecodeEveryRoutesAnswer() throws {
        let server = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        let sources = try docsModels(server)
        let page = try send(server, "GET", "/docs", ["Accept": "text/html"]).text
        let document = try JSONReader.parse(send(server, "GET", "/openapi.json").body).value
        let answers = AnswerModel.all(document)
        let names = answers.map(\.name)
        XCTAssertTrue(names.contains("MoviePopularAnswer"), "\(names)")
        XCTAssertTrue(names.contains("MovieListPage"), "\(names)")
        for answer in answers {
            XCTAssertTrue(page.contains("struct \(answer.name): Codable"), answer.name)
            XCTAssertTrue(page.contains("\(answer.method) \(answer.path)"), answer.name)
        }
        let popular = try XCTUnwrap(answers.first { $0.name == "MoviePopularAnswer" }).source
        XCTAssertTrue(popular.contains("let page: Int"), popular)
        XCTAssertTrue(popular.contains("let totalPages: Int"), popular)
        XCTAssertTrue(popular.contains("let results: [ResultItem]"), popular)
        XCTAssertFalse(popular.contains("director"), "the popular list has no director: \(popular)")

        // Every example of every 2xx answer of routes.json, decoded as its model.
        var statements = ""
        var expected = 0
        let paths = document.objectValue?["paths"]?.objectValue ?? [:]
        for answer in answers where answer.name.hasSuffix("Answer") {
            let media = paths[answer.path]?.objectValue?[answer.method.lowercased()]?.objectValue?["responses"]?
                .objectValue?[String(answer.status)]?.objectValue?["content"]?.objectValue?["application/json"]?
                .objectValue
            let examples = media?["examples"]?.objectValue ?? [:]
            XCTAssertFalse(examples.isEmpty, "\(answer.method) \(answer.path) documents no example")
            for (name, example) in examples.sorted(by: { $0.key < $1.key }) {
                let value = try XCTUnwrap(example.objectValue?["value"])
                statements += decoding(answer.name, value.serialized(), "\(answer.path) '\(name)'")
                expected += 1
            }
        }
        // The collections' answers, live: a list, its page envelope, an item.
        let database = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.moviesFolder.appendingPathComponent("db.json")))
                as? [String: Any])
        for (key, value) in database.sorted(by: { $0.key < $1.key }) {
            let type = FolderDescription.typeName(key, singular: value is [Any])
            if value is [Any] {
                for (target, decoded) in [
                    ("/\(key)", "[\(type)]"), ("/\(key)?_page=1&_per_page=2", "\(type)ListPage"), ("/\(key)/1", type),
                ] {
                    let answer = try send(server, "GET", target)
                    XCTAssertEqual(answer.status, 200, target)
                    statements += decoding(decoded, answer.body, "GET \(target)")
                    expected += 1
                }
            } else {
                let answer = try send(server, "GET", "/\(key)")
                statements += decoding(type, answer.body, "GET /\(key)")
                expected += 1
            }
        }
        XCTAssertGreaterThan(expected, 10)

        let main = """
            import Foundation

            \(sources.joined(separator: "\n"))
            \(SwiftModel.jsonValueSource)
            var decoded = 0
            var failed = 0
            \(statements)
            print("decoded \\(decoded), failed \\(failed)")
            exit(failed == 0 ? 0 : 1)

            """
        guard let result = try compileAndRun(main, in: "answers") else { return }
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("decoded \(expected), failed 0"), result.output)
    }

    func testAnAnswerModelIsNamedAfterItsPath() {
        XCTAssertEqual(AnswerModel.name(of: "/movie/popular"), "MoviePopularAnswer")
        XCTAssertEqual(AnswerModel.name(of: "/movie/{id}/credits"), "MovieCreditsAnswer")
        XCTAssertEqual(AnswerModel.name(of: "/"), "RootAnswer")
        XCTAssertEqual(AnswerModel.name(of: "/2fa-codes"), "Root2faCodesAnswer")
    }
}
