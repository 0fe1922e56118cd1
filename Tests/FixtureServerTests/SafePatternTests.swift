import XCTest

@testable import FixtureServer

/// The `_like` pattern subset: what it matches, what it refuses, and that hostile patterns stay linear.
final class SafePatternTests: XCTestCase {
    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try SafePattern(pattern).matches(text)
    }

    func testTheSubset() throws {
        XCTAssertTrue(try matches("ight", "The Lighthouse"))
        XCTAssertTrue(try matches("^the", "The Lighthouse"), "case is ignored")
        XCTAssertFalse(try matches("^light", "The Lighthouse"))
        XCTAssertTrue(try matches("house$", "The Lighthouse"))
        XCTAssertTrue(try matches("l.ght", "light"))
        XCTAssertTrue(try matches("colou?r", "color"))
        XCTAssertTrue(try matches("ab+c", "xabbbc"))
        XCTAssertFalse(try matches("ab+c", "xac"))
        XCTAssertTrue(try matches("a(bc)*d", "ad"))
        XCTAssertTrue(try matches("cat|dog", "hotdog"))
        XCTAssertTrue(try matches("(?:x|y)z", "yz"))
        XCTAssertTrue(try matches("[0-9]+\\.[0-9]", "v1.5"))
        XCTAssertTrue(try matches("\\d\\d", "a42"))
        XCTAssertFalse(try matches("[^a-z]", "abc"))
        XCTAssertTrue(try matches("[A-Z]", "abc"), "ranges ignore case too")
        XCTAssertTrue(try matches("", "anything"))
    }

    func testRefusals() {
        for pattern in ["a{2}", "(a", "a)", "[ab", "*a", "a*?", "(?=a)", "\\1", "\\"] {
            XCTAssertThrowsError(try SafePattern(pattern), pattern)
        }
    }

    func testCatastrophicPatternsStayLinear() throws {
        // A backtracking engine takes 2^n steps on these; the automaton tries each state once per character.
        let text = String(repeating: "a", count: 5000) + "!"
        XCTAssertFalse(try matches("(a+)+$", text))
        XCTAssertFalse(try matches("(a|a)*b", text))
        XCTAssertFalse(try matches("(a*)*(a*)*(a*)*c", text))
    }
}
