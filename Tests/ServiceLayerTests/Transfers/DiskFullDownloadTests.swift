import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// `Process` exists on macOS and Linux only: without this fence the test target does not compile for
// iOS, tvOS, watchOS or visionOS ("Process is unavailable", https://developer.apple.com/documentation/foundation/process
// lists macOS only).
#if os(macOS) || os(Linux)

/// A download onto a disk that is truly full: a 256 KiB tmpfs mounted for the test (skipped where
/// mounting is not permitted, as on a developer's Mac or an unprivileged runner). The download writes
/// the body to a file of its own next to the destination, on the small disk, which runs out of space:
/// the error is ``APIError/diskFull``, the old file survives and no partial file stays.
final class DiskFullDownloadTests: FixtureServerTestCase {
    private var mountPoint: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("full-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint.path]) else {
            try? FileManager.default.removeItem(at: mountPoint)
            throw XCTSkip("mounting a small tmpfs is not permitted here")
        }
    }

    override func tearDown() {
        _ = Self.run("/bin/umount", [mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint)
        super.tearDown()
    }

    /// Runs `tool` with `arguments`, its output discarded: whether it exited with status 0.
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    func testADownloadOntoAFullDiskIsDiskFullAndKeepsTheOldFile() async throws {
        let destination = mountPoint.appendingPathComponent("big.bin")
        try Data("old".utf8).write(to: destination)
        let client = makeClient(options: APIClient.Options(timeout: 30, retryPolicy: .never))
        do {
            _ = try await client.send(Endpoint<Data>("files/1000000").downloading(to: destination))
            XCTFail("1 MB cannot fit on a 256 KiB disk")
        } catch {
            XCTAssertEqual(error, .diskFull)
        }
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountPoint.path), ["big.bin"])
    }
}
#endif
