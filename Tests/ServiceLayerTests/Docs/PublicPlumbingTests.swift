import Foundation
import XCTest

/// The public types of `Sources/ServiceLayerCore/Plumbing/` are exactly the ones CONTRIBUTING.md's table
/// "The plumbing that is public on purpose" names, and each one's `///` points to that table: a type made
/// public without saying why fails here, as does a table row for a type that is no longer public.
final class PublicPlumbingTests: XCTestCase {
    static let heading = "### The plumbing that is public on purpose"

    func testThePublicPlumbingIsWhatContributingSays() throws {
        let folder = DocArticles.root.appendingPathComponent("Sources/ServiceLayerCore/Plumbing")
        var declared: Set<String> = []
        var unexplained: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let types = Self.publicTypes(in: text)
            declared.formUnion(types)
            let comments = text.replacingOccurrences(of: "\n/// ", with: " ")
            if !types.isEmpty && !comments.contains("CONTRIBUTING.md, \"The plumbing that is public on purpose\"") {
                unexplained.append(name)
            }
        }
        let contributing = try String(
            contentsOf: DocArticles.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        XCTAssertEqual(Self.tableTypes(in: contributing), declared, "Plumbing/'s public types and CONTRIBUTING's table")
        XCTAssertEqual(unexplained, [], "a public type of Plumbing/ whose comment does not point to CONTRIBUTING")
        XCTAssertTrue(declared.contains("Locked"))  // the control: the declarations were read
    }

    func testTheReadersFindWhatTheyShould() {
        let source =
            "public struct Locked<State> {\n    public enum Step {}\n}\nstruct Handed {}\npublic enum Timestamp {"
        XCTAssertEqual(Self.publicTypes(in: source), ["Locked", "Timestamp"])
        let table =
            "\(Self.heading)\n\n| type | file | why |\n|---|---|---|\n| `A`, `B` | `x` | y |\n\n## Next\n| `C` |"
        XCTAssertEqual(Self.tableTypes(in: table), ["A", "B"])
    }

    /// The names of the top-level `public` types declared in `source` (nested ones are indented).
    static func publicTypes(in source: String) -> Set<String> {
        var names: Set<String> = []
        for line in source.split(separator: "\n") where line.hasPrefix("public ") {
            let words = line.split(whereSeparator: { " <:{".contains($0) })
            guard
                let kind = words.firstIndex(where: { ["struct", "enum", "class", "protocol", "actor"].contains($0) }),
                kind + 1 < words.count
            else { continue }
            names.insert(String(words[kind + 1]))
        }
        return names
    }

    /// The names in code voice in the first column of the table under ``heading``.
    static func tableTypes(in markdown: String) -> Set<String> {
        guard let start = markdown.range(of: heading) else { return [] }
        var names: Set<String> = []
        for line in markdown[start.upperBound...].split(separator: "\n").prefix(while: { !$0.hasPrefix("#") })
        where line.hasPrefix("| `") {
            let cell = line.dropFirst(2).prefix(while: { $0 != "|" })
            names.formUnion(
                cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) })
        }
        return names
    }
}
