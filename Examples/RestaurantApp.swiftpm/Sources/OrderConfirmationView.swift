import ServiceLayer
import SwiftUI

/// The order just placed: the kitchen's countdown as it happens, from `MenuController.orderStatuses(id:)`
/// (the minutes left, then ready), followed only while this screen is on show: `.task` cancels its loop
/// when the screen goes away, which closes the connection.
///
/// A server without a countdown gets the confirmation Apple's app shows: "approximately N minutes".
/// Apple's original Restaurant server answers an order without an `id` (nothing to follow) and has no
/// status route; a countdown that fails or is cut is no error worth a popup either: the estimate stays.
@MainActor
struct OrderConfirmationView: View {
    /// The order, as the server answered it.
    let order: PlacedOrder
    @Environment(\.dismiss) private var dismiss
    /// The kitchen's latest word; `nil` before the first one, and whenever the estimate is what to show.
    @State private var status: OrderStatus?

    var body: some View {
        NavigationView {
            VStack(spacing: 20) {
                Image(systemName: status?.isReady == true ? "checkmark.circle.fill" : "clock")
                    .font(.system(size: 56))
                    .foregroundColor(.accentColor)
                Text("Thank you for your order!")
                    .font(.title2.bold())
                Text(message)
                    .font(.headline)
                    .multilineTextAlignment(.center)
            }
            .padding()
            .navigationTitle("Order Confirmation")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Dismiss") { dismiss() }
                }
            }
        }
        .task { await followTheKitchen() }
    }

    /// The live status when there is one, else the server's estimate (Apple's wording).
    private var message: String {
        guard let status else {
            return "Your wait time is approximately \(order.minutesToPrepare) minutes."
        }
        if status.isReady { return "Your order is ready!" }
        return status.minutesLeft == 1 ? "About 1 minute left." : "About \(status.minutesLeft) minutes left."
    }

    /// Follows the countdown until the order is ready, the screen goes away, or the server has none.
    private func followTheKitchen() async {
        guard let id = order.id else { return }  // Apple's original server: no countdown to follow
        do {
            for try await status in MenuController.shared.orderStatuses(id: id) {
                self.status = status
            }
        } catch {
            // No status route (a 404 from Apple's server or an older fixture server), or the stream broke
            // for good: the estimate is still right, so it goes back on screen.
            if !Task.isCancelled { status = nil }
        }
    }
}
