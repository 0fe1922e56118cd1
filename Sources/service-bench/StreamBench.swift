#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

/// `service-bench streams [--quick] [--rounds N]`: server-sent events through
/// `APIClient.events(for:reconnect:onEvent:completion:)` against a bare `URLSession` delegate with a
/// minimal line splitter, reading the same streams from the same ``StreamSource`` (a child process that
/// stamps each event with the moment of its flush), alternated round by round:
///
/// 1. throughput: a burst of events written as fast as the socket takes them; per-event time (the
///    round's time over its events) and events per second;
/// 2. the time from the server's flush to the callback, for events written a few hundred microseconds
///    apart (no queue in front of the reader): each round's median and 99th percentile;
/// 3. memory: the resident and `malloc`'d growth of one stream of 100,000 events, in a fresh child
///    process per side (`service-bench streams --memory-child ...`).
///
/// Prints a table, the per-round ratios, and one JSON line.
enum StreamBench {
    /// The per-event time target: the layer at most 10 % slower than bare (issue 55).
    static let ratioTarget = 1.1
    /// The memory target: 100,000 events grow the layer's process by less than 5 MB.
    static let memoryTargetKB = 5_000.0
    /// The argument that starts a memory child.
    static let memoryChildFlag = "--memory-child"

    struct Settings {
        var quick = false
        /// Interleaved rounds per side: 15, or `--rounds N` (3 quick).
        var chosenRounds = 15
        var rounds: Int { quick ? 3 : chosenRounds }
        /// Events per throughput round: 50,000 (5,000 quick).
        var burstEvents: Int { quick ? 5_000 : 50_000 }
        /// Events per latency round, and the server's gap between two: 1,000 (200 quick), 500 µs.
        var pacedEvents: Int { quick ? 200 : 1_000 }
        let gapMicroseconds = 500
        /// Events of the memory children's measured stream: 100,000 (10,000 quick).
        var memoryEvents: Int { quick ? 10_000 : 100_000 }
        /// Children per side of the memory measurement (alternated): 3 (1 quick).
        var memoryRuns: Int { quick ? 1 : 3 }
    }

    /// Runs the subcommand; 0 when every measurement ran, 1 when one broke, 2 on bad arguments.
    static func main(arguments: [String]) -> Int32 {
        if arguments == [StreamSource.childFlag] { return StreamSource.serve() }
        if arguments.first == memoryChildFlag { return StreamMemory.runChild(Array(arguments.dropFirst())) }
        guard let options = SubcommandOptions(arguments, subcommand: "streams") else { return 2 }
        var settings = Settings(quick: options.quick)
        if let rounds = options.rounds { settings.chosenRounds = rounds }
        return SubcommandOptions.run("streams") { () throws(BenchFailure) in try run(settings) }
    }

    /// One round of both sides: the layer's figure and bare's.
    private typealias Pair = (layer: Double, bare: Double)

    private static func run(_ settings: Settings) throws(BenchFailure) {
        let source = try StreamSource()
        defer { source.stop() }
        let layer = LayerStreamClient(baseURL: source.baseURL)
        let bare = BareStreamClient()
        let burst = StreamSource.url(source.baseURL, events: settings.burstEvents, gapMicroseconds: 0)
        let paced = StreamSource.url(
            source.baseURL, events: settings.pacedEvents, gapMicroseconds: settings.gapMicroseconds)
        progress("event source at \(source.baseURL.absoluteString); \(settings.quick ? "quick" : "full") run")

        // Round -1 warms both sides up (connections, code paged in) and is not counted.
        var perEvent: [Pair] = []
        var wholePerEvent: [Pair] = []
        var cpuPerEvent: [Pair] = []
        var latency: [Pair] = []
        var latency99: [Pair] = []
        for round in -1..<settings.rounds {
            progress("round \(round + 1)/\(settings.rounds)")
            let layerFirst = round % 2 == 0
            var cpu: Pair = (0, 0)
            var steady: Pair = (0, 0)
            let times = try pair(layerFirst: layerFirst) { () throws(BenchFailure) -> Double in
                let start = processCPUSeconds()
                defer { cpu.layer = processCPUSeconds() - start }
                let read = try layer.read(burst, events: settings.burstEvents, recordsLatency: false)
                steady.layer = steadySeconds(read)
                return read.seconds
            } bare: { () throws(BenchFailure) -> Double in
                let start = processCPUSeconds()
                defer { cpu.bare = processCPUSeconds() - start }
                let read = try bare.read(burst, events: settings.burstEvents, recordsLatency: false)
                steady.bare = steadySeconds(read)
                return read.seconds
            }
            var layerLatencies: [UInt64] = []
            var bareLatencies: [UInt64] = []
            _ = try pair(layerFirst: !layerFirst) { () throws(BenchFailure) -> Double in
                layerLatencies = try latencies(layer.read(paced, events: settings.pacedEvents, recordsLatency: true))
                return 0
            } bare: { () throws(BenchFailure) -> Double in
                bareLatencies = try latencies(bare.read(paced, events: settings.pacedEvents, recordsLatency: true))
                return 0
            }
            guard round >= 0 else { continue }
            let events = Double(settings.burstEvents)
            perEvent.append(steady)
            wholePerEvent.append((times.layer / events, times.bare / events))
            cpuPerEvent.append((cpu.layer / events, cpu.bare / events))
            latency.append((percentile(layerLatencies, 0.5), percentile(bareLatencies, 0.5)))
            latency99.append((percentile(layerLatencies, 0.99), percentile(bareLatencies, 0.99)))
        }
        progress("memory: \(settings.memoryRuns) child run(s) per side × \(settings.memoryEvents) events")
        let memory = try StreamMemory.run(source: source, settings: settings)
        report(
            settings: settings, perEvent: perEvent, wholePerEvent: wholePerEvent, cpuPerEvent: cpuPerEvent,
            latency: latency,
            latency99: latency99, memory: memory)
    }

