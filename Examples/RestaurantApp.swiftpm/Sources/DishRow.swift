import ServiceLayer
import SwiftUI

/// One dish in a list: its picture, its name and its price.
@MainActor
struct DishRow: View {
    let item: MenuItem

    var body: some View {
        HStack(spacing: 12) {
            DishImage(url: item.imageURL)
                .frame(width: 72, height: 48)
                .clipShape(RoundedRectangle(cornerRadius: 6))
            Text(item.name)
            Spacer()
            Text(item.formattedPrice)
                .foregroundColor(.secondary)
        }
    }
}
