import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `observeOrder(_:)` and `orderUpdates()`: typed, main-actor observation of the order.
final class MenuOrderObservationTests: XCTestCase {
    private var controller: MenuController!

    override func setUp() {
        controller = makeController(baseURL: URL(string: "http://127.0.0.1:1/")!)
    }

    /// How many observers the controller has now.
    private var observerCount: Int {
        controller.orderState.observers(of: .max).count
    }

    func testTheHandlerGetsTheCurrentOrderThenEveryChangeOnTheMainActor() {
        controller.addToOrder(sampleItem(id: 1))
        TestMainQueue.drain()
        let seen = Locked<[[Int]]>([])
        let observation = controller.observeOrder { order in
            MainActor.assertIsolated("observers run on the main actor")
            seen.withLock { $0.append(order.menuIDs) }
        }
        controller.addToOrder(sampleItem(id: 2))
        controller.order.menuItems.removeFirst()
        controller.clearOrder()
        TestMainQueue.drain()
        XCTAssertEqual(seen.withLock { $0 }, [[1], [1, 2], [2], []])
        observation.cancel()
    }

    func testCancellingOrReleasingTheObservationStopsIt() {
        let seen = Locked<[[Int]]>([])
        var observation: OrderObservation? = controller.observeOrder { value in
            seen.withLock { $0.append(value.menuIDs) }
        }
        let cancelled = controller.observeOrder { value in seen.withLock { $0.append(value.menuIDs + [-1]) } }
        TestMainQueue.drain()
        XCTAssertEqual(seen.withLock { $0 }, [[], [-1]])
        XCTAssertEqual(observerCount, 2)

        cancelled.cancel()
        cancelled.cancel()  // does nothing
        controller.addToOrder(sampleItem(id: 3))
        TestMainQueue.drain()
        XCTAssertEqual(seen.withLock { $0 }, [[], [-1], [3]])

        XCTAssertNotNil(observation)
        observation = nil
        controller.addToOrder(sampleItem(id: 4))
        TestMainQueue.drain()
        XCTAssertEqual(seen.withLock { $0 }, [[], [-1], [3]], "a released observation hears nothing")
        XCTAssertEqual(observerCount, 0)
    }

    func testAnObservationCancelledBeforeItsFirstCallIsNeverCalled() {
        let seen = Locked<[Order]>([])
        let observation = controller.observeOrder { value in seen.withLock { $0.append(value) } }
        observation.cancel()  // the first call is still queued on the main queue
        controller.addToOrder(sampleItem(id: 1))
        TestMainQueue.drain()
        XCTAssertEqual(seen.withLock { $0.count }, 0)
    }

    /// Changes made before the observer registered, whose announcements are still queued, are not
    /// replayed after its first call: it never sees an order older than one it already saw.
    func testChangesBeforeRegisteringAreNotReplayed() {
        controller.addToOrder(sampleItem(id: 1))
        controller.addToOrder(sampleItem(id: 2))  // both announcements are queued, not yet run
        let seen = Locked<[[Int]]>([])
        let observation = controller.observeOrder { value in seen.withLock { $0.append(value.menuIDs) } }
        controller.addToOrder(sampleItem(id: 3))
        TestMainQueue.drain()
        XCTAssertEqual(seen.withLock { $0 }, [[1, 2], [1, 2, 3]])
        observation.cancel()
    }

    func testOrderUpdatesYieldsTheCurrentOrderThenEachChange() async {
        let controller = self.controller!
        controller.addToOrder(sampleItem(id: 1))
        var updates = controller.orderUpdates().makeAsyncIterator()
        let first = await updates.next()
        XCTAssertEqual(first?.menuIDs, [1])
        controller.addToOrder(sampleItem(id: 2))
        controller.order.menuItems.append(sampleItem(id: 3))
        let second = await updates.next()
        let third = await updates.next()
        XCTAssertEqual(second?.menuIDs, [1, 2])
        XCTAssertEqual(third?.menuIDs, [1, 2, 3])
    }

    func testCancellingTheIteratingTaskStopsObserving() async {
        let controller = self.controller!
        let started = expectation(description: "the first order arrived")
        let task = Task {
            var count = 0
            for await _ in controller.orderUpdates() {
                count += 1
                if count == 1 { started.fulfill() }
            }
            return count
        }
        await fulfillment(of: [started], timeout: 10)
        XCTAssertEqual(controller.orderState.observers(of: .max).count, 1)
        task.cancel()
        let count = await task.value
        XCTAssertGreaterThanOrEqual(count, 1)
        XCTAssertEqual(controller.orderState.observers(of: .max).count, 0, "the stream stopped observing")
    }
}
