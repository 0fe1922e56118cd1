import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `fetchImage` through the cache: hits cost nothing, concurrent fetches share one request, a
/// cancelled waiter does not hurt the others, and another host never sees the token.
final class MenuImageTests: MenuTestCase {

    private func imageURL(_ id: Int, on server: FixtureServer? = nil) -> URL {
        (server ?? self.server).baseURL.appendingPathComponent("images/\(id).png")
    }

    func testCacheHitCostsNoRequestAndStillCompletesAsynchronously() throws {
        let url = imageURL(1)
        let first = try XCTUnwrap(success(awaitCompletion { controller.fetchImage(url: url, completion: $0) }))
        XCTAssertEqual(server.requestCount(path: "/images/1.png"), 1)

        let calls = Locked<[Data]>([])
        let done = DispatchSemaphore(value: 0)
        // The test holds the main queue (it runs on it), so the completion cannot have run yet: it is
        // asynchronous.
        let handle = controller.fetchImage(url: url) { result in
            calls.withLock { $0.append((try? result.get()) ?? Data()) }
            done.signal()
        }
        XCTAssertEqual(calls.withLock { $0.count }, 0)
        XCTAssertTrue(handle.isFinished)
        XCTAssertEqual(TestMainQueue.wait(for: done, timeout: 30), .success)
        XCTAssertEqual(calls.withLock { $0 }, [first])
        XCTAssertEqual(server.requestCount(path: "/images/1.png"), 1, "a hit costs no request")
        handle.cancel()  // does nothing
        TestMainQueue.drain()
        XCTAssertEqual(calls.withLock { $0.count }, 1)
    }

    func testFiftyConcurrentFetchesShareOneRequest() throws {
        let url = imageURL(2)
        let gate = FaultGate()
        server.inject(.held(gate), path: "/images/2.png")  // keeps the download in flight while all 50 join
        let results = Locked<[Result<Data, APIError>]>([])
        let group = DispatchGroup()
        let controller = self.controller!
        for _ in 0..<50 { group.enter() }
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            controller.fetchImage(url: url) { result in
                results.withLock { $0.append(result) }
                group.leave()
            }
        }
        Polling.until { gate.heldCount == 1 }
        gate.open()
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 60), .success)
        XCTAssertEqual(results.withLock { $0.count }, 50)
        let images = results.withLock { $0 }.compactMap { try? $0.get() }
        XCTAssertEqual(images.count, 50)
        XCTAssertEqual(Set(images).count, 1)
        XCTAssertEqual(images.first?.prefix(8), pngSignature)
        XCTAssertEqual(server.requestCount(path: "/images/2.png"), 1, "50 fetches, one request")
    }

    func testCancellingOneWaiterLeavesTheOthersSucceeding() throws {
        let url = imageURL(3)
        let gate = FaultGate()
        server.inject(.held(gate), path: "/images/3.png")
        let results = Locked<[(index: Int, result: Result<Data, APIError>)]>([])
        let group = DispatchGroup()
        var handles: [RequestHandle] = []
        for index in 0..<3 {
            group.enter()
            handles.append(
                controller.fetchImage(url: url) { result in
                    results.withLock { $0.append((index, result)) }
                    group.leave()
                })
        }
        handles[1].cancel()
        Polling.until { gate.heldCount == 1 }
        gate.open()
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 60), .success)
        TestMainQueue.drain()
        let byIndex = Dictionary(uniqueKeysWithValues: results.withLock { $0 }.map { ($0.index, $0.result) })
        XCTAssertEqual(results.withLock { $0.count }, 3)
        XCTAssertEqual(byIndex[1].flatMap { try? $0.get() }, nil)
        if case .failure(let error) = byIndex[1] { XCTAssertEqual(error, .cancelled) }
        XCTAssertEqual(try byIndex[0]?.get().prefix(8), pngSignature)
        XCTAssertEqual(try byIndex[2]?.get().prefix(8), pngSignature)
        XCTAssertTrue(handles[1].isCancelled)
        XCTAssertEqual(server.requestCount(path: "/images/3.png"), 1)
    }

    func testCancellingEveryWaiterCancelsTheDownload() throws {
        let url = imageURL(4)
        server.inject(.delay(3), path: "/images/4.png")
        let results = Locked<[Result<Data, APIError>]>([])
        let group = DispatchGroup()
        let handles = (0..<2).map { _ in
            group.enter()
            return controller.fetchImage(url: url) { result in
                results.withLock { $0.append(result) }
                group.leave()
            }
        }
        handles.forEach { $0.cancel() }
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 30), .success)
        XCTAssertEqual(results.withLock { $0 }.map { try? $0.get() }, [nil, nil])
        XCTAssertEqual(controller.imageCache.count, 0)
    }

    func testAnotherImageHostNeverReceivesTheToken() throws {
        // A second server on another address is another origin (so would be another port).
        let imageHost: FixtureServer
        do {
            imageHost = try startExtraServer(host: "127.0.0.2")
        } catch {
            imageHost = try startExtraServer()
        }
        defer { imageHost.stop() }
        let client = APIClient(
            baseURL: server.baseURL,
            options: APIClient.Options(timeout: 10, retryPolicy: .never), tokenProvider: { "secret-token" })
        let controller = MenuController(client: client)

        // The token is real: an endpoint that requires it does get it at the API's own host.
        let authorized = Endpoint<Data>("categories").requiringAuthorization()
        XCTAssertNotNil(success(awaitCompletion { client.send(authorized, completion: $0) }))
        XCTAssertEqual(server.requests.last?.headers["authorization"], "Bearer secret-token")

        for id in 1...3 {
            let url = imageURL(id, on: imageHost)
            let data = try XCTUnwrap(success(awaitCompletion { controller.fetchImage(url: url, completion: $0) }))
            XCTAssertEqual(data.prefix(8), pngSignature)
        }
        XCTAssertEqual(imageHost.requests.count, 3)
        XCTAssertTrue(imageHost.requests.allSatisfy { $0.headers["authorization"] == nil })
        // Not even the API host gets it with a menu request or an image.
        XCTAssertNotNil(success(awaitCompletion { controller.fetchCategories(completion: $0) }))
        XCTAssertNotNil(success(awaitCompletion { controller.fetchImage(url: self.imageURL(1), completion: $0) }))
        XCTAssertEqual(server.requests.suffix(2).map { $0.headers["authorization"] }, [nil, nil])
    }
}
