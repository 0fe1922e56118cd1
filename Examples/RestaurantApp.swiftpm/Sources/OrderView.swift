import ServiceLayer
import SwiftUI

/// The order: its dishes (swipe one to remove it), its total, and "Submit", which answers with the
/// minutes the kitchen needs.
@MainActor
struct OrderView: View {
    @EnvironmentObject private var restaurant: Restaurant
    @State private var isConfirming = false
    @State private var isSubmitting = false
    /// The server's estimate for the order just submitted, shown in an alert.
    @State private var minutesToPrepare: Int?
    /// Why the order could not be submitted, until the next submission.
    @State private var errorMessage: String?

    var body: some View {
        List {
            if let errorMessage {
                ErrorMessage(errorMessage)
            }
            Section {
                // The same dish may be ordered twice: rows are identified by their place in the order.
                ForEach(Array(restaurant.order.menuItems.enumerated()), id: \.offset) { _, item in
                    DishRow(item: item)
                }
                .onDelete { offsets in
                    for index in offsets.sorted(by: >) {
                        MenuController.shared.removeFromOrder(at: index)
                    }
                }
            } footer: {
                Text(
                    restaurant.order.menuItems.isEmpty
                        ? "Add dishes from the menu." : "Total: \(restaurant.order.formattedTotal)")
            }
        }
        .navigationTitle("Your Order")
        .toolbar {
            ToolbarItem(placement: .navigationBarLeading) {
                EditButton()
            }
            ToolbarItem(placement: .navigationBarTrailing) {
                if isSubmitting {
                    ProgressView()
                } else {
                    Button("Submit") { isConfirming = true }
                        .disabled(restaurant.order.menuItems.isEmpty)
                }
            }
        }
        .alert("Submit Order", isPresented: $isConfirming) {
            Button("Submit") { Task { await submit() } }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("You are about to submit your order with a total of \(restaurant.order.formattedTotal).")
        }
        .alert("Order Submitted", isPresented: isShowingMinutes, presenting: minutesToPrepare) { _ in
            Button("Dismiss") {}
        } message: { minutes in
            Text("Thank you for your order! Your wait time is approximately \(minutes) minutes.")
        }
    }

    /// Whether the alert with the preparation time is showing; dismissing it forgets the time.
    private var isShowingMinutes: Binding<Bool> {
        Binding(get: { minutesToPrepare != nil }, set: { if !$0 { minutesToPrepare = nil } })
    }

    /// `POST /order` with the dishes' ids; on success the order starts again empty, as in Apple's sample.
    private func submit() async {
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            minutesToPrepare = try await MenuController.shared.submitOrder(forMenuIDs: restaurant.order.menuIDs)
            MenuController.shared.order.menuItems.removeAll()
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
