import ServiceLayer
import SwiftUI

/// The order: its dishes (swipe one to remove it), its total, and "Submit", which places the order and
/// shows its confirmation: the kitchen's countdown (``OrderConfirmationView``).
@MainActor
struct OrderView: View {
    @EnvironmentObject private var restaurant: Restaurant
    @State private var isConfirming = false
    @State private var isSubmitting = false
    /// The order just placed, shown in its confirmation until that is dismissed.
    @State private var placedOrder: PlacedOrder?
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
        .sheet(isPresented: isShowingConfirmation) {
            if let placedOrder {
                OrderConfirmationView(order: placedOrder)
            }
        }
    }

    /// Whether the confirmation is showing; dismissing it forgets the order.
    private var isShowingConfirmation: Binding<Bool> {
        Binding(get: { placedOrder != nil }, set: { if !$0 { placedOrder = nil } })
    }

    /// `POST /order` with the dishes' ids; on success the order starts again empty, as in Apple's sample.
    /// `placeOrder` reads the order's id when the server gives one (the fixture server does; Apple's
    /// original server answers only the minutes, and the confirmation then shows them, as before).
    private func submit() async {
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            placedOrder = try await MenuController.shared.placeOrder(forMenuIDs: restaurant.order.menuIDs)
            MenuController.shared.order.menuItems.removeAll()
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