    private static func steadySeconds(_ read: (tally: EventTally, seconds: Double)) -> Double {
        DispatchQueue.main.sync { MainActor.assumeIsolated { read.tally.steadySecondsPerEvent } }
    }

    private static func latencies(_ read: (tally: EventTally, seconds: Double)) -> [UInt64] {
        DispatchQueue.main.sync { MainActor.assumeIsolated { read.tally.latencies } }
    }

    // MARK: - The output

    private static func report(
        settings: Settings, perEvent: [Pair], wholePerEvent: [Pair], cpuPerEvent: [Pair], latency: [Pair],
        latency99: [Pair],
        memory: StreamMemory.Figures
    ) {
        let judged = !settings.quick
        let perEventRatio = medianRatio(perEvent)
        let layerPerEvent = median(perEvent.map(\.layer))
        let barePerEvent = median(perEvent.map(\.bare))
        let memoryMet = memory.layer.peakGrowthKB < memoryTargetKB
        let rows = [
            ReportRow(
                name: "per event, first to last callback, µs", layer: Report.format(layerPerEvent * 1e6, decimals: 3),
                bare: Report.format(barePerEvent * 1e6, decimals: 3), ratio: Report.format(perEventRatio, decimals: 3),
                target: "≤ 1.1", verdict: judged ? (perEventRatio <= ratioTarget ? "met" : "MISSED") : "not judged"),
            ReportRow(
                name: "per event, call to completion, µs",
                layer: Report.format(median(wholePerEvent.map(\.layer)) * 1e6, decimals: 3),
                bare: Report.format(median(wholePerEvent.map(\.bare)) * 1e6, decimals: 3),
                ratio: Report.format(medianRatio(wholePerEvent), decimals: 3), target: "—", verdict: "info"),
            ReportRow(
                name: "CPU per event (this process), µs",
                layer: Report.format(median(cpuPerEvent.map(\.layer)) * 1e6, decimals: 3),
                bare: Report.format(median(cpuPerEvent.map(\.bare)) * 1e6, decimals: 3),
                ratio: Report.format(medianRatio(cpuPerEvent), decimals: 3), target: "—", verdict: "info"),
            ReportRow(
                name: "events per second (burst)", layer: Report.format(1 / layerPerEvent, decimals: 0),
                bare: Report.format(1 / barePerEvent, decimals: 0), ratio: "—", target: "—", verdict: "info"),
            latencyRow("flush to callback, median, µs", latency),
            latencyRow("flush to callback, p99, µs", latency99),
            ReportRow(
                name: "peak RSS growth, \(settings.memoryEvents) events, MB",
                layer: Report.format(memory.layer.peakGrowthKB / 1000),
                bare: Report.format(memory.bare.peakGrowthKB / 1000),
                ratio: "—", target: "< 5", verdict: judged ? (memoryMet ? "met" : "MISSED") : "not judged"),
            ReportRow(
                name: "RSS growth, \(settings.memoryEvents) events, MB",
                layer: Report.format(memory.layer.rssGrowthKB / 1000),
                bare: Report.format(memory.bare.rssGrowthKB / 1000),
                ratio: "—", target: "—", verdict: "info"),
            ReportRow(
                name: "malloc'd growth, \(settings.memoryEvents) events, KB",
                layer: memory.layer.heapGrowthBytes.map { Report.format($0 / 1000) } ?? "—",
                bare: memory.bare.heapGrowthBytes.map { Report.format($0 / 1000) } ?? "—",
                ratio: "—", target: "—", verdict: "info"),
        ]
        print(
            "service-bench streams: medians of \(settings.rounds) alternated round(s); bursts of \(settings.burstEvents) "
                + "events; events \(settings.gapMicroseconds) µs apart for the flush-to-callback time; memory: "
                + "medians of \(settings.memoryRuns) child(ren) per side")
        print(Report.table(rows))
        for (name, rounds) in [
            ("per event", perEvent), ("per event, call to completion", wholePerEvent), ("CPU per event", cpuPerEvent),
            ("flush to callback (median)", latency),
        ] {
            let ratios = rounds.map { Report.format($0.layer / $0.bare, decimals: 3) }
            print("\(name) layer/bare per round: \(ratios.joined(separator: " "))")
        }
        print(
            Report.json([
                ("quick", .flag(settings.quick)), ("rounds", .integer(settings.rounds)),
                ("burst_events", .integer(settings.burstEvents)),
                ("per_event_us", .number(layerPerEvent * 1e6)), ("bare_per_event_us", .number(barePerEvent * 1e6)),
                ("per_event_ratio", .number(perEventRatio)),
                ("whole_per_event_ratio", .number(medianRatio(wholePerEvent))),
                ("cpu_per_event_us", .number(median(cpuPerEvent.map(\.layer)) * 1e6)),
                ("bare_cpu_per_event_us", .number(median(cpuPerEvent.map(\.bare)) * 1e6)),
                ("cpu_per_event_ratio", .number(medianRatio(cpuPerEvent))),
                ("events_per_second", .number(1 / layerPerEvent)),
                ("bare_events_per_second", .number(1 / barePerEvent)),
                ("flush_to_callback_median_us", .number(median(latency.map(\.layer)) / 1000)),
                ("bare_flush_to_callback_median_us", .number(median(latency.map(\.bare)) / 1000)),
                ("flush_to_callback_ratio", .number(medianRatio(latency))),
                ("memory_events", .integer(settings.memoryEvents)),
                ("peak_rss_growth_mb", .number(memory.layer.peakGrowthKB / 1000)),
                ("bare_peak_rss_growth_mb", .number(memory.bare.peakGrowthKB / 1000)),
                ("rss_growth_mb", .number(memory.layer.rssGrowthKB / 1000)),
                ("heap_growth_kb", memory.layer.heapGrowthBytes.map { .number($0 / 1000) } ?? .null),
                ("per_event_target_met", judged ? .flag(perEventRatio <= ratioTarget) : .null),
                ("memory_target_met", judged ? .flag(memoryMet) : .null),
            ]))
    }

