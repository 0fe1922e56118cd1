import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `MenuController` follows an order's countdown from the fixture server, in the library's two styles.
final class MenuOrderStatusTests: MenuTestCase {
    func testTheCountdownWithCallbacks() throws {
        let statuses = Locked<[OrderStatus]>([])
        let placed = expectation(description: "placed")
        let done = expectation(description: "ready")
        let controller = controller!
        controller.placeOrder(forMenuIDs: [5, 6]) { result in
            placed.fulfill()
            guard case .success(let order) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(order.minutesToPrepare, 5)
            guard let id = order.id else { return XCTFail("the fixture server answers an id") }
            controller.followOrder(
                id: id, speed: 60000, onStatus: { status in statuses.withLock { $0.append(status) } },
                completion: { result in
                    if case .failure(let error) = result { XCTFail("\(error)") }
                    done.fulfill()
                })
        }
        wait(for: [placed, done], timeout: 30)
        XCTAssertEqual(statuses.withLock { $0.map(\.minutesLeft) }, [5, 4, 3, 2, 1, 0])
        XCTAssertEqual(statuses.withLock { $0.map(\.isReady) }, [false, false, false, false, false, true])
    }

    func testTheCountdownAsync() async throws {
        let order = try await controller.placeOrder(forMenuIDs: [4])
        XCTAssertEqual(order.minutesToPrepare, 12)
        let id = try XCTUnwrap(order.id)
        var minutes: [Int] = []
        for try await status in controller.orderStatuses(id: id, speed: 60000) {
            minutes.append(status.minutesLeft)
        }
        XCTAssertEqual(minutes, Array((0...12).reversed()))
        XCTAssertEqual(requests(to: "/order/\(id)/status").count, 1)
    }

    /// Apple's original server answers only `{"preparation_time": …}`: the order is placed, without an id.
    func testAnOrderFromApplesOriginalServerHasNoID() async throws {
        let stub = URLStub()
        stub.on(.post("/order"), .json(#"{"preparation_time":20}"#))
        let controller = MenuController(baseURL: stub.url(""), session: stub.makeSession())
        let order = try await controller.placeOrder(forMenuIDs: [1])
        XCTAssertEqual(order, PlacedOrder(id: nil, minutesToPrepare: 20))
    }

    func testAnUnknownOrderFailsWithTheServersWords() async throws {
        do {
            for try await _ in controller.orderStatuses(id: 99, speed: 60000) {}
            XCTFail("no order 99")
        } catch let error as APIError {
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertTrue(error.serverMessage?.contains("POST /order") ?? false, "\(error)")
        }
    }
}
