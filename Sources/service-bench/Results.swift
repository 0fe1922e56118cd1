#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

/// Every figure of one run, and how it is shown: table rows and JSON fields.
struct Results {
    /// The sizes the run used.
    let settings: BenchSettings
    /// Measurement 1.
    let overhead: OverheadBench.Figures
    /// Measurement 2.
    let decode: DecodeBench.Figures
    /// Measurement 3.
    let concurrency: ConcurrencyBench.Figures
    /// Measurement 4.
    let image: ImageBench.Figures
    /// Measurement 5.
    let memory: MemoryBench.Figures
    /// Measurement 6.
    let cache: CacheBench.Figures
    /// Measurement 7.
    let mainThread: MainThreadBench.Figures
    /// Measurement 8.
    let inFlight: InFlightBench.Figures
    /// Wall time of the whole run.
    let seconds: Double

    // MARK: Derived figures

    /// Sequential requests per second through the layer, from measurement 1.
    var sequentialLayerRate: Double { 1e6 / overhead.layerMicros }
    /// Sequential requests per second through the bare session, from measurement 1.
    var sequentialBareRate: Double { 1e6 / overhead.bareMicros }
    /// Concurrent over sequential rate, through the layer.
    var layerSpeedup: Double { concurrency.layerRate / sequentialLayerRate }
    /// Concurrent over sequential rate, through the bare session.
    var bareSpeedup: Double { concurrency.bareRate / sequentialBareRate }
    /// Whether the overhead ratio is within its target.
    var overheadMet: Bool { overhead.ratio <= BenchProgram.ratioTarget }
    /// Whether the decode ratio is within its target.
    var decodeMet: Bool { decode.ratio <= BenchProgram.ratioTarget }
    /// Whether the concurrent image calls cost one server hit.
    var coalescingMet: Bool { image.serverHits == 1 }
    /// Whether the resident bytes the layer holds per call in flight beyond a bare task are within issue
    /// 20's goal (reported, not part of `targets_met`).
    var inFlightGoalMet: Bool { inFlight.oursMinusBareRSS <= InFlightBench.goalBytesPerCall }

    // MARK: Presentation

    /// The line above the table.
    var title: String {
        let kind = settings.isQuick ? "--quick run (timings not judged)" : "full run"
        return "service-bench \(kind): medians of \(settings.rounds) interleaved rounds, "
            + "\(Report.format(seconds, decimals: 1)) s"
    }

