#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import FixtureServer
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
        /// Median CPU µs (user + system, whole process: client, URLSession and the embedded server) per
        /// request through the layer. Less sensitive than wall time to other processes on a shared machine.
        var layerCPUMicros: Double
        /// The same for the bare side.
        var bareCPUMicros: Double
        /// Connections the server accepted during the layer's timed rounds (0: one kept-alive connection).
        var layerConnections: Int
        /// Connections the server accepted during the bare side's timed rounds.
        var bareConnections: Int
        /// The median over rounds of each round's layer/bare ratio (the two halves of a round run back to
        /// back, so they share the machine's load): information next to ``ratio``, which the target is on.
        var pairedRatio: Double
        /// `layerMicros / bareMicros`.
        var ratio: Double { layerMicros / bareMicros }
    }

    /// What one side's timed rounds recorded besides their wall time.
    private struct Side {
        var wallMicros: [Double] = []
        var cpuMicros: [Double] = []
        var connections = 0
    }

    /// Checks that both sides send the same request, warms both up (connections open, code paths paged
    /// in, alternately), then runs `settings.rounds` interleaved rounds of `settings.sequentialRequests`
    /// requests each.
    static func run(server: FixtureServer, settings: BenchSettings) throws(BenchFailure) -> Figures {
        let layerClient = LayerClient(baseURL: server.baseURL)
        let bareClient = BareClient(baseURL: server.baseURL)
        try checkSameRequest(server: server, layer: layerClient, bare: bareClient)
        let warmUp = max(20, settings.sequentialRequests / 4)
        for half in 0..<2 {
            _ = try timeSequential(warmUp / 2, "overhead warm-up \(half + 1) (layer)", fetch: layerClient.fetchMenu)
            _ = try timeSequential(warmUp / 2, "overhead warm-up \(half + 1) (bare)", fetch: bareClient.fetchMenu)
        }
        let count = settings.sequentialRequests
        var layer = Side()
        var bare = Side()
        func timed(_ name: String, _ fetch: (@escaping @Sendable (String?) -> Void) -> Void, _ side: inout Side)
            throws(BenchFailure) -> Double
        {
            let accepted = server.acceptedConnections
            let cpu = processCPUSeconds()
            let seconds = try timeSequential(count, "overhead (\(name))", fetch: fetch)
            side.cpuMicros.append((processCPUSeconds() - cpu) / Double(count) * 1e6)
            side.connections += server.acceptedConnections - accepted
            side.wallMicros.append(seconds / Double(count) * 1e6)
            return seconds / Double(count) * 1e6
        }
        let medians = try interleavedMedians(
            rounds: settings.rounds,
            layer: { () throws(BenchFailure) in try timed("layer", layerClient.fetchMenu, &layer) },
            bare: { () throws(BenchFailure) in try timed("bare", bareClient.fetchMenu, &bare) })
        return Figures(
            layerMicros: medians.layer, bareMicros: medians.bare, layerCPUMicros: median(layer.cpuMicros),
            bareCPUMicros: median(bare.cpuMicros), layerConnections: layer.connections,
            bareConnections: bare.connections,
            pairedRatio: median(zip(layer.wallMicros, bare.wallMicros).map { $0 / $1 }))
    }

    /// Sends one request from each side and fails unless the server received the same method,
    /// request-target and header fields from both: the comparison is of the same request on the wire.
    private static func checkSameRequest(server: FixtureServer, layer: LayerClient, bare: BareClient)
        throws(BenchFailure)
    {
        server.resetRecords()
        _ = try timeSequential(1, "overhead check (layer)", fetch: layer.fetchMenu)
        _ = try timeSequential(1, "overhead check (bare)", fetch: bare.fetchMenu)
        let recorded = server.requests
        server.resetRecords()
        guard recorded.count == 2 else { throw BenchFailure("overhead check: \(recorded.count) requests instead of 2") }
        let (ours, theirs) = (recorded[0], recorded[1])
        guard ours.method == theirs.method, ours.target == theirs.target, ours.headers == theirs.headers else {
            throw BenchFailure(
                "overhead check: the two sides send different requests: layer \(ours.method) \(ours.target) "
                    + "\(ours.headers.sorted { $0.key < $1.key }), bare \(theirs.method) \(theirs.target) "
                    + "\(theirs.headers.sorted { $0.key < $1.key })")
        }
    }
}
#endif
