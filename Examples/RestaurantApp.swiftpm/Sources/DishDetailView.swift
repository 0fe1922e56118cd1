import ServiceLayer
import SwiftUI

/// A dish: its picture, price and description, and the "Add to Order" button of Apple's sample.
@MainActor
struct DishDetailView: View {
    let item: MenuItem
    /// How many times this screen added the dish, for the button's feedback.
    @State private var timesAdded = 0

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                DishImage(url: item.imageURL, showsErrorMessage: true)
                    .frame(height: 240)
                    .clipShape(RoundedRectangle(cornerRadius: 12))
                HStack(alignment: .firstTextBaseline) {
                    Text(item.name)
                        .font(.title2.bold())
                    Spacer()
                    Text(item.formattedPrice)
                        .font(.title3)
                }
                Text(item.detailText)
                Button {
                    // Apple's sample, as it was written: a read and a write the controller makes atomic.
                    MenuController.shared.order.menuItems.append(item)
                    timesAdded += 1
                } label: {
                    Label(timesAdded == 0 ? "Add to Order" : "Added (\(timesAdded))", systemImage: "bag.badge.plus")
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
            }
            .padding()
        }
        .navigationTitle(item.name)
        .navigationBarTitleDisplayMode(.inline)
    }
}
