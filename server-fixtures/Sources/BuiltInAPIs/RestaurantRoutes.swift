import Foundation

// MARK: - Apple's OpenRestaurant API, at the root

/// `GET /categories`, `GET /menu`, `GET /images/<id>.png`, `POST /order`.
enum RestaurantRoutes {
    /// A menu item as the wire shows it: no `estimated_prep_time`, plus `image_url`.
    private struct WireItem: Encodable {
        let id: Int
        let name: String
        let description: String
        let price: Double
        let category: String
        let imageURL: String

        enum CodingKeys: String, CodingKey {
            case id, name, description, price, category
            case imageURL = "image_url"
        }
    }

    private struct OrderBody: Decodable {
        let menuIds: [Int]
    }

    /// The bodies of `GET /menu` already written, by authority and category: the menu never changes, so each
    /// is encoded once. At most ``limit`` (the authority is the client's `Host`); when full it starts over.
    private final class MenuBodies: Sendable {
        static let limit = 32
        private let bodies = Locked<[String: Data]>([:])

        /// The body for `key`, made by `make` the first time.
        func body(_ key: String, _ make: () -> Data) -> Data {
            if let body = bodies.withLock({ $0[key] }) { return body }
            let body = make()
            bodies.withLock { bodies in
                if bodies.count >= Self.limit { bodies.removeAll() }
                bodies[key] = body
            }
            return body
        }
    }

    /// The four restaurant routes over `data`; `orders` keeps each order's id (see `OrderStatusRoutes.swift`).
    static func routes(_ data: FixtureData, orders: OrderBook = OrderBook()) -> [Route] {
        let menuBodies = MenuBodies()
        return [
            Route("/categories", [("GET", { _ in .json(200, ["categories": data.menu.categories]) })]),
            Route("/menu", [("GET", { menu($0, data, menuBodies) })]),
            Route("/images/:name", [("GET", { image($0, data) })]),
            Route("/order", [("POST", { order($0, data, orders) })]),
        ]
    }

    private static func menu(_ context: RouteContext, _ data: FixtureData, _ bodies: MenuBodies) -> HTTPResponse {
        let category = context.request.query["category"]
        // The key separates the authority from the category with a byte neither can hold.
        let body = bodies.body(context.authority + "\n" + (category.map { "=" + $0 } ?? "")) {
            let items = data.menu.items.filter { category == nil || $0.category == category }.map {
                WireItem(
                    id: $0.id, name: $0.name, description: $0.description, price: $0.price, category: $0.category,
                    imageURL: "http://\(context.authority)/images/\($0.id).png")
            }
            return JSON.encode(["items": items])
        }
        return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: body)
    }

    private static func image(_ context: RouteContext, _ data: FixtureData) -> HTTPResponse {
        let name = context.parameters["name"] ?? ""
        guard FixtureData.isImageName(name), let bytes = data.images[name] else { return .error(404, "Not found") }
        return HTTPResponse(status: 200, contentType: "image/png", body: bytes)
    }

    private static func order(_ context: RouteContext, _ data: FixtureData, _ orders: OrderBook) -> HTTPResponse {
        guard let body = try? JSONDecoder().decode(OrderBody.self, from: context.request.body) else {
            return .error(400, "Body must be a JSON object with \"menuIds\": an array of integers")
        }
        let ids = Set(body.menuIds)
        let minutes = data.menu.items.filter { ids.contains($0.id) }.map(\.estimatedPrepTime).max() ?? 0
        // The id is new beside Apple's key: its app ignores keys it does not know; `GET /order/{id}/status` follows it.
        return .json(200, ["id": orders.add(minutes: minutes), "preparation_time": minutes])
    }
}
