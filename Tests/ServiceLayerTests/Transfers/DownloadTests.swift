import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads to a file over real sockets against the fixture server's `/files/<bytes>`: the bytes land
/// at the destination only when complete, a cut or cancelled download leaves nothing, progress counts
/// up to the announced length and restarts on a retry.
final class DownloadTests: FixtureServerTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func client(retry: RetryPolicy = .never) -> APIClient {
        makeClient(options: APIClient.Options(timeout: 30, retryPolicy: retry))
    }

    /// Whether `file` holds exactly `count` bytes of the server's pattern (byte `i` is `i % 251`).
    private func holdsPattern(_ file: URL, count: Int) throws -> Bool {
        try Data(contentsOf: file) == ServerPattern.bytes(count)
    }

    /// The files left in the download folder (a partial file would show here).
    private var leftovers: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    func testADownloadLandsWholeAtItsDestination() async throws {
        let destination = folder.appendingPathComponent("big.bin")
        let endpoint = Endpoint<Data>("files/3000000").downloading(to: destination)
        let file = try await client().send(endpoint)
        XCTAssertEqual(file, destination)
        XCTAssertTrue(try holdsPattern(destination, count: 3_000_000))
        XCTAssertEqual(leftovers, ["big.bin"])
    }

    func testAChunkedDownloadHasNoLengthToCheckAndLandsWhole() async throws {
        let destination = folder.appendingPathComponent("chunked.bin")
        let transfer = client().transfer(
            Endpoint<Data>("files/1000000", query: [URLQueryItem(name: "chunked", value: "1")]).downloading(
                to: destination))
        var values: [TransferProgress] = []
        for await progress in transfer.progress { values.append(progress) }
        _ = try await transfer.value
        XCTAssertTrue(try holdsPattern(destination, count: 1_000_000))
        XCTAssertTrue(values.allSatisfy { $0.totalBytesToReceive == nil }, "no Content-Length, no total: \(values)")
    }

    func testADownloadCutHalfwayLeavesNothingAndKeepsTheOldFile() async throws {
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("old".utf8).write(to: destination)
        let endpoint = Endpoint<Data>("files/2000000", query: [URLQueryItem(name: "cut", value: "1")])
            .downloading(to: destination)
        do {
            _ = try await client().send(endpoint)
            XCTFail("a cut download must fail")
        } catch {
            guard case .incompleteDownload(let expected, let received, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(expected, 2_000_000)
            XCTAssertLessThan(received, expected)
        }
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8))
        XCTAssertEqual(leftovers, ["kept.bin"])
    }

    func testANon2xxDownloadKeepsItsBodyAndWritesNothing() async throws {
        let destination = folder.appendingPathComponent("never.bin")
        do {
            _ = try await client().send(Endpoint<Data>("files/lots").downloading(to: destination))
            XCTFail("a 400 must fail")
        } catch {
            XCTAssertEqual(error.statusCode, 400)
            XCTAssertNotNil(error.serverMessage, "the error body is read back from the download's file")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testADestinationInAMissingFolderIsAFileAccessError() async throws {
        let destination = folder.appendingPathComponent("missing/file.bin")
        do {
            _ = try await client().send(Endpoint<Data>("files/1000").downloading(to: destination))
            XCTFail("a missing folder must fail")
        } catch {
            guard case .fileAccess = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testCancellingMidDownloadEndsCancelledAndLeavesNothing() async throws {
        let destination = folder.appendingPathComponent("cancelled.bin")
        server.inject(.slowBody(interval: 0.05), path: "/files/2000000")  // 64 KiB every 50 ms
        let transfer = client().transfer(Endpoint<Data>("files/2000000").downloading(to: destination))
        // Once the answer's head is in (its length known), the body still coming: cancel.
        for await progress in transfer.progress where progress.totalBytesToReceive != nil { transfer.cancel() }
        do {
            _ = try await transfer.value
            XCTFail("a cancelled download must fail")
        } catch {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertEqual(leftovers, [])
    }

    func testProgressCountsUpToTheAnnouncedLength() async throws {
        let destination = folder.appendingPathComponent("progress.bin")
        let transfer = client().transfer(Endpoint<Data>("files/4000000").downloading(to: destination))
        var values: [TransferProgress] = []
        for await progress in transfer.progress { values.append(progress) }
        _ = try await transfer.value
        XCTAssertEqual(values.last?.bytesReceived, 4_000_000, "\(values.suffix(3))")
        XCTAssertEqual(values.last?.totalBytesToReceive, 4_000_000)
        XCTAssertEqual(values.map(\.bytesReceived), values.map(\.bytesReceived).sorted(), "never goes back in one try")
        XCTAssertTrue(values.allSatisfy { $0.attempt == 1 })
    }

    func testARetriedDownloadRestartsItsProgressVisibly() async throws {
        let destination = folder.appendingPathComponent("retried.bin")
        server.inject(.truncatedBody, path: "/files/600000")
        let retry = RetryPolicy(maxRetries: 1, baseDelay: 0, jitter: 0)
        let transfer = client(retry: retry).transfer(Endpoint<Data>("files/600000").downloading(to: destination))
        var values: [TransferProgress] = []
        for await progress in transfer.progress { values.append(progress) }
        _ = try await transfer.value
        XCTAssertTrue(try holdsPattern(destination, count: 600_000))
        XCTAssertEqual(requests(to: "/files/600000").count, 2)
        let second = values.filter { $0.attempt == 2 }
        XCTAssertEqual(second.first?.bytesReceived, 0, "the retry starts from zero: \(values)")
        XCTAssertEqual(second.last?.bytesReceived, 600_000)
    }
}
