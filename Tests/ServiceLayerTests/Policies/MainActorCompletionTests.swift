import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The controllers' completions are main-actor closures: they run on the main queue, exactly once,
/// never inside the call, in the order their calls finished — also when the call starts on another
/// thread — and the async twins never need the main queue.
final class MainActorCompletionTests: FixtureServerTestCase {
    /// A call that fails before sending anything (offline) still completes later, on the main actor.
    func testAnImmediateFailureIsNeverDeliveredInsideTheCall() {
        let offline = APIClient.Options(retryPolicy: .never, connectivity: FakeConnectivity(online: false))
        let menu = MenuController(baseURL: server.baseURL, options: offline)
        let completions = Locked<[APIError?]>([])
        menu.fetchCategories { result in
            MainActor.assertIsolated()
            completions.withLock { $0.append(result.failureError) }
        }
        XCTAssertEqual(completions.withLock { $0.count }, 0, "the completion must not run inside the call")
        TestMainQueue.drain()
        XCTAssertEqual(completions.withLock { $0 }, [.offline])
    }

    /// A call started on a background thread still completes on the main actor.
    func testACallFromABackgroundThreadCompletesOnTheMainActor() {
        let users = NetworkController(baseURL: apiURL(), options: APIClient.Options(retryPolicy: .never))
        let onMain = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            users.fetchUser(id: 2) { result in
                MainActor.assertIsolated()
                onMain.withLock { $0.append(TestMainQueue.isCurrent && result.successValue?.id == 2) }
                done.signal()
            }
        }
        XCTAssertEqual(TestMainQueue.wait(for: done, timeout: 10), .success)
        TestMainQueue.drain()
        XCTAssertEqual(onMain.withLock { $0 }, [true])
    }

    /// Cancelled calls complete in the order they were cancelled, each once, with `.cancelled`.
    func testCompletionsKeepTheOrderInWhichCallsFinished() {
        server.inject(.delay(5), path: "/categories", times: nil)
        let menu = MenuController(baseURL: server.baseURL, options: APIClient.Options(retryPolicy: .never))
        let order = Locked<[Int]>([])
        let handles = (0..<5).map { index in
            menu.fetchCategories { result in
                XCTAssertEqual(result.failureError, .cancelled)
                order.withLock { $0.append(index) }
            }
        }
        for index in [3, 0, 4, 1, 2] { handles[index].cancel() }
        TestMainQueue.drain()
        XCTAssertEqual(order.withLock { $0 }, [3, 0, 4, 1, 2])
        server.clearFaults()
    }

    /// The async twins deliver without the main queue: they finish while the main thread is blocked.
    func testTheAsyncTwinsDoNotNeedTheMainQueue() {
        let menu = MenuController(baseURL: server.baseURL, options: APIClient.Options(retryPolicy: .never))
        let categories = Locked<[[String]]>([])
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let fetched = (try? await menu.fetchCategories()) ?? []
            categories.withLock { $0.append(fetched) }
            done.signal()
        }
        // A plain semaphore wait blocks the main queue; the twin must finish anyway.
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(categories.withLock { $0 }.first?.count, 6)
    }
}