    /// The table's rows.
    var rows: [ReportRow] {
        let f = Report.format
        let decodeItems = Report.format(Double(decode.items), decimals: 0)
        let memoryRequests = Report.format(Double(memory.requests), decimals: 0)
        return [
            Self.overheadRow(overhead, settings: settings),
            Self.overheadPairedRow(overhead),
            Self.overheadCPURow(overhead),
            ReportRow(
                name: "decode: \(decodeItems)-item menu via Endpoint.parse (ms)", layer: f(decode.layerMillis, 2),
                bare: f(decode.bareMillis, 2), ratio: f(decode.ratio, 3), target: "ratio ≤ 1.05",
                verdict: judged(decodeMet)),
            ReportRow(
                name: "concurrency: \(concurrency.callers)×\(concurrency.requestsPerCaller), no coalescing (req/s)",
                layer: f(concurrency.layerRate, 0), bare: f(concurrency.bareRate, 0), ratio: f(concurrency.ratio, 3),
                target: "—", verdict: "info"),
            ReportRow(
                name: "concurrency: speed-up over sequential (×)", layer: f(layerSpeedup, 2), bare: f(bareSpeedup, 2),
                ratio: f(layerSpeedup / bareSpeedup, 3), target: "—", verdict: "info"),
            ReportRow(
                name: "coalescing: \(image.callers) concurrent fetchImage (server hits)",
                layer: String(image.serverHits),
                bare: "—", ratio: "—", target: "1", verdict: coalescingMet ? "met" : "MISSED"),
            ReportRow(
                name: "image: cache hit vs bare network fetch (µs)", layer: f(image.cacheHitMicros, 1),
                bare: f(image.bareNetworkMicros, 1), ratio: f(image.cacheHitMicros / image.bareNetworkMicros, 3),
                target: "—", verdict: "info"),
            ReportRow(
                name: "image: network fetch, cache off (µs)", layer: f(image.layerNetworkMicros, 1),
                bare: f(image.bareNetworkMicros, 1), ratio: f(image.layerNetworkMicros / image.bareNetworkMicros, 3),
                target: "—", verdict: "info"),
            ReportRow(
                name: "memory: peak RSS growth, \(memoryRequests) requests (KiB)",
                layer: f(memory.layerPeakGrowthKB, 0),
                bare: f(memory.barePeakGrowthKB, 0), ratio: "—", target: "—", verdict: "info"),
            ReportRow(
                name: "memory: peak RSS growth per request (bytes)", layer: f(memory.layerBytesPerRequest, 1),
                bare: f(memory.bareBytesPerRequest, 1),
                ratio: "ours−bare \(f(memory.oursMinusBareBytesPerRequest, 1))", target: "—", verdict: "info"),
            ReportRow(
                name: "relaunch: menu + \(cache.pictures) pictures, warm vs cold disk (ms)",
                layer: f(cache.warmMillis, 1), bare: f(cache.coldMillis, 1),
                ratio: f(cache.warmMillis / cache.coldMillis, 3), target: "—", verdict: "info"),
            ReportRow(
                name: "relaunch: requests sent, warm vs cold disk", layer: String(cache.warmRequests),
                bare: String(cache.coldRequests), ratio: "—", target: "—", verdict: "info"),
            ReportRow(
                name: "wire: \(cache.menuFetches) menu fetches, revalidated vs plain (bytes)",
                layer: f(Double(cache.revalidatedBytes), 0), bare: f(Double(cache.plainBytes), 0),
                ratio: f(Double(cache.revalidatedBytes) / Double(cache.plainBytes), 3), target: "—", verdict: "info"),
        ] + mainThreadRows + inFlightRows
    }

    /// Measurement 7: the main-actor-decoded side in the "layer" column, the off-main one in "bare".
    private var mainThreadRows: [ReportRow] {
        let f = Report.format
        let items = f(Double(mainThread.items), 0)
        return [
            ReportRow(
                name: "main thread per call, \(items)-item menu: main-actor | off-main decoding (ms)",
                layer: f(mainThread.mainActorMillis, 3), bare: f(mainThread.offMainMillis, 3),
                ratio: f(mainThread.ratio, 1), target: "—", verdict: "info"),
            ReportRow(
                name: "wall time per call, \(items)-item menu: main-actor | off-main decoding (ms)",
                layer: f(mainThread.mainActorWallMillis, 2), bare: f(mainThread.offMainWallMillis, 2),
                ratio: f(mainThread.mainActorWallMillis / mainThread.offMainWallMillis, 3), target: "—",
                verdict: "info"),
        ]
    }

    /// Measurement 8.
    private var inFlightRows: [ReportRow] {
        let f = Report.format
        let calls = f(Double(inFlight.calls), 0)
        let optional = { (value: Double?) in value.map { f($0, 0) } ?? "—" }
        return [
            ReportRow(
                name: "in flight: RSS per call, \(calls) at once (bytes)", layer: f(inFlight.layerRSSBytesPerCall, 0),
                bare: f(inFlight.bareRSSBytesPerCall, 0), ratio: "ours−bare \(f(inFlight.oursMinusBareRSS, 0))",
                target: "ours−bare ≤ 1,536", verdict: inFlightGoalMet ? "met" : "MISSED"),
            ReportRow(
                name: "in flight: heap per call, \(calls) at once (bytes)",
                layer: optional(inFlight.layerHeapBytesPerCall), bare: optional(inFlight.bareHeapBytesPerCall),
                ratio: "ours−bare \(optional(inFlight.oursMinusBareHeap))", target: "—", verdict: "info"),
            ReportRow(
                name: "in flight: heap per call kept after cancel (bytes)",
                layer: optional(inFlight.layerRetainedHeapBytesPerCall),
                bare: optional(inFlight.bareRetainedHeapBytesPerCall), ratio: "—", target: "—", verdict: "info"),
        ]
    }

