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
        let modes = ["sleep", "semaphore", "off", "return", "serviced", "busy"]
        let running = try modes.map { try Child(executable, mode: $0, baseURL: server.baseURL) }
        // The trapped programs warn after 2 s; once both have, as long has passed for the controls
        // ("off", "serviced"), started at the same moment, to have warned too if they were going to.
        // Half a second more for the slower start of either; then every program is told to end.
        for child in running where ["sleep", "semaphore"].contains(child.mode) {
            child.waitForStandardError(containing: Self.warningStart, timeout: 20)
        }
        Thread.sleep(forTimeInterval: 0.5)
        // The busy main thread sends calls for 3 s, then runs the main queue: wait until every completion ran.
        for child in running where child.mode == "busy" {
            child.waitForStandardError(containing: "busy: every completion ran", timeout: 30)
        }
        let runs = Dictionary(uniqueKeysWithValues: running.map { ($0.mode, $0.finish()) })

        // The main thread blocked: two completions wait, neither runs, one warning names the fixes.
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

        // A main thread busy sending calls for longer than the watchdog's patience (the 10,000-call burst),
        // then `dispatchMain()`: busy, not blocked, so nothing is printed, and every completion runs.
        let busy = try XCTUnwrap(runs["busy"])
        XCTAssertEqual(busy.status, 0)
        XCTAssertEqual(busy.ours, 0, busy.stderr)
        XCTAssertTrue(busy.stderr.contains("busy: every completion ran"), busy.stderr)
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

    /// A running `main-queue-trap`: its output read as it comes, its standard input held open until
    /// ``finish()`` (which tells it to end).
    private final class Child: @unchecked Sendable {
        let mode: String
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errors = Pipe()
        private let stderrText = Locked("")
        private let stderrEnded = DispatchSemaphore(value: 0)
        private let stderrGrew = DispatchSemaphore(value: 0)

        init(_ executable: URL, mode: String, baseURL: URL) throws {
            self.mode = mode
            process.executableURL = executable
            process.arguments = [mode, baseURL.absoluteString]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            Thread.detachNewThread { [self] in
                while true {
                    let data = errors.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    stderrText.withLock { $0 += String(decoding: data, as: UTF8.self) }
                    stderrGrew.signal()
                }
                stderrEnded.signal()
                stderrGrew.signal()
            }
        }

        /// Waits (`timeout` seconds at most) until the program's standard error contains `text`.
        func waitForStandardError(containing text: String, timeout: TimeInterval) {
            let deadline = DispatchTime.now() + timeout
            while !stderrText.withLock({ $0.contains(text) }) {
                if stderrGrew.wait(timeout: deadline) == .timedOut { return }
            }
        }

        /// Closes the program's standard input (it ends), and returns how it ended and what it wrote.
        func finish() -> Run {
            try? input.fileHandleForWriting.close()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            stderrEnded.wait()
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                stderr: stderrText.withLock { $0 })
        }
    }
    #endif
}
