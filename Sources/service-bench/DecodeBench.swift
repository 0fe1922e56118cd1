#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Measurement 2: decoding a large menu through the layer's own path, `Endpoint.parse(_:response:decoder:)`,
/// against a bare `decode` on the same reused `JSONDecoder`, in memory (no network).
enum DecodeBench {
    /// Medians over interleaved rounds, in milliseconds per decode.
    struct Figures {
        /// Items in the decoded menu.
        var items: Int
        /// Bytes of the decoded JSON.
        var bytes: Int
        /// ms per decode through `Endpoint<MenuEnvelope>.parse`.
        var layerMillis: Double
        /// ms per `decoder.decode(MenuEnvelope.self, from:)` on the same reused decoder.
        var bareMillis: Double
        /// `layerMillis / bareMillis`.
        var ratio: Double { layerMillis / bareMillis }
    }

    /// `{"items": [...]}` with `count` items shaped like the server's (`description`, `image_url`).
    static func makeMenuJSON(items count: Int) -> Data {
        let categories = ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"]
        let items = (0..<count).map { index in
            MenuItem(
                id: index + 1, name: "Dish number \(index + 1)",
                detailText: "Seasoned meatballs on top of freshly-made spaghetti. Served with a robust tomato sauce.",
                price: Double(500 + index % 2_000) / 100, category: categories[index % categories.count],
                imageURL: URL(string: "http://127.0.0.1:8090/images/\(index % 6 + 1).png")!)
        }
        return try! JSONEncoder().encode(MenuEnvelope(items: items))
    }

    /// Decodes the generated menu `settings.decodesPerRound` times per side per round, interleaved.
    static func run(settings: BenchSettings) throws(BenchFailure) -> Figures {
        let body = makeMenuJSON(items: settings.decodeItems)
        let expected = settings.decodeItems
        let endpoint = Endpoint<MenuEnvelope>("menu")
        let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1/menu")!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        // One decoder for both sides: the layer reuses its client's (`Options.decoder`), and so does an app.
        let decoder = JSONDecoder()

        func layerDecode() throws(BenchFailure) {
            switch endpoint.parse(body, response: response, decoder: decoder) {
            case .success(let menu) where menu.items.count == expected: break
            case .success(let menu): throw BenchFailure("decode (layer): \(menu.items.count) items")
            case .failure(let error): throw BenchFailure("decode (layer): \(error)")
            }
        }
        func bareDecode() throws(BenchFailure) {
            do {
                let menu = try decoder.decode(MenuEnvelope.self, from: body)
                guard menu.items.count == expected else {
                    throw BenchFailure("decode (bare): \(menu.items.count) items")
                }
            } catch let failure as BenchFailure {
                throw failure
            } catch {
                throw BenchFailure("decode (bare): \(error)")
            }
        }

        try layerDecode()
        try bareDecode()
        let perRound = settings.decodesPerRound
        let medians = try interleavedMedians(
            rounds: settings.rounds,
            layer: { () throws(BenchFailure) in
                try Stopwatch.seconds { () throws(BenchFailure) in for _ in 0..<perRound { try layerDecode() } }
                    / Double(perRound) * 1e3
            },
            bare: { () throws(BenchFailure) in
                try Stopwatch.seconds { () throws(BenchFailure) in for _ in 0..<perRound { try bareDecode() } }
                    / Double(perRound) * 1e3
            })
        return Figures(items: expected, bytes: body.count, layerMillis: medians.layer, bareMillis: medians.bare)
    }
}
#endif
