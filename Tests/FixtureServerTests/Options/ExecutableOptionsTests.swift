import FixtureServer
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `fixture-server` executable: every option in `--help`, bounds, and `--snapshot` written on SIGTERM.
/// Each test runs it as a child process, which exists on macOS and Linux only (`Process`:
/// https://developer.apple.com/documentation/foundation/process lists macOS only): elsewhere (iOS, tvOS, watchOS,
/// visionOS) every test is skipped, and the fences keep the test target compiling there.
final class ExecutableOptionsTests: XCTestCase {
    /// Why a test is skipped where there are no child processes.
    private static let noChildProcesses =
        "the fixture-server executable is run as a child process on Linux and macOS only"

    /// The built `fixture-server` next to the test bundle, or a skip when this build has none.
    private func executable() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.path.hasSuffix(".xctest/Contents/MacOS") {
            folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        let file = folder.appendingPathComponent("fixture-server")
        guard FileManager.default.isExecutableFile(atPath: file.path) else {
            throw XCTSkip("no fixture-server executable beside the tests (\(file.path)); run swift build first")
        }
        return file
    }

    /// Runs the executable with `arguments` (in `folder`, the test's own current folder by default) to its
    /// end; returns the status, stdout and stderr.
    private func run(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, out: String, err: String) {
        #if os(Linux) || os(macOS)
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
        #else
        throw XCTSkip(Self.noChildProcesses)
        #endif
    }

    func testHelpListsEveryOption() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        for option in [
            "--watch", "--delay MS", "--read-only", "--static DIR", "--no-cors", "--snapshot FILE",
            "--record UPSTREAM_URL", "--no-inspector", "--openapi FILE", "/docs", "/_inspector",
        ] {
            XCTAssertTrue(help.out.contains(option), option)
        }
    }

    func testOpenAPIIsWrittenWithoutServing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("openapi.json")
        let result = try run(["--api", FixtureTestCase.moviesFolder.path, "--openapi", file.path, "--port", "1"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("OpenAPI document written to"), result.out)
        XCTAssertFalse(result.out.contains("listening on"), "written without serving")
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(document["openapi"] as? String, "3.0.3")
        XCTAssertNotNil((document["paths"] as? [String: Any])?["/movies/{id}/reviews"])
    }

    func testBadValuesAreRefusedWithTheRule() throws {
        let cases: [([String], String)] = [
            (["--delay", "30001"], "--delay needs a whole number of milliseconds from 0 to 30000"),
            (["--delay", "-1"], "--delay needs"),
            (["--watch"], "--watch needs --api FOLDER"),
            (["--record", "ftp://example.com/"], "--record needs an http or https URL"),
            (["--record", "http://127.0.0.1:9/"], "--record needs --api FOLDER"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.err.contains(message), "\(arguments): \(result.err)")
        }
    }

    func testAPortInUseExitsWithThePortAndTheFix() throws {
        let taken = FixtureServer()
        try taken.start()
        defer { taken.stop() }
        let result = try run(["--port", "\(taken.port)"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("port \(taken.port) is already in use"), result.err)
        XCTAssertTrue(result.err.contains("--port \(taken.port + 1)"), result.err)
        XCTAssertFalse(result.err.contains("errno"), result.err)
    }

    func testARelativeExamplePathNamesTheCheckout() throws {
        let learner = try TemporaryFolder("learner-package")
        defer { learner.remove() }
        let result = try run(["--port", "0", "--api", "server-fixtures/Examples/movies"], in: learner.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("The path server-fixtures/Examples/movies is relative"), result.err)
        XCTAssertTrue(result.err.contains("(the current folder)"), result.err)
        XCTAssertTrue(result.err.contains("inside the ServiceLayer checkout"), result.err)
    }

    #if os(Linux) || os(macOS)
    /// Starts the executable with `arguments` and reads its stdout up to its "listening on" line (or its end);
    /// the caller stops it.
    private func startListening(_ arguments: [String]) throws -> (process: Process, text: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("listening on") {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return (process, text)
    }
    #endif

    func testThePlainServerListsEveryRouteBeforeListening() throws {
        #if os(Linux) || os(macOS)
        let (process, text) = try startListening(["--port", "0"])
        process.terminate()
        process.waitUntilExit()
        for line in [
            "Apple's OpenRestaurant API, at /:\n  GET    /categories\n", "  POST   /api/accounts/signup\n",
            "GET /\nfixture-server listening on",
        ] {
            XCTAssertTrue(text.contains(line), "\(line) in:\n\(text)")
        }
        #else
        throw XCTSkip(Self.noChildProcesses)
        #endif
    }

    func testSnapshotIsWrittenWhenTheServerStops() throws {
        #if os(Linux) || os(macOS)
        let folder = try TemporaryFolder("snapshot-exe")
        defer { folder.remove() }
        try folder.write("db.json", #"{"notes": [{"id": 1, "text": "kept"}]}"#)
        let snapshot = folder.url.appendingPathComponent("snapshot.json")
        let (process, text) = try startListening([
            "--port", "0", "--api", folder.url.path, "--snapshot", snapshot.path,
        ])
        XCTAssertTrue(text.contains("type s and Return"), text)
        process.terminate()
        // A generous bound, never a measurement: a server that ignored SIGTERM must not hang the suite.
        guard eventually(within: 60, { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            return XCTFail("fixture-server did not stop on SIGTERM")
        }
        XCTAssertEqual(process.terminationStatus, 0)
        let saved = try String(contentsOf: snapshot, encoding: .utf8)
        XCTAssertTrue(saved.contains("\"kept\""), saved)
        #else
        throw XCTSkip(Self.noChildProcesses)
        #endif
    }
}
