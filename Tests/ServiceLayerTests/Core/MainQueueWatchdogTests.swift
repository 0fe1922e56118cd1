import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// A learner's command-line program that blocks its main thread while a completion waits for the main
/// queue is told so once on stderr, with the fix; one that runs the main queue is told nothing. Each
/// case is a real child process, `main-queue-trap` (Tests/MainQueueTrap), against a fixture server.
final class MainQueueWatchdogTests: XCTestCase {
    static let warningStart = "ServiceLayer: a completion has waited"
    static let endedStart = "ServiceLayer: the program ended while"

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String

        var warnings: Int { stderr.components(separatedBy: MainQueueWatchdogTests.warningStart).count - 1 }
        var endWarnings: Int { stderr.components(separatedBy: MainQueueWatchdogTests.endedStart).count - 1 }
        /// Every line of ours: each run prints at most one.
        var ours: Int { stderr.components(separatedBy: "ServiceLayer:").count - 1 }
    }

    func testBlockedMainQueueIsReportedOnceWithTheFixAndOnlyThen() throws {
        #if os(Linux) || os(macOS)
        let executable = try trapExecutable()
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let modes = ["sleep", "semaphore", "off", "return", "serviced"]
        let running = try modes.map { try start(executable, mode: $0, baseURL: server.baseURL) }
        let runs = Dictionary(uniqueKeysWithValues: zip(modes, running.map(finish)))

        // `sleep(6)` on the main thread: two completions wait, neither runs, one warning names the fixes.
        let slept = try XCTUnwrap(runs["sleep"])
        XCTAssertEqual(slept.status, 0)
        XCTAssertEqual(slept.warnings, 1, "exactly one warning: \(slept.stderr)")
        XCTAssertEqual(slept.ours, 1, "and nothing more at exit: \(slept.stderr)")
        for fix in ["dispatchMain()", "RunLoop.main.run()", "static func main() async", "try await"] {
            XCTAssertTrue(slept.stderr.contains(fix), "the warning names \(fix): \(slept.stderr)")
        }
        XCTAssertTrue(slept.stderr.contains("warnsWhenMainQueueIsBlocked = false"), "it says how to turn it off")
        XCTAssertFalse(slept.stdout.contains("completion ran"), "the trap is real: \(slept.stdout)")
        XCTAssertTrue(slept.stdout.contains("main ended"))

        // A semaphore the completion would signal: a deadlock until the wait times out, and the warning.
        let waited = try XCTUnwrap(runs["semaphore"])
        XCTAssertEqual(waited.warnings, 1, waited.stderr)
        XCTAssertEqual(waited.ours, 1, waited.stderr)
        XCTAssertTrue(waited.stdout.contains("semaphore timed out"), waited.stdout)

        // Returning from the top-level code at once: the program ends, and says why as it does.
        let returned = try XCTUnwrap(runs["return"])
        XCTAssertEqual(returned.status, 0)
        XCTAssertEqual(returned.endWarnings, 1, returned.stderr)
        XCTAssertEqual(returned.ours, 1, returned.stderr)
        XCTAssertTrue(returned.stderr.contains("1 call was still waiting"), returned.stderr)
        XCTAssertTrue(returned.stderr.contains("returned from its top-level code"), returned.stderr)
        for fix in ["dispatchMain()", "RunLoop.main.run()", "static func main() async"] {
            XCTAssertTrue(returned.stderr.contains(fix), "the warning names \(fix): \(returned.stderr)")
        }
        XCTAssertFalse(returned.stdout.contains("completion ran"))

        // Control: the option turns both warnings off (the same trap, and no warning).
        let off = try XCTUnwrap(runs["off"])
        XCTAssertEqual(off.ours, 0, off.stderr)
        XCTAssertFalse(off.stdout.contains("completion ran"))
        XCTAssertTrue(off.stdout.contains("main ended"))

        // Control: `dispatchMain()` runs the main queue; both completions run and nothing is printed.
        let serviced = try XCTUnwrap(runs["serviced"])
        XCTAssertEqual(serviced.status, 0)
        XCTAssertEqual(serviced.ours, 0, serviced.stderr)
        XCTAssertEqual(serviced.stdout.components(separatedBy: "completion ran").count - 1, 2, serviced.stdout)
        XCTAssertTrue(serviced.stdout.contains("main ended"))
        #else
        throw XCTSkip("child processes are started on Linux and macOS only")
        #endif
    }

    func testTheCheckAppliesToCommandLineProcessesOnly() {
        #if os(Linux)
        XCTAssertTrue(MainQueueWatchdog.isCommandLineProcess, "every Linux process is a command-line one")
        #elseif os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        XCTAssertFalse(MainQueueWatchdog.isCommandLineProcess)
        #endif
        XCTAssertTrue(APIClient.warnsWhenMainQueueIsBlocked, "on by default")
    }

    #if os(Linux) || os(macOS)
    /// The `main-queue-trap` executable, built beside this test bundle by `swift build --build-tests`.
    private func trapExecutable() throws -> URL {
        let folders = [
            Bundle(for: Self.self).bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for folder in folders {
            let candidate = folder.appendingPathComponent("main-queue-trap")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        XCTFail("main-queue-trap was not built next to the tests (run `swift build --build-tests`): \(folders)")
        throw XCTSkip("no main-queue-trap executable")
    }

    private func start(_ executable: URL, mode: String, baseURL: URL) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = [mode, baseURL.absoluteString]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return (process, stdout, stderr)
    }

    private func finish(_ running: (Process, Pipe, Pipe)) -> Run {
        let (process, stdout, stderr) = running
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
    #endif
}
