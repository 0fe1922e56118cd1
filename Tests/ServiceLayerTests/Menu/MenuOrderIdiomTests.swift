import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Apple's own idiom, `controller.order.menuItems.append(item)`: a read and a write that the
/// controller makes one atomic step, with one notification per change kept.
final class MenuOrderIdiomTests: XCTestCase {
    private let center = NotificationCenter()
    private var controller: MenuController!
    private var observer: (any NSObjectProtocol)?
    private let notifications = Locked<[Order]>([])

    override func setUp() {
        let controller = makeController(baseURL: URL(string: "http://127.0.0.1:1/")!, notificationCenter: center)
        self.controller = controller
        let notifications = self.notifications
        observer = center.addObserver(forName: MenuController.orderUpdatedNotification, object: controller, queue: nil)
        { notification in
            XCTAssertTrue(TestMainQueue.isCurrent, "notifications are posted on the main queue")
            notifications.withLock { $0.append(MenuController.order(from: notification) ?? Order()) }
        }
    }

    override func tearDown() {
        observer.map(center.removeObserver)
    }

    /// 8 threads × 250 `order.menuItems.append`: 2,000 items, 2,000 notifications, each thread's
    /// items in the order it appended them, and the last notification carrying the final order.
    func testEightThreadsAppendingTheAppleWayLoseNothing() {
        let controller = self.controller!
        let threads = 8
        let appends = 250
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                for index in 0..<appends {
                    controller.order.menuItems.append(sampleItem(id: thread * 1_000 + index))
                }
                group.leave()
            }.start()
        }
        XCTAssertEqual(TestMainQueue.wait(for: group, timeout: 120), .success)
        TestMainQueue.drain()

        let final = controller.order
        XCTAssertEqual(final.menuItems.count, threads * appends, "no append is lost")
        XCTAssertEqual(Set(final.menuIDs).count, threads * appends)
        for thread in 0..<threads {
            let mine = final.menuIDs.filter { $0 / 1_000 == thread }
            XCTAssertEqual(mine, (0..<appends).map { thread * 1_000 + $0 }, "thread \(thread)'s items keep their order")
        }
        XCTAssertEqual(notifications.withLock { $0.count }, threads * appends, "one notification per append")
        XCTAssertEqual(notifications.withLock { $0 }.map(\.menuItems.count), Array(1...threads * appends))
        XCTAssertEqual(notifications.withLock { $0 }.last, final, "the last notification carries the newest order")
    }

    /// An in-place change through the property behaves as Apple's sample expects: it is kept, posted
    /// once, and a change that leaves the order as it was posts nothing.
    func testInPlaceChangesThroughTheProperty() {
        controller.order.menuItems.append(sampleItem(id: 1))
        controller.order.menuItems.append(sampleItem(id: 2))
        controller.order.menuItems.removeAll { $0.id == 99 }  // changes nothing
        controller.order.menuItems.sort { $0.id > $1.id }
        controller.order.menuItems.remove(at: 0)
        TestMainQueue.drain()
        XCTAssertEqual(controller.order.menuIDs, [1])
        XCTAssertEqual(notifications.withLock { $0 }.map(\.menuIDs), [[1], [1, 2], [2, 1], [1]])
    }

    /// The argument of an in-place change may read the order: it is evaluated before the change
    /// takes the lock, so this does not wait for itself.
    func testAnAppendMayReadTheOrderInItsArgument() {
        controller.addToOrder(sampleItem(id: 7))
        controller.order.menuItems.append(controller.order.menuItems[0])
        XCTAssertEqual(controller.order.menuIDs, [7, 7])
    }

    /// Two controllers' orders are independent: a change of one announces nothing for the other.
    func testAChangeIsAnnouncedOnlyForItsController() {
        let other = makeController(baseURL: URL(string: "http://127.0.0.1:1/")!, notificationCenter: center)
        other.order.menuItems.append(sampleItem(id: 5))
        TestMainQueue.drain()
        XCTAssertEqual(notifications.withLock { $0.count }, 0)
        XCTAssertEqual(controller.order, Order())
    }
}
