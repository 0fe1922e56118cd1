import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// 100 concurrent `fetchImage` calls of one URL cost exactly one request, with the server answering at
/// once: a call made as the download ends finds it running, or finds its picture in the memory cache
/// (kept before the download stops taking callers, and before the hop to the main queue).
final class MenuImageCoalescingTests: MenuTestCase {
    /// Rounds of 100 calls; each round a new controller (an empty cache). Before the picture was kept
    /// under the coalescing lock, about half the rounds cost 2 or 3 requests here.
    private let rounds = 40

    private func burst(_ controller: MenuController, url: URL, callers: Int = 100) -> [Result<Data, APIError>] {
        let results = Locked<[Result<Data, APIError>]>([])
        let group = DispatchGroup()
        for _ in 0..<callers { group.enter() }
        DispatchQueue.concurrentPerform(iterations: callers) { _ in
            controller.fetchImage(url: url) { result in
                results.withLock { $0.append(result) }
                group.leave()
            }
        }
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 60), .success)
        return results.withLock { $0 }
    }

    private func check(disk: @autoclosure () throws -> DiskImageCache?) throws {
        let url = server.baseURL.appendingPathComponent("images/5.png")
        var hits: [Int] = []
        for _ in 0..<rounds {
            let controller = makeCachingController(server: server, disk: try disk())
            let before = server.requestCount(path: "/images/5.png")
            let results = burst(controller, url: url)
            hits.append(server.requestCount(path: "/images/5.png") - before)
            let images = results.compactMap { try? $0.get() }
            XCTAssertEqual(images.count, 100)
            XCTAssertEqual(Set(images).count, 1)
            XCTAssertEqual(images.first?.prefix(8), pngSignature)
        }
        XCTAssertEqual(hits, Array(repeating: 1, count: rounds), "requests per round of 100 concurrent calls")
    }

    func testOneHundredConcurrentFetchesCostExactlyOneRequest() throws {
        try check(disk: nil)
    }

    func testOneHundredConcurrentFetchesThroughTheDiskTierCostExactlyOneRequest() throws {
        var directories: [URL] = []
        defer { directories.forEach { try? FileManager.default.removeItem(at: $0) } }
        try check(
            disk: {
                let directory = try makeCacheDirectory()
                directories.append(directory)
                return DiskImageCache(directory: directory)
            }())
    }

    /// Calls made after the download, while its completions wait for the main queue, are answered from
    /// the memory cache: no second request.
    func testACallMadeRightAfterTheDownloadFindsThePicture() throws {
        let url = server.baseURL.appendingPathComponent("images/6.png")
        let controller = makeCachingController(server: server)
        let first = DispatchSemaphore(value: 0)
        controller.fetchImage(url: url) { _ in first.signal() }
        // The main thread is held (no run loop) until the picture is cached: its completion waits.
        let deadline = Date(timeIntervalSinceNow: 30)
        while controller.imageCache.count == 0, Date() < deadline { usleep(1000) }
        XCTAssertEqual(controller.imageCache.count, 1)
        XCTAssertEqual(burst(controller, url: url, callers: 20).compactMap { try? $0.get() }.count, 20)
        XCTAssertEqual(TestMainQueue.wait(for: first, timeout: 30), .success)
        XCTAssertEqual(server.requestCount(path: "/images/6.png"), 1)
    }
}
