import Foundation
import XCTest

@testable import FixtureServer

/// `--static FOLDER` (`Options.staticFolder`) over real sockets, with the server's traversal rules.
final class StaticFilesTests: OptionsTestCase {
    private var site: TemporaryFolder!
    private var outside: TemporaryFolder!
    private var files: FixtureServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        site = try folder("site")
        outside = try folder("outside")
        try site.write("index.html", "<h1>home</h1>")
        try site.write("app.js", "document.title = 'app'")
        try site.write("docs/index.html", "<h1>docs</h1>")
        try site.write(".env", "API_KEY=do-not-serve")
        try site.write("categories", "a file a route hides")
        try outside.write("secret.txt", "outside the folder")
        try FileManager.default.createSymbolicLink(
            atPath: site.url.appendingPathComponent("escape.txt").path,
            withDestinationPath: outside.url.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(
            atPath: site.url.appendingPathComponent("elsewhere").path, withDestinationPath: outside.url.path)
        try site.write("inside-target.txt", "inside")
        try FileManager.default.createSymbolicLink(
            atPath: site.url.appendingPathComponent("inside-link.txt").path, withDestinationPath: "inside-target.txt")
        var options = FixtureServer.Options()
        options.staticFolder = site.url
        files = try startExtraServer(try FixtureServer(api: nil, options: options))
    }

    func testFilesAndFolderIndexes() throws {
        let home = try send(files, "GET", "/")
        XCTAssertEqual(home.status, 200)
        XCTAssertEqual(home.text, "<h1>home</h1>")
        XCTAssertEqual(home.headers["content-type"], "text/html; charset=utf-8")
        let script = try send(files, "GET", "/app.js")
        XCTAssertEqual(script.text, "document.title = 'app'")
        XCTAssertEqual(script.headers["content-type"], "text/javascript; charset=utf-8")
        XCTAssertEqual(try send(files, "GET", "/docs/").text, "<h1>docs</h1>")
        XCTAssertEqual(try send(files, "GET", "/docs").text, "<h1>docs</h1>")
        let head = try send(files, "HEAD", "/app.js")
        XCTAssertEqual(head.headers["content-length"], "22")
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(try send(files, "GET", "/inside-link.txt").text, "inside", "a link inside the folder works")
    }

    func testRoutesWinAndWritesAreRefused() throws {
        let categories = try send(files, "GET", "/categories")
        XCTAssertEqual(categories.headers["content-type"], "application/json; charset=utf-8", "the route wins")
        let post = try send(files, "POST", "/app.js", body: "{}")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET, HEAD, OPTIONS")
        XCTAssertTrue(post.text.contains("--static"), post.text)
    }

    func testNothingOutsideTheFolderNorHidden() throws {
        for target in [
            "/.env", "/%2eenv", "/../outside/secret.txt", "/%2e%2e/%2e%2e/etc/passwd", "/docs/%2e%2e/.env",
            "/docs/..%2F.env", "/escape.txt", "/elsewhere/secret.txt", "/elsewhere", "//etc/passwd",
            "/docs/./index.html", "/app.js%00.png", "/nothing-here.html",
        ] {
            let answer = try send(files, "GET", target)
            XCTAssertTrue([400, 404].contains(answer.status), "\(target) -> \(answer.status)")
            XCTAssertFalse(answer.text.contains("outside the folder"), target)
            XCTAssertFalse(answer.text.contains("do-not-serve"), target)
            XCTAssertFalse(answer.text.contains("root:"), target)
        }
    }

    func testAMissingFolderIsAStartupError() {
        var options = FixtureServer.Options()
        options.staticFolder = URL(fileURLWithPath: "/no/such/folder")
        XCTAssertThrowsError(try FixtureServer(api: nil, options: options)) { error in
            XCTAssertTrue("\(error)".contains("/no/such/folder: is not a folder (--static)"), "\(error)")
        }
    }
}
