import Foundation
import ServiceLayer

do {
    let items = try await MenuController.shared.fetchMenuItems(forCategory: "entrees")
    for item in items {
        print("#\(item.id) \(item.name), \(item.formattedPrice)")
        print("  picture at", item.imageURL)

        let picture = try await MenuController.shared.fetchImage(url: item.imageURL)
        print("  picture: \(picture.count) bytes")

        // A PNG file starts with the bytes 0x89 "PNG": save it and open it with any image viewer.
        let file = URL(fileURLWithPath: "dish-\(item.id).png")
        try picture.write(to: file)
        print("  saved as \(file.lastPathComponent), a PNG: \(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]))")
    }
} catch {
    print("Could not load the menu:", error.localizedDescription)
}
