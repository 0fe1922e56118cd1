import ServiceLayer

@main
struct ShowEntrees {
    static func main() async {
        do {
            let items = try await MenuController.shared.fetchMenuItems(forCategory: "entrees")
            for item in items { print(item.name, item.formattedPrice) }
        } catch {
            print(error.localizedDescription)  // error is an APIError
        }
    }
}
