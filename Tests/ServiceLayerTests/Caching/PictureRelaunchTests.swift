import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Pictures on disk through `MenuController`, over real sockets: a relaunch costs no request, two
/// controllers share a directory safely, and an unwritable directory degrades to memory only.
final class PictureRelaunchTests: FixtureServerTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try makeCacheDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    func testTheSecondLaunchFetchesItsFirstPictureWithoutARequest() async throws {
        let first = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        let downloaded = try await first.fetchImage(url: pictureURL(server, 1))
        XCTAssertEqual(server.requestCount(path: "/images/1.png"), 1)

        // A relaunch: a new controller, empty memory, the same directory.
        let relaunched = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        XCTAssertEqual(relaunched.imageCache.count, 0)
        let again = try await relaunched.fetchImage(url: pictureURL(server, 1))
        XCTAssertEqual(again, downloaded)
        XCTAssertEqual(server.requestCount(path: "/images/1.png"), 1, "the second launch sent no request")
        XCTAssertEqual(relaunched.imageCache.data(for: pictureURL(server, 1)), downloaded, "promoted to memory")
    }

    func testTheCallbackMethodReadsTheDiskOnceOnTheMainActor() throws {
        let warm = DiskImageCache(directory: directory)
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 9, 9])
        warm.insert(bytes, for: pictureURL(server, 2))
        let controller = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        let results = Locked<[Result<Data, APIError>]>([])
        let done = DispatchSemaphore(value: 0)
        TestMainQueue.prepare()
        controller.fetchImage(url: pictureURL(server, 2)) { result in
            XCTAssertTrue(TestMainQueue.isCurrent)
            results.withLock { $0.append(result) }
            done.signal()
        }
        XCTAssertEqual(TestMainQueue.wait(for: done, timeout: 20), .success)
        TestMainQueue.drain()
        XCTAssertEqual(results.withLock { $0.count }, 1)
        XCTAssertEqual(try results.withLock { $0 }.first?.get(), bytes)
        XCTAssertEqual(server.requestCount(path: "/images/2.png"), 0)
    }

    func testCancellingADiskBackedFetchCompletesOnceWithCancelled() async throws {
        let controller = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        server.inject(.delay(2), path: "/images/3.png")
        let url = pictureURL(server, 3)
        let task = Task { try await controller.fetchImage(url: url) }
        while server.requestCount(path: "/images/3.png") == 0 { await Task.yield() }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch let error as APIError {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertNil(controller.diskImageCache?.data(for: pictureURL(server, 3)), "nothing stored")
    }

    func testAChangedPictureIsFetchedFreshAfterClearingTheCaches() async throws {
        let controller = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        let before = try await controller.fetchImage(url: pictureURL(server, 4))
        let replacement = Data([0x89, 0x50, 0x4E, 0x47, 4, 4, 4])
        server.replaceImage(id: 4, data: replacement)
        let cached = try await controller.fetchImage(url: pictureURL(server, 4))
        XCTAssertEqual(cached, before, "a picture's URL names one picture: kept until cleared")
        controller.clearCaches()
        XCTAssertEqual(controller.diskImageCache?.totalBytes, 0)
        let fresh = try await controller.fetchImage(url: pictureURL(server, 4))
        XCTAssertEqual(fresh, replacement)
        XCTAssertEqual(server.requestCount(path: "/images/4.png"), 2)
    }

    func testTwoControllersSharingADirectoryConcurrentlyLoseNothing() async throws {
        let first = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        let second = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        let ids = Array(1...6)
        let urls = ids.map { pictureURL(server, $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                group.addTask { _ = try await first.fetchImage(url: url) }
                group.addTask { _ = try await second.fetchImage(url: url) }
            }
            try await group.waitForAll()
        }
        let third = makeCachingController(server: server, disk: DiskImageCache(directory: directory))
        let before = server.requests.count
        for id in ids {
            let picture = try await third.fetchImage(url: pictureURL(server, id))
            XCTAssertEqual(Array(picture.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a whole PNG for \(id)")
        }
        XCTAssertEqual(server.requests.count, before, "every picture came from the shared directory")
    }

    func testAnUnwritableDirectoryDegradesToMemoryWithOneLogLine() async throws {
        let (file, unwritable) = try makeUnwritableDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = Locked<[String]>([])
        let disk = DiskImageCache(directory: unwritable, logger: { value in lines.withLock { $0.append(value) } })
        let controller = makeCachingController(server: server, disk: disk, lines: lines)
        for id in 1...3 {
            _ = try await controller.fetchImage(url: pictureURL(server, id))
            _ = try await controller.fetchImage(url: pictureURL(server, id))
        }
        XCTAssertTrue(disk.isMemoryOnly)
        XCTAssertEqual(server.requests.count, 3, "the memory tier still serves the second fetches")
        let cacheLines = lines.withLock { $0 }.filter { $0.contains("memory only") }
        XCTAssertEqual(cacheLines.count, 1, "\(lines.withLock { $0 })")
    }
}
