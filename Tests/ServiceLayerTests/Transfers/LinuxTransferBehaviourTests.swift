import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking

/// What Linux's URLSession (swift-corelibs-foundation) does with upload and download progress, tested
/// against the fixture server rather than assumed; `SessionTask` is built on these facts.
final class LinuxTransferBehaviourTests: FixtureServerTestCase {
    /// Counts what a task's own delegate hears.
    private final class Listener: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let sent = Locked<[Int64]>([])
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
            totalBytesExpectedToSend: Int64
        ) {
            sent.withLock { $0.append(totalBytesSent) }
        }
    }

    private final class DownloadListener: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
        let written = Locked<[Int64]>([])
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
            totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
        ) {
            written.withLock { $0.append(totalBytesWritten) }
        }
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {
        }
    }

    private let session = URLSession(configuration: .ephemeral)

    private func uploadFile(_ count: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("linux-upload-\(UUID().uuidString)")
        try Data(count: count).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        return file
    }

    private func upload(_ file: URL) -> URLRequest {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/users/2/avatar"))
        request.httpMethod = "POST"
        return request
    }

    /// A completion-handler upload task's own delegate never hears of the bytes sent.
    func testACompletionHandlerTasksOwnDelegateHearsNoUploadProgress() throws {
        let file = try uploadFile(300_000)
        let listener = Listener()
        let done = expectation(description: "done")
        let task = session.uploadTask(with: upload(file), fromFile: file) { _, _, _ in done.fulfill() }
        task.delegate = listener
        task.resume()
        wait(for: [done], timeout: 20)
        XCTAssertEqual(listener.sent.withLock { $0 }, [], "no didSendBodyData")
        XCTAssertEqual(task.countOfBytesSent, 0, "and the task's own counter stays 0")
    }

    /// The `async` upload with a delegate does report the bytes sent (the last callbacks may arrive
    /// after it returns: they are queued on the delegate queue, the answer is not).
    func testTheAsyncUploadsDelegateHearsTheBytesSent() async throws {
        let file = try uploadFile(300_000)
        let listener = Listener()
        _ = try await session.upload(for: upload(file), fromFile: file, delegate: listener)
        let sent = listener.sent.withLock { $0 }
        XCTAssertFalse(sent.isEmpty)
        XCTAssertLessThanOrEqual(sent.last ?? 0, 300_000)
    }

    /// A completion-handler download task counts no bytes received, in its counter or its `progress`
    /// (which at most is marked finished at the end), while it knows the announced length.
    func testACompletionHandlerDownloadCountsNoBytes() throws {
        let done = expectation(description: "done")
        let task = session.downloadTask(with: server.baseURL.appendingPathComponent("files/500000")) { file, _, _ in
            // Linux's URLSession leaves a completion handler's file behind (Apple's removes it on return).
            if let file { try? FileManager.default.removeItem(at: file) }
            done.fulfill()
        }
        task.resume()
        wait(for: [done], timeout: 20)
        XCTAssertEqual(task.countOfBytesReceived, 0)
        // Never the bytes: 0, or 1 when Foundation has marked the progress finished (it may do so just
        // after the handler returns, so either can be seen here).
        XCTAssertLessThanOrEqual(task.progress.completedUnitCount, 1)
        XCTAssertEqual(task.countOfBytesExpectedToReceive, 500_000)
    }

    /// The `async` download whose delegate is a `URLSessionDownloadDelegate` hears `didWriteData`, but
    /// its file holds every chunk twice: why `SessionTask` does not use it on Linux.
    func testAnAsyncDownloadWithADownloadDelegateWritesTheFileTwice() async throws {
        let listener = DownloadListener()
        let (file, _) = try await session.download(
            for: URLRequest(url: server.baseURL.appendingPathComponent("files/500000")), delegate: listener)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertFalse(listener.written.withLock { $0 }.isEmpty, "didWriteData is called")
        XCTAssertEqual(SessionTask.size(of: file), 1_000_000, "500 000 bytes announced, each written twice")
    }

    /// A download cut short fails with `URLError.unknown` and no response, the announced length kept on
    /// the task: what `Download` turns into `incompleteDownload`.
    func testACutDownloadFailsWithUnknownAndNoResponse() throws {
        // The cut download's partial file stays in the temporary directory, and the task names it
        // nowhere: it is written into a folder of this test's own, removed at the end.
        let folder = try temporaryDirectoryOfItsOwn()
        let done = expectation(description: "done")
        let seen = Locked<(URLResponse?, (any Error)?)>((nil, nil))
        let url = server.baseURL.appendingPathComponent("files/500000")
        let task = session.downloadTask(with: URL(string: url.absoluteString + "?cut=1")!) { _, response, error in
            seen.withLock { $0 = (response, error) }
            done.fulfill()
        }
        task.resume()
        wait(for: [done], timeout: 20)
        let (response, error) = seen.withLock { $0 }
        XCTAssertNil(response)
        XCTAssertEqual((error as? URLError)?.code, .unknown)
        XCTAssertEqual(task.countOfBytesExpectedToReceive, 500_000)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(leftovers.count, 1, "the partial file URLSession leaves: \(leftovers)")
    }

    /// Points `TMPDIR` (where Linux's URLSession writes downloads) at a fresh folder until the test
    /// ends, then removes the folder and puts `TMPDIR` back.
    private func temporaryDirectoryOfItsOwn() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linux-download-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", folder.path, 1)
        addTeardownBlock {
            if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }
}
#endif
