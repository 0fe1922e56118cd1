import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A download whose writer falls behind the network keeps the bytes received but not yet written
/// bounded (issue 47): over a real socket against the fixture server's `/files/<bytes>`, with the
/// download's delegate queue held up again and again (as a slow disk holds up the writes there), the
/// streaming session's own count of the bytes waiting never passes its bound. Measured by that count,
/// never by time or RSS.
final class DownloadBackpressureTests: FixtureServerTestCase {
    #if canImport(FoundationNetworking)
    func testASlowWriterHoldsTheBytesWaitingUnderTheBound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backpressure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("big.bin")
        let client = makeClient(options: APIClient.Options(timeout: 60, retryPolicy: .never))
        let queue = try XCTUnwrap(
            SessionTask.streamingSession(like: client.session).delegateQueue as? StreamingDelegateQueue)

        // The slow writer: the delegate queue is busy 100 ms out of every 110, between the chunks' writes.
        let stalling = Locked(true)
        let staller = Thread {
            while stalling.withLock({ $0 }) {
                queue.addOperation { usleep(100_000) }
                usleep(110_000)
            }
        }
        staller.start()
        let size = 8_000_000
        let file = try await client.send(Endpoint<Data>("files/\(size)").downloading(to: destination))
        stalling.withLock { $0 = false }

        let data = try Data(contentsOf: file)
        XCTAssertEqual(data.count, size)
        XCTAssertTrue(data == ServerPattern.bytes(size), "every byte in order")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["big.bin"])
        let bound = Int64(StreamingDelegateQueue.limit * StreamingDelegateQueue.largestChunk)
        XCTAssertGreaterThan(queue.readerWaits, 0, "the control: the writer fell behind and the reader waited")
        XCTAssertGreaterThan(queue.peakBufferedBytes, 0, "the control: the bytes waiting were counted")
        XCTAssertLessThanOrEqual(queue.peakBufferedBytes, bound, "peak \(queue.peakBufferedBytes) bytes waiting")
    }
    #endif
}
