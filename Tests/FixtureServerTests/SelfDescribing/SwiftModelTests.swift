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

    /// The Swift source of every model on `/docs`, HTML entities decoded.
    private func models(_ server: FixtureServer) throws -> [String] {
        let page = try send(server, "GET", "/docs", ["Accept": "text/html"])
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        let parts = page.text.components(separatedBy: "<pre class=\"swift\"><code>").dropFirst()
        return parts.map { part in
            String(part.components(separatedBy: "</code></pre>")[0]).replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// `enum <name> { models; struct Database: Decodable { one member per collection } }` and its decoding line.
    private func program(_ name: String, folder: URL, server: FixtureServer) throws -> (source: String, call: String) {
        let sources = try models(server).map { $0.components(separatedBy: "/// Any JSON value")[0] }
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
        let awkwardModels = try models(odd).joined()
        XCTAssertTrue(awkwardModels.contains(#"case firstName = "first_name""#), awkwardModels)
        XCTAssertTrue(awkwardModels.contains("let `default`: Bool"), awkwardModels)
        XCTAssertTrue(awkwardModels.contains("let firstName: String?"), "missing once, null once: optional")
        XCTAssertTrue(awkwardModels.contains("let mixed: JSONValue?"), awkwardModels)
        XCTAssertTrue(try models(movies).joined().contains("let rating: Double?"), "null seen: optional")

        let work = try folder("swiftc")
        let main = """
            import Foundation

            \(first.source)
            \(second.source)
            \(SwiftModel.jsonValueSource)
            \(first.call)\(second.call)
            """
        let file = try work.write("main.swift", main)
        let binary = work.url.appendingPathComponent("decode")
        let compile = try run(
            "/usr/bin/env",
            [
                "swiftc", "-module-cache-path", work.url.appendingPathComponent("cache").path, file.path, "-o",
                binary.path,
            ])
        XCTAssertEqual(compile.status, 0, "swiftc:\n\(compile.output)\n\(main)")
        guard compile.status == 0 else { return }
        let decoded = try run(binary.path, [])
        XCTAssertEqual(decoded.status, 0, decoded.output)
        XCTAssertTrue(decoded.output.contains("Movies: decoded true"), decoded.output)
        XCTAssertTrue(decoded.output.contains("Awkward: decoded true"), decoded.output)
    }

    /// Runs `path` with `arguments` to its end: its status and its output (stdout and stderr). Skips the test
    /// where there are no child processes: `Process` exists on macOS and Linux only
    /// (https://developer.apple.com/documentation/foundation/process lists macOS only), so without this fence the
    /// test target does not compile for iOS, tvOS, watchOS or visionOS.
    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        #if os(Linux) || os(macOS)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        #else
        throw XCTSkip("child processes (swiftc, the compiled program) are started on Linux and macOS only")
        #endif
    }
}
