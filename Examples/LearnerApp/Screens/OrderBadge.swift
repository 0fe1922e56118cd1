import Foundation
import ServiceLayer

#if os(iOS)
import SwiftUI  // on Linux and macOS, SwiftUIStandIns.swift stands in
#endif

// The README's SwiftUI view: `.task` follows the order for as long as the view is on screen.
struct OrderBadge: View {
    @State private var count = 0

    var body: some View {
        Text(count == 0 ? "No items" : "\(count) items")
            .task {
                for await order in MenuController.shared.orderUpdates() {
                    count = order.menuItems.count
                }
            }
    }
}
