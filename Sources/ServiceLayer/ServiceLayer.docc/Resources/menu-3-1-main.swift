import Foundation
import ServiceLayer

do {
    let items = try await MenuController.shared.fetchMenuItems(forCategory: "entrees")
    for item in items {
        print("#\(item.id) \(item.name), \(item.formattedPrice)")
        print("  picture at", item.imageURL)

        let picture = try await MenuController.shared.fetchImage(url: item.imageURL)
        print("  picture: \(picture.count) bytes")
    }
} catch {
    print("Could not load the menu:", error.localizedDescription)
}
