import Foundation

// MARK: - The Restaurant server's wire format

/// The four Restaurant endpoints and the JSON shapes they answer with, in one place.
///
/// The endpoints unwrap these envelopes (`Endpoint.map(_:)`), so the controller's callers see
/// `[String]`, `[MenuItem]`, `Data` and `Int` rather than the server's wrappers.
enum MenuAPI {
    /// `{"categories": [...]}`
    struct Categories: Decodable, Sendable {
        let categories: [String]
    }

    /// `{"items": [...]}`
    struct MenuItems: Decodable, Sendable {
        let items: [MenuItem]
    }

    /// `{"menuIds": [...]}`
    struct OrderRequest: Encodable, Sendable {
        let menuIDs: [Int]

        enum CodingKeys: String, CodingKey {
            case menuIDs = "menuIds"
        }
    }

    /// `{"preparation_time": Int}`
    struct PreparationTime: Decodable, Sendable {
        let minutes: Int

        enum CodingKeys: String, CodingKey {
            case minutes = "preparation_time"
        }
    }

    /// `GET categories`, unwrapped to the names.
    static let categories = Endpoint<Categories>("categories").map(\.categories)

    /// `GET menu`, unwrapped to the dishes: made once, like ``categories``; each call adds its category.
    static let menu = Endpoint<MenuItems>("menu").map(\.items)

    /// `GET menu?category=<category>`, unwrapped to the dishes; the core percent-encodes the value
    /// (`&`, `+`, `#`, spaces...).
    static func menuItems(forCategory category: String) -> Endpoint<[MenuItem]> {
        menu.query([URLQueryItem(name: "category", value: category)])
    }

    /// `POST order` with `{"menuIds": [...]}`, unwrapped to the minutes. Never retried: a `POST` is not
    /// idempotent.
    static func submitOrder(forMenuIDs menuIDs: [Int]) -> Endpoint<Int> {
        Endpoint<PreparationTime>(method: .post, "order").body(OrderRequest(menuIDs: menuIDs)).map(\.minutes)
    }

    /// `POST order` with `{"menuIds": [...]}`, read with its id (`{"id": Int, "preparation_time": Int}`).
    /// Never retried, as ``submitOrder(forMenuIDs:)``.
    static func placeOrder(forMenuIDs menuIDs: [Int]) -> Endpoint<PlacedOrder> {
        Endpoint<PlacedOrder>(method: .post, "order").body(OrderRequest(menuIDs: menuIDs))
    }

    /// `GET order/<id>/status[?speed=N]`: the kitchen's countdown, as server-sent events.
    static func orderStatus(id: Int, speed: Int?) -> Endpoint<Void> {
        Endpoint<Void>(
            "order/\(id)/status", query: speed.map { [URLQueryItem(name: "speed", value: String($0))] } ?? [])
    }

    /// `GET <url>` for an image: raw bytes, never with the client's token, and always coalesced so
    /// that concurrent requests for one picture share one download. Pictures have their own caches
    /// (``ImageCache``, ``DiskImageCache``), so they skip the client's ``ResponseCache``. An empty 200
    /// is reported as ``APIError/decoding(_:)``.
    static func image(at url: URL) -> Endpoint<Data> {
        Endpoint<Data>(.url(url)).headers(["Accept": "image/*"]).coalescing(true).uncached().map {
            data throws(APIError) in
            guard data.isEmpty else { return data }
            throw .emptyBody(from: url)
        }
    }
}
