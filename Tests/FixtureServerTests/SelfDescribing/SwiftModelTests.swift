import Foundation
import XCTest

@testable import FixtureServer

/// The Swift models `GET /docs` shows compile, and decode every item of the data they were inferred from:
/// the models of two folders are taken from the served page, compiled with `swiftc` into one program with
/// a decoding main, and run on the folders' `db.json`.
final class SwiftModelTests: OptionsTestCase {
    /// Keys a Swift identifier cannot be, snake_case, a keyword, mixed kinds, only nulls, nested arrays.
    static let awkward = #"""
        {
          "line-items": [
            {"id": "a1", "first_name": "Ada", "default": true, "2x": 1.5, "mixed": 1, "nothing": null, "grid": [[1, 2], [3]], "owner": {"user_id": 7, "e-mail": "a@b.c"}},
            {"id": "b2", "first_name": null, "default": false, "2x": 2, "mixed": "one", "nothing": null, "grid": [], "owner": {"user_id": 8}, "notes": [{"text": "n", "at": 1}]},
            {"id": "c3", "default": true, "2x": 3, "mixed": [1], "grid": [[]], "owner": {"user_id": 9, "e-mail": null}, "notes": [{"text": "m"}]}
          ],
          "settings": {"dark_mode": true, "self": "me", "size": 12}
        }
        """#

    /// `enum <name> { models; struct Database: Decodable { one member per collection } }` and its decoding line.
    private func program(_ name: String, folder: URL, server: FixtureServer) throws -> (source: String, call: String) {
        let sources = try docsModels(server)
        XCTAssertFalse(sources.isEmpty, "the page shows models")
        let root = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("db.json")))
                as? [String: Any])
        var members = ""
        var keys = ""
        for (index, key) in root.keys.sorted().enumerated() {
            let type =
                root[key] is [Any]
                ? "[\(FolderDescription.typeName(key))]" : FolderDescription.typeName(key, singular: false)
            XCTAssertTrue(
                sources.contains { $0.contains("struct \(type.trimmingCharacters(in: ["[", "]"])): Codable") }, type)
            members += "        let m\(index): \(type)\n"
            keys += "            case m\(index) = \"\(key)\"\n"
        }
        let source = """
            enum \(name) {
            \(sources.joined(separator: "\n"))
                struct Database: Decodable {
            \(members)
                    enum CodingKeys: String, CodingKey {
            \(keys)        }
                }
            }

            """
        let call = """
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder.appendingPathComponent("db.json").path)"))
                let database = try JSONDecoder().decode(\(name).Database.self, from: data)
                print("\(name): decoded", String(describing: database).count > 0)
            }

            """
        return (source, call)
    }

    func testTheModelsCompileAndDecodeEveryItem() throws {
        let awkward = try folder("models")
        try awkward.write("db.json", Self.awkward)
        let movies = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: .init()))
        let odd = try startExtraServer(try FixtureServer(api: awkward.url, options: .init()))
        let first = try program("Movies", folder: Self.moviesFolder, server: movies)
        let second = try program("Awkward", folder: awkward.url, server: odd)
        let awkwardModels = try docsModels(odd).joined()
        XCTAssertTrue(awkwardModels.contains(#"case firstName = "first_name""#), awkwardModels)
        XCTAssertTrue(awkwardModels.contains("let `default`: Bool"), awkwardModels)
        XCTAssertTrue(awkwardModels.contains("let firstName: String?"), "missing once, null once: optional")
        XCTAssertTrue(awkwardModels.contains("let mixed: JSONValue?"), awkwardModels)
        XCTAssertTrue(try docsModels(movies).joined().contains("let rating: Double?"), "null seen: optional")

        let main = """
            import Foundation

            \(first.source)
            \(second.source)
            \(SwiftModel.jsonValueSource)
            \(first.call)\(second.call)
            """
        guard let decoded = try compileAndRun(main, in: "swiftc") else { return }
        XCTAssertEqual(decoded.status, 0, decoded.output)
        XCTAssertTrue(decoded.output.contains("Movies: decoded true"), decoded.output)
        XCTAssertTrue(decoded.output.contains("Awkward: decoded true"), decoded.output)
    }
}
