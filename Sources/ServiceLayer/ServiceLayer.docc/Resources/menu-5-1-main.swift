import Foundation
import ServiceLayer

// The fixture server answers each order with an id, and streams the kitchen's countdown of that order
// at GET order/<id>/status: one event per minute left, then "ready". speed: 600 makes each minute last
// a tenth of a second.
do {
    let order = try await MenuController.shared.placeOrder(forMenuIDs: [5, 6])
    print("Order sent: ready in \(order.minutesToPrepare) minutes")

    if let id = order.id {
        for try await status in MenuController.shared.orderStatuses(id: id, speed: 600) {
            print(status.isReady ? "Order \(id) is ready!" : "Order \(id): \(status.minutesLeft) min left")
        }
    } else {
        print("This server has no countdown: come back in \(order.minutesToPrepare) minutes")
    }
} catch {
    print("Could not follow the order:", error.localizedDescription)
}
