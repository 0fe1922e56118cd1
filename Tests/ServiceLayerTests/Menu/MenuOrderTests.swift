import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The current order: atomic changes, and exactly one notification per real change, in order.
final class MenuOrderTests: XCTestCase {
    private let center = NotificationCenter()
    private var controller: MenuController!
    private var observer: (any NSObjectProtocol)?
    private let notifications = Locked<[(order: Order?, sameController: Bool, onQueue: Bool)]>([])

    override func setUp() {
        let controller = makeController(
            baseURL: URL(string: "http://127.0.0.1:1/")!, notificationCenter: center)
        self.controller = controller
        let notifications = self.notifications
        observer = center.addObserver(forName: MenuController.orderUpdatedNotification, object: nil, queue: nil) {
            notification in
            notifications.withLock {
                $0.append(
                    (
                        MenuController.order(from: notification), notification.object as AnyObject? === controller,
                        TestMainQueue.isCurrent
                    ))
            }
        }
    }

    override func tearDown() {
        observer.map(center.removeObserver)
    }

    /// Waits until every notification scheduled so far has been posted.
    private func drainNotifications() {
        TestMainQueue.drain()
    }

    func testSettingTheOrderPostsOnceWithTheNewOrder() {
        let order = Order(menuItems: [sampleItem(id: 1), sampleItem(id: 2)])
        controller.order = order
        drainNotifications()
        XCTAssertEqual(controller.order, order)
        XCTAssertEqual(notifications.withLock { $0.count }, 1)
        let posted = notifications.withLock { $0 }.first
        XCTAssertEqual(posted?.order, order)
        XCTAssertEqual(posted?.sameController, true)
        XCTAssertEqual(posted?.onQueue, true)
    }

    func testSettingAnEqualOrderPostsNothing() {
        controller.order = Order()
        controller.clearOrder()
        controller.order = controller.order
        XCTAssertFalse(controller.removeFromOrder(sampleItem(id: 9)))
        XCTAssertNil(controller.removeFromOrder(at: 3))
        XCTAssertFalse(controller.updateOrder { _ in })
        drainNotifications()
        XCTAssertEqual(notifications.withLock { $0.count }, 0)
    }

    func testAtomicMutations() {
        controller.addToOrder(sampleItem(id: 1))
        controller.addToOrder(sampleItem(id: 2))
        controller.addToOrder(sampleItem(id: 1))
        XCTAssertTrue(controller.removeFromOrder(sampleItem(id: 1)))
        XCTAssertEqual(controller.order.menuIDs, [2, 1])
        XCTAssertEqual(controller.removeFromOrder(at: 1)?.id, 1)
        XCTAssertTrue(controller.updateOrder { $0.menuItems.insert(sampleItem(id: 3), at: 0) })
        XCTAssertEqual(controller.order.menuIDs, [3, 2])
        controller.clearOrder()
        XCTAssertEqual(controller.order, Order())
        drainNotifications()
        XCTAssertEqual(
            notifications.withLock { $0 }.map { $0.order?.menuIDs ?? [-1] },
            [[1], [1, 2], [1, 2, 1], [2, 1], [2], [3, 2], []])
    }

    /// 8 threads × 1,000 mutations, half of them no-ops: one notification per real change, the last one
    /// carrying the final order.
    func testConcurrentMutationsPostOneNotificationPerRealChange() {
        let controller = self.controller!
        let threads = 8
        let iterations = 1_000
        let realChanges = Locked(0)
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                let mine = sampleItem(id: 100 + thread)
                let absent = sampleItem(id: -1)
                var changed = 0
                for iteration in 0..<iterations {
                    switch iteration % 4 {
                    case 0:
                        controller.addToOrder(mine)
                        changed += 1
                    case 1:
                        if controller.updateOrder({ _ in }) { changed += 1 }
                    case 2:
                        if controller.removeFromOrder(absent) { changed += 1 }
                    default:
                        if iteration % 8 == 3 {
                            if controller.removeFromOrder(mine) { changed += 1 }
                        } else {
                            if controller.updateOrder({ $0.menuItems = $0.menuItems }) { changed += 1 }
                        }
                    }
                }
                realChanges.withLock { $0 += changed }
                group.leave()
            }.start()
        }
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 120), .success)
        drainNotifications()

        let expectedChanges = threads * (iterations / 4 + iterations / 8)  // 250 adds + 125 removals each
        XCTAssertEqual(realChanges.withLock { $0 }, expectedChanges)
        XCTAssertEqual(notifications.withLock { $0.count }, expectedChanges)
        let final = controller.order
        XCTAssertEqual(final.menuItems.count, threads * (iterations / 4 - iterations / 8))
        for thread in 0..<threads {
            XCTAssertEqual(final.menuItems.filter { $0.id == 100 + thread }.count, iterations / 8)
        }
        XCTAssertEqual(
            notifications.withLock { $0 }.last?.order, final, "the last notification carries the newest order")
        XCTAssertTrue(notifications.withLock { $0 }.allSatisfy { $0.onQueue && $0.sameController })
    }

    func testNotificationsArriveOnTheMainQueueAfterTheChange() {
        // The test runs on the main queue, so a notification cannot be posted before it lets go.
        controller.addToOrder(sampleItem(id: 1))
        XCTAssertEqual(notifications.withLock { $0.count }, 0, "posted asynchronously")
        drainNotifications()
        XCTAssertEqual(notifications.withLock { $0 }.map(\.onQueue), [true])
    }
}
