import Foundation
import XCTest

/// The counts the docs state are the counts of the repository: the README's "about N tests" and the
/// comment of `.ci/quick.sh` ("About Q of the N tests"), each within `tolerance` of the test methods this
/// package declares (a newcomer who runs `swift test` sees the number ran). A count that drifted fails
/// here, naming the number to write.
final class StatedCountsTests: XCTestCase {
    /// How far a stated "about" count may be from the real one: the rounding the docs use.
    static let tolerance = 50

    /// The test targets `swift test` runs (Package.swift's `.testTarget`s).
    static let testFolders = ["Tests/ServiceLayerTests", "Tests/FixtureServerTests", "Tests/DemoKitTests"]

    func testTheReadmeStatesTheNumberOfTests() throws {
        let tests = try Self.declared.get()
        let readme = try Self.read("README.md")
        let stated = try XCTUnwrap(
            Self.numbers(#"about (\d+) tests"#, in: readme).first, "README.md no longer says \"about N tests\"")
        XCTAssertLessThan(
            abs(stated - tests.count), Self.tolerance,
            "README.md says about \(stated) tests; the package declares \(tests.count): write about \(Self.rounded(tests.count))"
        )
        XCTAssertGreaterThan(tests.count, 500)  // the control: the scan saw the test files
    }

    func testQuickShStatesItsShareOfTheTests() throws {
        let tests = try Self.declared.get()
        let script = try Self.read(".ci/quick.sh")
        let stated = Self.numbers(#"About (\d+) of the (\d+) tests"#, in: script)
        XCTAssertEqual(stated.count, 2, ".ci/quick.sh's comment no longer says \"About Q of the N tests\"")
        guard stated.count == 2 else { return }
        let slow = try Self.slowClasses(script)
        XCTAssertGreaterThan(slow.count, 10)  // the control: the slow list was read
        let quick = tests.filter { test in !slow.contains { test.range(of: $0) != nil } }.count
        XCTAssertLessThan(
            abs(stated[0] - quick), Self.tolerance,
            ".ci/quick.sh says about \(stated[0]) quick tests; it runs \(quick): write \(Self.rounded(quick))")
        XCTAssertLessThan(
            abs(stated[1] - tests.count), Self.tolerance,
            ".ci/quick.sh says \(stated[1]) tests in all; the package declares \(tests.count): write \(Self.rounded(tests.count))"
        )
    }

    func testTheCountingSeesClassesAndExtensions() {
        let source = """
            final class FirstTests: XCTestCase {
                func testOne() {}
                func testWithArgument(_ value: Int) {}
                private func helper() {}
            }
            extension SecondTests {
                @MainActor func testTwo() async throws {}
            }
            """
        XCTAssertEqual(Self.tests(in: source), ["FirstTests/testOne", "SecondTests/testTwo"])
        XCTAssertEqual(Self.rounded(928), 950)
        XCTAssertEqual(Self.rounded(901), 900)
    }

    // MARK: - Counting

    /// ``declaredTests()``, counted once for the tests that need it.
    static let declared = Result { try declaredTests() }

    /// `Class/testName` of every test method of the test targets: a `func test…()` without parameters
    /// (what XCTest runs), in the class or extension declared last above it.
    static func declaredTests() throws -> [String] {
        var tests: [String] = []
        for folder in testFolders {
            let url = DocArticles.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walker where file.pathExtension == "swift" {
                tests += Self.tests(in: try String(contentsOf: file, encoding: .utf8))
            }
        }
        return tests
    }

    static func tests(in source: String) -> [String] {
        // Compiled once a file, not once a line (an NSRegularExpression costs more to make than to run).
        let ownerLine = regex(
            #"^\s*(?:@\w+\s+)*(?:(?:public|final|private|fileprivate|internal|open)\s+)*(?:class|extension)\s+(\w+)"#)
        let testLine = regex(#"^\s*(?:@\w+\s+)*(?:(?:override|public|final)\s+)*func (test\w*)\(\)"#)
        var owner = "?"
        var tests: [String] = []
        for line in source.split(separator: "\n") {
            let text = String(line)
            if let name = first(ownerLine, in: text) {
                owner = name
            }
            if let name = first(testLine, in: text) {
                tests.append("\(owner)/\(name)")
            }
        }
        return tests
    }

    /// The class names of quick.sh's `slow=( ... )` list (matched as `swift test --skip` matches them).
    static func slowClasses(_ script: String) throws -> [String] {
        let list = try XCTUnwrap(first(#"slow=\(([^)]*)\)"#, in: script), ".ci/quick.sh has no slow=( ... ) list")
        return list.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `count` as the docs round it: to the nearest 50.
    static func rounded(_ count: Int) -> Int { (count + 25) / 50 * 50 }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: DocArticles.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The integers captured by `pattern`'s groups, at its first match.
    static func numbers(_ pattern: String, in text: String) -> [Int] {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return [] }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).flatMap { Int(text[$0]) } }
    }

    /// The first group of `pattern`'s first match.
    static func first(_ pattern: String, in text: String) -> String? {
        first(regex(pattern), in: text)
    }

    /// `pattern` compiled (`.` matches newlines too); nil when it is no regular expression.
    static func regex(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
    }

    /// The first group of `regex`'s first match.
    static func first(_ regex: NSRegularExpression?, in text: String) -> String? {
        guard let regex, let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
