import Foundation
import XCTest

@testable import DemoKit

/// `service-demo`'s command line.
final class DemoArgumentsTests: XCTestCase {
    func testNoArgumentsRunsEverySectionAgainstTheEmbeddedServer() {
        XCTAssertEqual(DemoArguments.parse([]), .success(.run(DemoConfiguration())))
        XCTAssertEqual(DemoConfiguration().sections, [.menu, .users, .accounts])
        XCTAssertNil(DemoConfiguration().baseURL)
    }

    func testHelp() {
        XCTAssertEqual(DemoArguments.parse(["--help"]), .success(.help))
        XCTAssertEqual(DemoArguments.parse(["-h"]), .success(.help))
        XCTAssertEqual(DemoArguments.parse(["--only", "menu", "--help"]), .success(.help))
        XCTAssertTrue(DemoArguments.usage.contains("--base-url"))
        XCTAssertTrue(DemoArguments.usage.contains("--only"))
    }

    func testBaseURL() {
        let parsed = DemoArguments.parse(["--base-url", "http://localhost:8090/"])
        XCTAssertEqual(parsed, .success(.run(DemoConfiguration(baseURL: URL(string: "http://localhost:8090/")))))
    }

    func testOnlyPicksSectionsInWalkOrder() {
        XCTAssertEqual(
            DemoArguments.parse(["--only", "accounts"]), .success(.run(DemoConfiguration(sections: [.accounts]))))
        XCTAssertEqual(
            DemoArguments.parse(["--only", "accounts", "--only", "MENU", "--only", "menu"]),
            .success(.run(DemoConfiguration(sections: [.menu, .accounts]))))
    }

    func testBadArgumentsAreUsageErrors() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown argument '--bogus'"),
            (["--only"], "--only needs menu, users or accounts"),
            (["--only", "pizza"], "--only takes menu, users or accounts, got 'pizza'"),
            (["--base-url"], "--base-url needs a URL"),
            (
                ["--base-url", "ftp://example.com/"],
                "--base-url needs an http(s) URL with a host, got 'ftp://example.com/'"
            ),
            (["--base-url", "not a url"], "--base-url needs an http(s) URL with a host, got 'not a url'"),
            (["menu"], "unknown argument 'menu'"),
        ]
        for (arguments, message) in cases {
            XCTAssertEqual(DemoArguments.parse(arguments), .failure(DemoUsageError(message: message)), "\(arguments)")
        }
    }
}
