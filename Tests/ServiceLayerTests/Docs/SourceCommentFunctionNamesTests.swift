import Foundation
import XCTest

/// Every function a comment in `Sources/` names in code voice — `` `name(label:other:)` ``,
/// ``` ``Type/name(_:)`` ``` — exists with those labels in the package's Swift sources, as
/// `ArticleFunctionNamesTests` checks the articles, but with every label (a comment names the full
/// signature): a renamed internal function, or one with a new label, whose comments still cite its old
/// name fails here, naming the file and line.
final class SourceCommentFunctionNamesTests: XCTestCase {
    /// Names that no declaration of the package can match, each with its reason. Keep it this short.
    static let exceptions: [String: String] = [
        "dispatchMain()": "Dispatch's own function, which a command-line program calls (no type to qualify it)"
    ]

    func testEveryFunctionACommentNamesExistsWithThoseLabels() throws {
        let declarations = try DocArticles.packageDeclarations()
        let types = try DocArticles.packageTypes()
        var checked = 0
        var missing: [String] = []
        for (path, lineNumber, comment) in try Self.comments(under: "Sources") {
            for name in Set(DocArticles.codeSpans(comment).compactMap(CodeVoiceName.init)) {
                if Self.exceptions[name.text] != nil || name.isForeign(packageTypes: types) { continue }
                checked += 1
                // A comment names a function by its full signature, as DocC does: every label, even one
                // with a default (`attempt(_:authorize:onCancel:answer:)` once hid a new label so).
                let exact = declarations.contains {
                    $0.baseName == name.baseName && $0.labels == name.labels
                        && (name.enclosingType == nil || $0.enclosingType == name.enclosingType)
                }
                if !exact { missing.append("\(path):\(lineNumber): `\(name.text)`") }
            }
        }
        XCTAssertEqual(missing.sorted(), [], "these comments name functions the sources do not declare")
        // The control: the scan really read the comments' names (several hundred today).
        XCTAssertGreaterThan(checked, 200)
    }

    func testAStaleNameInACommentIsFound() throws {
        let comments = Self.comments(
            in: """
                /// Runs ``attempt(_:authorize:onCancel:answer:)`` once.
                let x = "`notAComment(_:)`"  // then `send(_:completion:)`
                """)
        XCTAssertEqual(comments.map(\.line), [1, 2])
        XCTAssertEqual(
            comments.flatMap { DocArticles.codeSpans($0.text).compactMap(CodeVoiceName.init).map(\.text) },
            ["attempt(_:authorize:onCancel:answer:)", "send(_:completion:)"])
    }

    /// The comments of every `*.swift` under `folder`: (path, line number, the comment's text).
    static func comments(under folder: String) throws -> [(path: String, line: Int, text: String)] {
        let base = DocArticles.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [(path: String, line: Int, text: String)] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            let path = String(file.path.dropFirst(DocArticles.root.path.count + 1))
            let text = try String(contentsOf: file, encoding: .utf8)
            found += comments(in: text).map { (path, $0.line, $0.text) }
        }
        return found
    }

    /// The `//` and `///` comments of `source`, one per line: the text after the `//` that is outside a
    /// string literal.
    static func comments(in source: String) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        // Byte by byte: `"`, `\\` and `/` are ASCII, so a UTF-8 byte equal to one is that character (and
        // reading bytes, not grapheme clusters, keeps the scan of every source file short).
        let (quote, backslash, slash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"))
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var inString = false
            var previous = UInt8(ascii: " ")
            var position = line.utf8.startIndex
            while position != line.utf8.endIndex {
                let byte = line.utf8[position]
                position = line.utf8.index(after: position)
                if byte == quote && previous != backslash { inString.toggle() }
                if !inString && byte == slash && previous == slash {
                    result.append((index + 1, String(line[position...])))
                    break
                }
                previous = byte
            }
        }
        return result
    }
}
