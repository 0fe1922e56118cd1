import Foundation
import XCTest

@testable import FixtureServer

/// The models `GET /docs` shows, compiled with `swiftc` into a program and run: `SwiftModelTests` and
/// `AnswerModelTests` prove with it that the page's Swift decodes real answers.
extension OptionsTestCase {
    /// The Swift source of every model on `/docs` of `server`, HTML entities decoded, each without the
    /// `JSONValue` the page appends (a program adds ``SwiftModel/jsonValueSource`` once).
    func docsModels(_ server: FixtureServer) throws -> [String] {
        let page = try send(server, "GET", "/docs", ["Accept": "text/html"])
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        return page.text.components(separatedBy: "<pre class=\"swift\"><code>").dropFirst().map { part in
            String(part.components(separatedBy: "</code></pre>")[0]).replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&").components(separatedBy: "/// Any JSON value")[0]
        }
    }

    /// Compiles `main` (one `main.swift`) with `swiftc` in a temporary folder named after `prefix` and runs
    /// the program: its exit status and output. `nil` when it does not compile (the test has then failed
    /// with the compiler's output and the source).
    func compileAndRun(_ main: String, in prefix: String) throws -> (status: Int32, output: String)? {
        let work = try folder(prefix)
        let file = try work.write("main.swift", main)
        let binary = work.url.appendingPathComponent("decode")
        let compile = try run(
            "/usr/bin/env",
            ["swiftc", "-module-cache-path", Self.swiftcModuleCache.path, file.path, "-o", binary.path])
        XCTAssertEqual(compile.status, 0, "swiftc:\n\(compile.output)\n\(main)")
        guard compile.status == 0 else { return nil }
        return try run(binary.path, [])
    }

    /// The module cache every `swiftc` of these tests shares: the system's modules (Glibc, Foundation's C
    /// parts) are built into it once, by the first compile, and read by every later one (a fresh cache
    /// per compile cost about 1.4 s of each compile's 1.8 s). A folder of its own in the temporary
    /// directory, kept between runs as the compiler's default cache is: clang validates what it reads
    /// from it and locks what it writes, so runs side by side share it safely.
    static var swiftcModuleCache: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ServiceLayer-tests-swiftc-module-cache")
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