    /// Every figure, in table order, for the last output line.
    var jsonFields: [(String, JSONLineValue)] {
        [
            ("quick", .flag(settings.isQuick)),
            ("rounds", .integer(settings.rounds)),
        ] + Self.overheadFields(overhead, settings: settings) + [
            ("decode_items", .integer(decode.items)),
            ("decode_bytes", .integer(decode.bytes)),
            ("decode_layer_ms", .number(decode.layerMillis)),
            ("decode_bare_ms", .number(decode.bareMillis)),
            ("decode_ratio", .number(decode.ratio)),
            ("decode_target_met", .flag(decodeMet)),
            ("concurrency_callers", .integer(concurrency.callers)),
            ("concurrency_requests_per_caller", .integer(concurrency.requestsPerCaller)),
            ("concurrency_coalescing", .flag(false)),
            ("concurrency_layer_rps", .number(concurrency.layerRate)),
            ("concurrency_bare_rps", .number(concurrency.bareRate)),
            ("concurrency_ratio", .number(concurrency.ratio)),
            ("sequential_layer_rps", .number(sequentialLayerRate)),
            ("sequential_bare_rps", .number(sequentialBareRate)),
            ("concurrency_speedup_layer", .number(layerSpeedup)),
            ("concurrency_speedup_bare", .number(bareSpeedup)),
            ("coalescing_callers", .integer(image.callers)),
            ("coalescing_server_hits", .integer(image.serverHits)),
            ("coalescing_target_met", .flag(coalescingMet)),
            ("cache_hit_us", .number(image.cacheHitMicros)),
            ("image_network_layer_us", .number(image.layerNetworkMicros)),
            ("image_network_bare_us", .number(image.bareNetworkMicros)),
            ("memory_requests", .integer(memory.requests)),
            ("memory_layer_peak_growth_kb", .number(memory.layerPeakGrowthKB)),
            ("memory_bare_peak_growth_kb", .number(memory.barePeakGrowthKB)),
            ("memory_layer_rss_growth_kb", .number(memory.layerRSSGrowthKB)),
            ("memory_bare_rss_growth_kb", .number(memory.bareRSSGrowthKB)),
            ("memory_layer_bytes_per_request", .number(memory.layerBytesPerRequest)),
            ("memory_bare_bytes_per_request", .number(memory.bareBytesPerRequest)),
            ("memory_ours_minus_bare_bytes_per_request", .number(memory.oursMinusBareBytesPerRequest)),
            ("relaunch_pictures", .integer(cache.pictures)),
            ("relaunch_cold_ms", .number(cache.coldMillis)),
            ("relaunch_warm_ms", .number(cache.warmMillis)),
            ("relaunch_cold_requests", .integer(cache.coldRequests)),
            ("relaunch_warm_requests", .integer(cache.warmRequests)),
            ("wire_menu_fetches", .integer(cache.menuFetches)),
            ("wire_plain_bytes", .integer(cache.plainBytes)),
            ("wire_revalidated_bytes", .integer(cache.revalidatedBytes)),
            ("wire_not_modified", .integer(cache.notModified)),
            ("main_thread_items", .integer(mainThread.items)),
            ("main_thread_calls_per_round", .integer(mainThread.callsPerRound)),
            ("main_thread_main_actor_ms", .number(mainThread.mainActorMillis)),
            ("main_thread_off_main_ms", .number(mainThread.offMainMillis)),
            ("main_thread_ratio", .number(mainThread.ratio)),
            ("main_thread_main_actor_wall_ms", .number(mainThread.mainActorWallMillis)),
            ("main_thread_off_main_wall_ms", .number(mainThread.offMainWallMillis)),
            ("in_flight_calls", .integer(inFlight.calls)),
            ("in_flight_runs", .integer(inFlight.runs)),
            ("in_flight_layer_rss_bytes_per_call", .number(inFlight.layerRSSBytesPerCall)),
            ("in_flight_bare_rss_bytes_per_call", .number(inFlight.bareRSSBytesPerCall)),
            ("in_flight_ours_minus_bare_rss_bytes_per_call", .number(inFlight.oursMinusBareRSS)),
            ("in_flight_layer_heap_bytes_per_call", inFlight.layerHeapBytesPerCall.map(JSONLineValue.number) ?? .null),
            ("in_flight_bare_heap_bytes_per_call", inFlight.bareHeapBytesPerCall.map(JSONLineValue.number) ?? .null),
            (
                "in_flight_ours_minus_bare_heap_bytes_per_call",
                inFlight.oursMinusBareHeap.map(JSONLineValue.number) ?? .null
            ),
            (
                "in_flight_layer_retained_heap_bytes_per_call",
                inFlight.layerRetainedHeapBytesPerCall.map(JSONLineValue.number) ?? .null
            ),
            (
                "in_flight_bare_retained_heap_bytes_per_call",
                inFlight.bareRetainedHeapBytesPerCall.map(JSONLineValue.number) ?? .null
            ),
            ("in_flight_layer_start_ms", .number(inFlight.layerStartMillis)),
            ("in_flight_bare_start_ms", .number(inFlight.bareStartMillis)),
            ("in_flight_goal_bytes_per_call", .number(InFlightBench.goalBytesPerCall)),
            ("in_flight_goal_met", .flag(inFlightGoalMet)),
            ("targets_met", .flag(overheadMet && decodeMet && coalescingMet)),
            ("seconds", .number(seconds)),
        ]
    }

