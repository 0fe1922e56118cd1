import Foundation
import ServiceLayer

// Every change of the order posts this notification, once, on the main queue (queue: nil runs the
// closure right there, as the notification is posted).
let observer = NotificationCenter.default.addObserver(
    forName: MenuController.orderUpdatedNotification, object: nil, queue: nil
) { _ in
    print("Order updated: \(MenuController.shared.order.menuItems.count) item(s)")
}

do {
    let items = try await MenuController.shared.fetchMenuItems(forCategory: "soups")
    for item in items {
        print("Adding \(item.name), \(item.formattedPrice)")
        MenuController.shared.order.menuItems.append(item)
    }
    try await Task.sleep(nanoseconds: 100_000_000)  // lets the main queue deliver the notifications
} catch {
    print("Could not load the menu:", error.localizedDescription)
}
NotificationCenter.default.removeObserver(observer)
