import Foundation

// MARK: - The data files in server-fixtures/Data

/// One menu item of `menu.json`.
struct MenuItemRecord: Codable, Sendable {
    let id: Int
    let name: String
    let description: String
    let price: Double
    let category: String
    let estimatedPrepTime: Int

    enum CodingKeys: String, CodingKey {
        case id, name, description, price, category
        case estimatedPrepTime = "estimated_prep_time"
    }
}

/// `menu.json`: the categories and the six items.
struct MenuFile: Codable, Sendable {
    let categories: [String]
    let items: [MenuItemRecord]
}

/// One reqres user of `users.json`.
struct UserRecord: Codable, Sendable {
    let id: Int
    let email: String
    let firstName: String
    let lastName: String
    let avatar: String

    enum CodingKeys: String, CodingKey {
        case id, email, avatar
        case firstName = "first_name"
        case lastName = "last_name"
    }
}

/// reqres' `support` object.
struct SupportRecord: Codable, Sendable {
    let url: String
    let text: String
}

/// `users.json`: the twelve users, the support object and the login token.
struct UsersFile: Codable, Sendable {
    let users: [UserRecord]
    let support: SupportRecord
    let token: String
}

/// One product of `products.json`.
struct ProductRecord: Codable, Sendable {
    let id: String
    let created: String
    let name: String
    let owner: String
    let description: String
    let image: String
    let category: String
    let version: Int

    enum CodingKeys: String, CodingKey {
        case name, owner, description, image, category, created
        case id = "_id"
        case version = "__v"
    }
}

/// `products.json`.
struct ProductsFile: Codable, Sendable {
    let products: [ProductRecord]
}

/// Everything the routes serve, loaded once from the bundle's `Data` folder.
struct FixtureData: Sendable {
    let menu: MenuFile
    let users: UsersFile
    let products: [ProductRecord]
    /// PNG bytes by file name; only names matching `^[0-9]+\.png$` are loaded.
    let images: [String: Data]

    /// The data of the bundled `Data` folder, loaded on first use. A missing or broken file is a packaging
    /// bug, so it stops the process with a message naming the file.
    static let shared: FixtureData = {
        guard let folder = Bundle.module.url(forResource: "Data", withExtension: nil) else {
            fatalError("FixtureServer: the Data resource folder is missing from the bundle")
        }
        return load(from: folder)
    }()

    /// Loads the JSON files and the images from `folder`.
    static func load(from folder: URL) -> FixtureData {
        func decode<T: Decodable>(_ type: T.Type, _ name: String) -> T {
            let url = folder.appendingPathComponent(name)
            do {
                return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
            } catch {
                fatalError("FixtureServer: cannot load \(url.path): \(error)")
            }
        }
        var images: [String: Data] = [:]
        let imageFolder = folder.appendingPathComponent("Images")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: imageFolder.path)) ?? []
        for name in names where isImageName(name) {
            images[name] = try? Data(contentsOf: imageFolder.appendingPathComponent(name))
        }
        return FixtureData(
            menu: decode(MenuFile.self, "menu.json"), users: decode(UsersFile.self, "users.json"),
            products: decode(ProductsFile.self, "products.json").products, images: images)
    }

    /// Whether `name` is digits followed by `.png` (the only image names ever served).
    static func isImageName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.dropLast(4)
        return !stem.isEmpty && stem.count <= 9 && stem.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