    /// `met` / `MISSED`, or `not judged` in a `--quick` run.
    private func judged(_ met: Bool) -> String {
        Self.judged(met, settings: settings)
    }

    private static func judged(_ met: Bool, settings: BenchSettings) -> String {
        settings.isQuick ? "not judged" : (met ? "met" : "MISSED")
    }

    // MARK: Measurement 1 alone

    /// The overhead row, shared by the full table and `--overhead-only`.
    static func overheadRow(_ overhead: OverheadBench.Figures, settings: BenchSettings) -> ReportRow {
        ReportRow(
            name: "overhead: fetchMenuItems, sequential (µs/request)",
            layer: Report.format(overhead.layerMicros, decimals: 1),
            bare: Report.format(overhead.bareMicros, decimals: 1), ratio: Report.format(overhead.ratio, decimals: 3),
            target: "ratio ≤ 1.05", verdict: judged(overhead.ratio <= BenchProgram.ratioTarget, settings: settings))
    }

    /// The median of the overhead measurement's per-round ratios (information; the target is on the
    /// ratio of the medians).
    static func overheadPairedRow(_ overhead: OverheadBench.Figures) -> ReportRow {
        ReportRow(
            name: "overhead: median of per-round layer/bare ratios", layer: "—", bare: "—",
            ratio: Report.format(overhead.pairedRatio, decimals: 3), target: "—", verdict: "info")
    }

    /// The overhead measurement's CPU time per request (information; the target is on wall time).
    static func overheadCPURow(_ overhead: OverheadBench.Figures) -> ReportRow {
        ReportRow(
            name: "overhead: CPU, whole process (µs/request)",
            layer: Report.format(overhead.layerCPUMicros, decimals: 1),
            bare: Report.format(overhead.bareCPUMicros, decimals: 1),
            ratio: Report.format(overhead.layerCPUMicros / overhead.bareCPUMicros, decimals: 3), target: "—",
            verdict: "info")
    }

    /// The overhead figures for the JSON line, shared by the full run and `--overhead-only`.
    static func overheadFields(_ overhead: OverheadBench.Figures, settings: BenchSettings) -> [(String, JSONLineValue)]
    {
        [
            ("overhead_requests_per_round", .integer(settings.sequentialRequests)),
            ("overhead_layer_us", .number(overhead.layerMicros)),
            ("overhead_bare_us", .number(overhead.bareMicros)),
            ("overhead_ratio", .number(overhead.ratio)),
            ("overhead_target_met", .flag(overhead.ratio <= BenchProgram.ratioTarget)),
            ("overhead_paired_ratio", .number(overhead.pairedRatio)),
            ("overhead_layer_cpu_us", .number(overhead.layerCPUMicros)),
            ("overhead_bare_cpu_us", .number(overhead.bareCPUMicros)),
            ("overhead_cpu_ratio", .number(overhead.layerCPUMicros / overhead.bareCPUMicros)),
            ("overhead_layer_connections_opened", .integer(overhead.layerConnections)),
            ("overhead_bare_connections_opened", .integer(overhead.bareConnections)),
        ]
    }
}
#endif
