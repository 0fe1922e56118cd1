import Foundation
import ServiceLayer

/// Measurement 1: the cost of one request through `MenuController.fetchMenuItems(forCategory:)`
/// against the same request through a bare `URLSession` + `JSONDecoder`, sequentially.
enum OverheadBench {
    /// Medians over interleaved rounds, in microseconds per request.
    struct Figures {
        /// µs per `fetchMenuItems` through the layer.
        var layerMicros: Double
        /// µs per bare data task + decode.
        var bareMicros: Double
        /// `layerMicros / bareMicros`.
        var ratio: Double { layerMicros / bareMicros }
    }

    /// Warms both sides up (connections open, code paths paged in), then runs `settings.rounds`
    /// interleaved rounds of `settings.sequentialRequests` requests each.
    static func run(baseURL: URL, settings: BenchSettings) throws(BenchFailure) -> Figures {
        let layer = LayerClient(baseURL: baseURL)
        let bare = BareClient(baseURL: baseURL)
        let warmUp = max(20, settings.sequentialRequests / 4)
        _ = try timeSequential(warmUp, "overhead warm-up (layer)", fetch: layer.fetchMenu)
        _ = try timeSequential(warmUp, "overhead warm-up (bare)", fetch: bare.fetchMenu)
        let count = settings.sequentialRequests
        let medians = try interleavedMedians(
            rounds: settings.rounds,
            layer: { () throws(BenchFailure) in
                try timeSequential(count, "overhead (layer)", fetch: layer.fetchMenu) / Double(count) * 1e6
            },
            bare: { () throws(BenchFailure) in
                try timeSequential(count, "overhead (bare)", fetch: bare.fetchMenu) / Double(count) * 1e6
            })
        return Figures(layerMicros: medians.layer, bareMicros: medians.bare)
    }
}
