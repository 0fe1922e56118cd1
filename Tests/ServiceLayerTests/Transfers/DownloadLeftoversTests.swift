import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A download owns every file it creates (issue 34): a cut, cancelled or refused download leaves
/// nothing in the temporary directory or next to its destination, on every try, and the old file at
/// the destination stays. Over real sockets against the fixture server; the process's temporary
/// directory (`TMPDIR`) points at a folder of the test's own for the test, so that anything written
/// there (URLSession's download files are) shows.
final class DownloadLeftoversTests: FixtureServerTestCase {
    private var root: URL!
    private var folder: URL!
    private var temporary: URL?
    private var savedTMPDIR: String?

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)")
        folder = root.appendingPathComponent("destination")
        let temporary = root.appendingPathComponent("tmp")
        for made in [folder!, temporary] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        self.temporary = temporary
        savedTMPDIR = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", temporary.path, 1)
    }

    override func tearDown() {
        if let savedTMPDIR { setenv("TMPDIR", savedTMPDIR, 1) } else { unsetenv("TMPDIR") }
        try? FileManager.default.removeItem(at: root)
        super.tearDown()
    }

    private func client(retry: RetryPolicy = .never) -> APIClient {
        makeClient(options: APIClient.Options(timeout: 30, retryPolicy: retry))
    }

    private func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The control: the temporary directory the process uses now is the test's own, so an empty one
    /// at the end means nothing was left there. Linux's Foundation reads `TMPDIR` on every call (asserted);
    /// where it does not (Apple platforms may cache it), only the destination's folder is checked.
    private func assertTheTemporaryDirectoryIsOurs(file: StaticString = #filePath, line: UInt = #line) {
        let now = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().standardizedFileURL.path
        let ours = temporary?.resolvingSymlinksInPath().standardizedFileURL.path
        #if os(Linux)
        XCTAssertEqual(now, ours, file: file, line: line)
        #endif
        if now != ours { temporary = nil }
    }

    /// What is in the test's temporary directory (nothing to check where it could not be injected).
    private var temporaryLeftovers: [String] { temporary.map(contents(of:)) ?? [] }

    func testACutDownloadRetriedLeavesNothingOnAnyTryAndKeepsTheOldFile() async throws {
        assertTheTemporaryDirectoryIsOurs()
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("old".utf8).write(to: destination)
        let retry = RetryPolicy(maxRetries: 2, baseDelay: 0, jitter: 0)
        let endpoint = Endpoint<Data>("files/2000000", query: [URLQueryItem(name: "cut", value: "1")])
            .downloading(to: destination)
        do {
            _ = try await client(retry: retry).send(endpoint)
            XCTFail("a cut download must fail")
        } catch {
            guard case .incompleteDownload(let expected, let received, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(expected, 2_000_000)
            XCTAssertGreaterThan(received, 0, "bytes were written before the cut")
        }
        XCTAssertEqual(requests(to: "/files/2000000").count, 3, "three tries, each cut")
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8))
        XCTAssertEqual(contents(of: folder), ["kept.bin"])
        XCTAssertEqual(temporaryLeftovers, [])
    }

    func testACancelledDownloadLeavesNothingAlthoughItsPartialFileExistedWhileItRan() async throws {
        assertTheTemporaryDirectoryIsOurs()
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("old".utf8).write(to: destination)
        server.inject(.slowBody(interval: 0.05), path: "/files/2000000")  // 64 KiB every 50 ms
        let transfer = client().transfer(Endpoint<Data>("files/2000000").downloading(to: destination))
        var partialSeen: [String] = []
        for await progress in transfer.progress where progress.bytesReceived > 0 {
            partialSeen = contents(of: folder).filter { $0 != "kept.bin" }
            transfer.cancel()
        }
        do {
            _ = try await transfer.value
            XCTFail("a cancelled download must fail")
        } catch {
            XCTAssertEqual(error, .cancelled)
        }
        // The control: while bytes arrived, the download's own file sat next to the destination.
        XCTAssertEqual(partialSeen.count, 1, "\(partialSeen)")
        XCTAssertTrue(partialSeen.first?.hasPrefix(".kept.bin.") == true, "\(partialSeen)")
        // The delegate removes it once the task has ended, after the cancel was reported.
        var clean = false
        for _ in 0..<1000 where !clean {  // at most 10 s
            clean = contents(of: folder) == ["kept.bin"]
            if !clean { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        XCTAssertTrue(clean, "left: \(contents(of: folder))")
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8))
        XCTAssertEqual(temporaryLeftovers, [])
    }

    func testARefusedDownloadRetriedLeavesNothingAndKeepsItsErrorBody() async throws {
        assertTheTemporaryDirectoryIsOurs()
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("old".utf8).write(to: destination)
        server.inject(
            .json(503, #"{"error":"busy, try later"}"#), path: "/files/1000", method: "GET", times: 3)
        let retry = RetryPolicy(maxRetries: 2, baseDelay: 0, jitter: 0)
        do {
            _ = try await client(retry: retry).send(Endpoint<Data>("files/1000").downloading(to: destination))
            XCTFail("a 503 must fail")
        } catch {
            XCTAssertEqual(error.statusCode, 503)
            XCTAssertEqual(error.serverMessage, "busy, try later", "the error body, read from the download's file")
        }
        XCTAssertEqual(requests(to: "/files/1000").count, 3, "three tries, each refused")
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8))
        XCTAssertEqual(contents(of: folder), ["kept.bin"])
        XCTAssertEqual(temporaryLeftovers, [])
    }

    func testAWholeDownloadReplacesTheOldFileAndLeavesNothingElse() async throws {
        assertTheTemporaryDirectoryIsOurs()
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("old".utf8).write(to: destination)
        _ = try await client().send(Endpoint<Data>("files/300000").downloading(to: destination))
        XCTAssertEqual(try Data(contentsOf: destination).count, 300_000)
        XCTAssertEqual(contents(of: folder), ["kept.bin"])
        XCTAssertEqual(temporaryLeftovers, [])
    }
}
