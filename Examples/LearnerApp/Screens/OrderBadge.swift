import Foundation
import ServiceLayer

/// The README's SwiftUI view: `.task` follows the order for as long as the view is on screen.
struct OrderBadge: View {
    let menuController: MenuController
    @State private var count = 0

    init(menuController: MenuController = .shared) {
        self.menuController = menuController
    }

    var body: Text {
        Text(count == 0 ? "No items" : "\(count) items")
            .task {
                for await order in menuController.orderUpdates() {
                    count = order.menuItems.count
                }
            }
    }
}
