import Combine
import ServiceLayer
import SwiftUI

/// The three tabs. The order tab's badge counts the dishes, as in Apple's sample: it follows
/// `MenuController.orderUpdatedNotification`.
@MainActor
struct ContentView: View {
    @EnvironmentObject private var restaurant: Restaurant
    /// The badge: the number of dishes in the order, from the last notification.
    @State private var orderCount = 0

    var body: some View {
        TabView {
            NavigationView { CategoriesView() }
                .navigationViewStyle(.stack)
                .tabItem { Label("Menu", systemImage: "list.bullet") }
            NavigationView { OrderView() }
                .navigationViewStyle(.stack)
                .tabItem { Label("Your Order", systemImage: "bag") }
                .badge(orderCount)
            NavigationView { ServerSettingsView() }
                .navigationViewStyle(.stack)
                .tabItem { Label("Server", systemImage: "server.rack") }
        }
        // Posted on the main queue after every change of the order, with the new order in its userInfo.
        .onReceive(NotificationCenter.default.publisher(for: MenuController.orderUpdatedNotification)) { note in
            if let order = MenuController.order(from: note) { orderCount = order.menuItems.count }
        }
        // Another server means another controller, with its own (empty) order.
        .onChange(of: restaurant.generation) { _ in
            orderCount = MenuController.shared.order.menuItems.count
        }
    }
}
