import SwiftUI

/// Apple's Restaurant app in SwiftUI: the menu, the order, and the server it talks to, one tab each.
@main
@MainActor
struct RestaurantApp: App {
    /// The server setting and the order, shared by every screen.
    @StateObject private var restaurant = Restaurant()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(restaurant)
        }
    }
}
