#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import FixtureServer
import Foundation
import ServiceLayer

/// Measurement 4: coalescing of concurrent `fetchImage` calls for one URL, and the cost of a cache hit
/// against a network fetch.
enum ImageBench {
    /// What was measured.
    struct Figures {
        /// Concurrent `fetchImage` calls for one URL.
        var callers: Int
        /// Requests the server received for them (the target is 1).
        var serverHits: Int
        /// µs per `fetchImage` answered from the cache (completion on a private queue).
        var cacheHitMicros: Double
        /// µs per `fetchImage` through the layer with its cache off (a network fetch).
        var layerNetworkMicros: Double
        /// µs per bare data task for the same image.
        var bareNetworkMicros: Double
    }

    /// The image path used, on the fixture server.
    static let imagePath = "/images/1.png"

    /// Fires `settings.coalescedCallers` concurrent `fetchImage` calls (with no delay on the server),
    /// counts the server's hits, then times cache hits against network fetches.
    static func run(server: FixtureServer, settings: BenchSettings) throws(BenchFailure) -> Figures {
        let baseURL = server.baseURL
        let url = URL(string: String(imagePath.dropFirst()), relativeTo: baseURL)!.absoluteURL
        let layer = LayerClient(baseURL: baseURL)
        let (serverHits, bytes) = try coalesce(settings.coalescedCallers, through: layer, url: url, server: server)

        // Cache hits against network fetches (the layer with its cache off, and bare).
        let uncached = LayerClient(baseURL: baseURL, imageCacheLimit: 0)
        let bare = BareClient(baseURL: baseURL)
        let fetches = settings.imageFetchesPerRound
        let hits = settings.cacheHitsPerRound
        _ = try timeImages(20, "image warm-up (layer)", url: url, bytes: bytes, fetch: uncached.fetchImage)
        _ = try timeImages(20, "image warm-up (bare)", url: url, bytes: bytes, fetch: bare.fetchImage)
        var hitValues: [Double] = []
        var layerValues: [Double] = []
        var bareValues: [Double] = []
        for _ in 0..<settings.rounds {
            let before = server.requestCount(path: imagePath)
            hitValues.append(
                try timeImages(hits, "cache hit", url: url, bytes: bytes, fetch: layer.fetchImage) / Double(hits) * 1e6)
            guard server.requestCount(path: imagePath) == before else {
                throw BenchFailure("cache hit: the cached image was fetched from the server again")
            }
            layerValues.append(
                try timeImages(fetches, "image fetch (layer)", url: url, bytes: bytes, fetch: uncached.fetchImage)
                    / Double(fetches) * 1e6)
            bareValues.append(
                try timeImages(fetches, "image fetch (bare)", url: url, bytes: bytes, fetch: bare.fetchImage)
                    / Double(fetches) * 1e6)
        }
        return Figures(
            callers: settings.coalescedCallers, serverHits: serverHits, cacheHitMicros: median(hitValues),
            layerNetworkMicros: median(layerValues), bareNetworkMicros: median(bareValues))
    }

    /// `--coalescing-only`: `settings.rounds` rounds of the coalescing check, each on a new controller
    /// (an empty cache); the server's hits per round.
    static func coalescingRounds(server: FixtureServer, settings: BenchSettings) throws(BenchFailure) -> [Int] {
        let url = URL(string: String(imagePath.dropFirst()), relativeTo: server.baseURL)!.absoluteURL
        var hits: [Int] = []
        for _ in 0..<settings.rounds {
            let layer = LayerClient(baseURL: server.baseURL)
            hits.append(try coalesce(settings.coalescedCallers, through: layer, url: url, server: server).hits)
        }
        return hits
    }

    /// Fires `callers` concurrent `fetchImage` calls for `url` through `layer`, the server answering at
    /// once (no injected delay: a call made as the download ends must find it or its picture). Returns
    /// the server's hits for them and the picture's size.
    private static func coalesce(
        _ callers: Int, through layer: LayerClient, url: URL, server: FixtureServer
    ) throws(BenchFailure) -> (hits: Int, bytes: Int) {
        let hitsBefore = server.requestCount(path: imagePath)
        let group = DispatchGroup()
        let failures = FailureBox()
        let sizes = Locked<Set<Int>>([])
        for _ in 0..<callers {
            group.enter()
            layer.fetchImage(url) { result in
                switch result {
                case .success(let size): sizes.withLock { _ = $0.insert(size) }
                case .failure(let failure): failures.record(failure.description)
                }
                group.leave()
            }
        }
        guard group.wait(timeout: .now() + 60) == .success else {
            throw BenchFailure("coalescing: the \(callers) calls did not finish within 60 s")
        }
        try failures.check("coalescing")
        let size = sizes.withLock { $0 }
        guard size.count == 1, let bytes = size.first, bytes > 0 else {
            throw BenchFailure("coalescing: the callers got different or empty images: \(size)")
        }
        return (server.requestCount(path: imagePath) - hitsBefore, bytes)
    }

    /// Fetches `url` `count` times one after another, checking each answer has `bytes` bytes.
    private static func timeImages(
        _ count: Int, _ what: String, url: URL, bytes: Int,
        fetch: (URL, @escaping @Sendable (Result<Int, BenchFailure>) -> Void) -> Void
    ) throws(BenchFailure) -> Double {
        try timeSequential(count, what) { done in
            fetch(url) { result in
                switch result {
                case .success(let size): done(size == bytes ? nil : "\(size) bytes instead of \(bytes)")
                case .failure(let failure): done(failure.description)
                }
            }
        }
    }
}
#endif
