#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import ServiceLayer

/// Measurement 3: several callers on their own threads, each sending requests one after another,
/// through one `MenuController` (coalescing off) and through one bare session.
enum ConcurrencyBench {
    /// Medians over interleaved rounds, in requests per second.
    struct Figures {
        /// Concurrent callers.
        var callers: Int
        /// Requests per caller per round.
        var requestsPerCaller: Int
        /// Requests per second through the layer.
        var layerRate: Double
        /// Requests per second through the bare session.
        var bareRate: Double
        /// `layerRate / bareRate` (higher is better for the layer).
        var ratio: Double { layerRate / bareRate }
    }

    /// Runs `settings.rounds` interleaved rounds of `settings.concurrentCallers` × `settings.requestsPerCaller`
    /// requests. The controller is created with `APIClient.Options(coalescesGETs: false)`: every caller
    /// asks for the same category, and coalescing would otherwise merge their identical concurrent GETs.
    static func run(baseURL: URL, settings: BenchSettings) throws(BenchFailure) -> Figures {
        let layer = LayerClient(baseURL: baseURL, options: APIClient.Options(coalescesGETs: false))
        let bare = BareClient(baseURL: baseURL)
        let callers = settings.concurrentCallers
        let perCaller = settings.requestsPerCaller
        let total = Double(callers * perCaller)
        // Warm up: open as many connections as there are callers, on both sides.
        _ = try timeConcurrent(callers: callers, perCaller: 5, "concurrency warm-up (layer)", fetch: layer.fetchMenu)
        _ = try timeConcurrent(callers: callers, perCaller: 5, "concurrency warm-up (bare)", fetch: bare.fetchMenu)
        let medians = try interleavedMedians(
            rounds: settings.rounds,
            layer: { () throws(BenchFailure) in
                total
                    / (try timeConcurrent(
                        callers: callers, perCaller: perCaller, "concurrency (layer)", fetch: layer.fetchMenu))
            },
            bare: { () throws(BenchFailure) in
                total
                    / (try timeConcurrent(
                        callers: callers, perCaller: perCaller, "concurrency (bare)", fetch: bare.fetchMenu))
            })
        return Figures(callers: callers, requestsPerCaller: perCaller, layerRate: medians.layer, bareRate: medians.bare)
    }

    /// Starts `callers` threads that each send `perCaller` requests sequentially through `fetch`;
    /// returns the seconds until the last one finished.
    static func timeConcurrent(
        callers: Int, perCaller: Int, _ what: String,
        fetch: @escaping @Sendable (@escaping @Sendable (String?) -> Void) -> Void
    ) throws(BenchFailure) -> Double {
        let group = DispatchGroup()
        let failures = FailureBox()
        let seconds = try Stopwatch.seconds { () throws(BenchFailure) in
            for _ in 0..<callers {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    let waiter = CompletionWaiter()
                    for _ in 0..<perCaller {
                        fetch { failure in waiter.signal(failure: failure) }
                        do throws(BenchFailure) {
                            try waiter.wait(what)
                        } catch {
                            failures.record(error.description)
                            return
                        }
                    }
                }
            }
            guard group.wait(timeout: .now() + 300) == .success else {
                throw BenchFailure("\(what): callers did not finish within 300 s")
            }
        }
        try failures.check(what)
        return seconds
    }
}
#endif
