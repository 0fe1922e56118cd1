import Foundation
import XCTest

/// The article "One call, top to bottom" against the sources: every file it names exists, every row of
/// its walk names functions that file declares, and every file of the core folders the walk passes
/// through is on the page — in the walk, or in the list of files not on a plain `GET`. A file added to
/// one of those folders fails this test until the article says where it stands.
final class OneCallTopToBottomTests: XCTestCase {
    func testTheArticleMatchesTheSources() throws {
        let article = try XCTUnwrap(try DocArticles.all().first { $0.path.hasSuffix("/OneCallTopToBottom.md") })
        let sources = DocArticles.root.appendingPathComponent("Sources")
        let check = try OneCallArticleCheck(article: article.text, sources: sources)
        XCTAssertEqual(try check.problems(), [], "\(article.path) no longer matches the sources")
        // The headline count is the walk's own: the files of its table and those it names in passing.
        let count = try check.pathFiles()
        let stated = try XCTUnwrap(OneCallArticleCheck.headline(article.text), "the article states its count")
        XCTAssertEqual(
            stated.total, count.total,
            "the article says \(stated.total) files; its walk names \(count.total): \(count.files.sorted())")
        XCTAssertEqual(stated.controller, count.controller, "files of `ServiceLayer`")
        XCTAssertEqual(stated.core, count.core, "files of `ServiceLayerCore`")
        XCTAssertEqual(stated.controller + stated.core, stated.total, "the parts add up")
        let contributing = try String(
            contentsOf: DocArticles.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let contributingCount = try XCTUnwrap(
            OneCallArticleCheck.numbers(#"a plain `GET` crosses (\d+) files"#, in: contributing).first,
            "CONTRIBUTING states the count")
        XCTAssertEqual(contributingCount, count.total, "CONTRIBUTING.md's count of the files a plain GET crosses")
        // The control: the walk was read (about 37 steps, 25 files), and most rows' functions checked.
        XCTAssertGreaterThan(check.steps.count, 30)
        XCTAssertGreaterThan(Set(check.steps.map(\.file)).count, 20)
        XCTAssertGreaterThan(check.steps.flatMap(\.names).compactMap(CodeVoiceName.init).count, 40)
    }

    /// The count is the walk's distinct files plus those its section names in passing, split by module.
    func testTheCountIsReadFromTheWalk() throws {
        let sources = FileManager.default.temporaryDirectory.appendingPathComponent("one-call-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: sources) }
        for path in ["App/Menu.swift", "Core/Sending/RequestTries.swift", "Core/Plumbing/Lock.swift"] {
            let file = sources.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "func start() {}".write(to: file, atomically: true, encoding: .utf8)
        }
        let article = """
            A plain `GET` crosses 3 files: 1 of the controller's module, `App`, and 2 of the core's, `Core`.

            ## The walk

            | step | file | functions | what happens |
            |---|---|---|---|
            | 1 | `App/Menu.swift` | `start()` | starts |
            | 2 | `Core/Sending/RequestTries.swift` | `start()` | sends, under `Lock.swift` |
            | 3 | `Core/Sending/RequestTries.swift` | `start()` | again, the same file |
            """
        let check = try OneCallArticleCheck(article: article, sources: sources, coreRoot: "Core")
        let count = try check.pathFiles(controllerRoot: "App")
        XCTAssertEqual(count.total, 3)
        XCTAssertEqual(count.controller, 1)
        XCTAssertEqual(count.core, 2)
        let stated = try XCTUnwrap(OneCallArticleCheck.headline(article))
        XCTAssertEqual(stated.total, 3)
        XCTAssertNil(OneCallArticleCheck.headline("crosses many files"))
    }

    func testANewFileAMissingFileAndAMovedFunctionAreReported() throws {
        let sources = FileManager.default.temporaryDirectory.appendingPathComponent("one-call-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: sources) }
        let folder = sources.appendingPathComponent("Core/Sending")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "struct RequestTries { func start() {} }".write(
            to: folder.appendingPathComponent("RequestTries.swift"), atomically: true, encoding: .utf8)
        try "enum Planted {}".write(
            to: folder.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
        let article = """
            ## The walk

            | step | file | functions | what happens |
            |---|---|---|---|
            | 1 | `Core/Sending/RequestTries.swift` | `start()`, `RequestTries.resume()` | sends |
            | 2 | `Core/Sending/Gone.swift` | `send(_:)` | gone |

            ## In these folders, not on a plain GET

            - `Renamed.swift`.
            """
        let check = try OneCallArticleCheck(article: article, sources: sources, coreRoot: "Core")
        XCTAssertEqual(
            try check.problems(),
            [
                "step 1: Core/Sending/RequestTries.swift declares no `RequestTries.resume()`",
                "step 2: Core/Sending/Gone.swift does not exist",
                "`Renamed.swift` is named but no such file exists",
                "Core/Sending/Planted.swift is in a folder the walk passes through, but not on the page",
            ])
    }
}

/// Reads the article's walk (its table: step, file, functions, what happens) and its list of the files
/// not on the path, and compares them with the files under `sources`.
struct OneCallArticleCheck {
    struct Step {
        let number: Int
        /// Relative to `Sources/`.
        let file: String
        /// The code spans of the functions column.
        let names: [String]
    }

    let steps: [Step]
    /// Every `*.swift` the article names in code voice, as written.
    let namedFiles: [String]
    /// The `*.swift` names of the walk and of the section of files not on the path.
    let accountedFor: Set<String>
    /// The `*.swift` names of the walk's section alone (its table and the files it names in passing).
    let walkNames: Set<String>
    let sources: URL
    /// The core module's folder under `sources`: its folders that the walk passes through are the ones
    /// whose files must all be named (the controller's module, `ServiceLayer`, is not checked whole).
    let coreRoot: String

    init(article: String, sources: URL, coreRoot: String = "ServiceLayerCore") throws {
        self.sources = sources
        self.coreRoot = coreRoot
        let row = try NSRegularExpression(pattern: #"^\|\s*(\d+)\s*\|\s*`([^`]+\.swift)`\s*\|([^|]*)\|"#)
        var steps: [Step] = []
        var section = ""
        var accounted: Set<String> = []
        var walk: Set<String> = []
        for line in article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") { section = line }
            let range = NSRange(line.startIndex..., in: line)
            if section == "## The walk", let match = row.firstMatch(in: line, range: range),
                let number = Range(match.range(at: 1), in: line).flatMap({ Int(line[$0]) }),
                let file = Range(match.range(at: 2), in: line).map({ String(line[$0]) }),
                let names = Range(match.range(at: 3), in: line).map({ DocArticles.codeSpans(String(line[$0])) })
            {
                steps.append(Step(number: number, file: file, names: names))
            }
            if section == "## The walk" {
                walk.formUnion(DocArticles.codeSpans(line).filter { $0.hasSuffix(".swift") && !$0.contains(" ") })
            }
            if section == "## The walk" || section.hasPrefix("## In these folders") {
                accounted.formUnion(DocArticles.codeSpans(line).filter { $0.hasSuffix(".swift") }.map(Self.fileName))
            }
        }
        self.steps = steps
        self.accountedFor = accounted
        self.walkNames = walk
        self.namedFiles = DocArticles.codeSpans(article).filter { $0.hasSuffix(".swift") && !$0.contains(" ") }
    }

    /// What does not match, one sentence each; empty when the article is true.
    func problems() throws -> [String] {
        var problems: [String] = []
        let files = try swiftFiles(under: "")
        for step in steps {
            let url = sources.appendingPathComponent(step.file)
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                problems.append("step \(step.number): \(step.file) does not exist")
                continue
            }
            let declarations = SwiftDeclarationScanner.declarations(in: source, file: step.file)
            let code = SwiftDeclarationScanner.blankingCommentsAndStrings(source)
            for name in step.names {
                if let function = CodeVoiceName(name) {
                    if !function.isDeclared(in: declarations) {
                        problems.append("step \(step.number): \(step.file) declares no `\(name)`")
                    }
                } else if let word = name.split(separator: ".").last,
                    code.range(of: "\\b\(word)\\b", options: .regularExpression) == nil
                {
                    problems.append("step \(step.number): \(step.file) has no `\(name)`")
                }
            }
        }
        for named in Set(namedFiles).sorted()
        where !steps.contains(where: { $0.file == named }) && !files.contains(where: { $0.hasSuffix("/" + named) }) {
            problems.append("`\(named)` is named but no such file exists")
        }
        let walkedFolders = Set(
            steps.map(\.file).filter { $0.hasPrefix(coreRoot + "/") }.map(folder(of:)))
        for folder in walkedFolders.sorted() {
            for file in try swiftFiles(under: folder).sorted() where !accountedFor.contains(Self.fileName(file)) {
                problems.append("\(file) is in a folder the walk passes through, but not on the page")
            }
        }
        return problems
    }

    /// The files a plain `GET` crosses, as the walk names them: every file of its table and every file
    /// it names in passing, each found under `sources` (relative to it), and how many are in the
    /// controller's module and in the core.
    func pathFiles(controllerRoot: String = "ServiceLayer") throws -> (
        files: Set<String>, total: Int, controller: Int, core: Int
    ) {
        let all = try swiftFiles(under: "")
        var files: Set<String> = []
        for name in walkNames {
            if name.contains("/") {
                files.insert(name)
            } else if let found = all.first(where: { $0.hasSuffix("/" + name) }) {
                files.insert(found)
            }
        }
        let controller = files.filter { $0.hasPrefix(controllerRoot + "/") }.count
        let core = files.filter { $0.hasPrefix(coreRoot + "/") }.count
        return (files, files.count, controller, core)
    }

    /// The count the article states: "crosses N files: C of the controller's module, ..., and K of the
    /// core's"; `nil` when it states none.
    static func headline(_ article: String) -> (total: Int, controller: Int, core: Int)? {
        let text = article.replacingOccurrences(of: "\n", with: " ")
        let found = numbers(
            #"crosses (\d+) files: (\d+) of the controller's module, `\w+`, and (\d+) of the"#, in: text)
        guard found.count == 3 else { return nil }
        return (found[0], found[1], found[2])
    }

    /// The integers of the capture groups of `pattern`'s first match in `text`; empty when it does not
    /// match. (NSRegularExpression: a Swift `Regex` needs macOS 13, and the tests run on macOS 12 too.)
    static func numbers(_ pattern: String, in text: String) -> [Int] {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return [] }
        return (1..<match.numberOfRanges).compactMap { index in
            Range(match.range(at: index), in: text).flatMap { Int(text[$0]) }
        }
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    private func folder(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// The `*.swift` files under `folder` of `sources`, relative to `sources`.
    private func swiftFiles(under folder: String) throws -> [String] {
        let base = folder.isEmpty ? sources : sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        let prefix = sources.standardizedFileURL.path.count + 1
        return walker.compactMap { item in
            guard let url = item as? URL, url.pathExtension == "swift" else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(prefix))
        }
    }
}
