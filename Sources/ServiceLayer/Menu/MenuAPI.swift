import Foundation

// MARK: - The Restaurant server's wire format

/// The four Restaurant endpoints and the JSON shapes they answer with, in one place.
///
/// The controller unwraps these envelopes, so its callers see `[String]`, `[MenuItem]`, `Data` and
/// `Int` rather than the server's wrappers.
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

    /// `GET categories`
    static let categories = Endpoint<Categories>(path: "categories")

    /// `GET menu?category=<category>`; the core percent-encodes the value (`&`, `+`, `#`, spaces...).
    static func menuItems(forCategory category: String) -> Endpoint<MenuItems> {
        Endpoint(path: "menu", query: [URLQueryItem(name: "category", value: category)])
    }

    /// `POST order` with `{"menuIds": [...]}`. Never retried: a `POST` is not idempotent.
    static func submitOrder(forMenuIDs menuIDs: [Int]) -> Endpoint<PreparationTime> {
        Endpoint(method: .post, path: "order", body: OrderRequest(menuIDs: menuIDs))
    }

    /// `GET <url>` for an image: raw bytes, never with the client's token, and always coalesced so
    /// that concurrent requests for one picture share one download. Pictures have their own caches
    /// (``ImageCache``, ``DiskImageCache``), so they skip the client's ``ResponseCache``.
    static func image(at url: URL) -> Endpoint<Data> {
        Endpoint(url: url, headers: ["Accept": "image/*"]).coalescing(true).uncached()
    }

    /// An image body must not be empty: a 200 with no bytes is reported as ``APIError/decoding(description:body:)``.
    static func checkImage(_ data: Data, from url: URL) -> Result<Data, APIError> {
        guard data.isEmpty else { return .success(data) }
        return .failure(
            .decoding(description: "the image at \(url.absoluteString) was empty (a 2xx with no bytes)", body: data))
    }
}
