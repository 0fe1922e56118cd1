import Foundation
import XCTest

extension XCTestCase {
    /// Runs `message-language-probe` (Tests/MessageLanguageProbe) with `arguments`, in this process's
    /// environment without its language variables (`LANG`, `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`) and with
    /// `environment` added: the lines it printed. Fails the test when it exits other than 0.
    /// `MessageLanguageTests` and `AcceptLanguageRoundTripTests` run it.
    ///
    /// Skips the test where there are no child processes: `Process` exists on macOS and Linux only
    /// (https://developer.apple.com/documentation/foundation/process lists macOS only), so without this fence the
    /// test target does not compile for iOS, tvOS, watchOS or visionOS.
    func runMessageLanguageProbe(_ environment: [String: String], arguments: [String] = []) throws -> [String] {
        #if os(Linux) || os(macOS)
        let folders = [
            Bundle(for: Self.self).bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        guard
            let executable = folders.map({ $0.appendingPathComponent("message-language-probe") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            XCTFail("message-language-probe was not built next to the tests (run `swift build --build-tests`)")
            throw XCTSkip("no message-language-probe executable")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var clean = ProcessInfo.processInfo.environment.filter {
            !["LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"].contains($0.key)
        }
        clean.merge(environment) { $1 }
        process.environment = clean
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "message-language-probe \(arguments) with \(environment)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #else
        throw XCTSkip("child processes are started on Linux and macOS only")
        #endif
    }
}