    private static func latencyRow(_ name: String, _ rounds: [Pair]) -> ReportRow {
        ReportRow(
            name: name, layer: Report.format(median(rounds.map(\.layer)) / 1000),
            bare: Report.format(median(rounds.map(\.bare)) / 1000),
            ratio: Report.format(medianRatio(rounds), decimals: 3), target: "—", verdict: "info")
    }

    // MARK: - Helpers

    /// The figures of `layer` and `bare`, run in the order `layerFirst` says.
    private static func pair(
        layerFirst: Bool, layer: () throws(BenchFailure) -> Double, bare: () throws(BenchFailure) -> Double
    ) throws(BenchFailure) -> Pair {
        if layerFirst {
            let layerFigure = try layer()
            return (layerFigure, try bare())
        }
        let bareFigure = try bare()
        return (try layer(), bareFigure)
    }

    /// The value below which `fraction` of `values` lie (nearest rank), in nanoseconds; 0 when empty.
    private static func percentile(_ values: [UInt64], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
        return Double(sorted[rank])
    }

    /// The median of the per-round layer/bare ratios (> 1: the layer is slower).
    private static func medianRatio(_ rounds: [Pair]) -> Double {
        median(rounds.map { $0.layer / $0.bare })
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("service-bench streams: \(message)\n".utf8))
    }
}
#endif
