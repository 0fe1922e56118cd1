#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import FixtureServer
import Foundation

/// The bench from start to exit: parses the arguments, starts the embedded fixture server, runs the
/// eight measurements in order, and prints the table and the JSON line.
enum BenchProgram {
    /// The overhead and decode targets: the layer may cost at most 5 % more than bare.
    static let ratioTarget = 1.05

    /// Runs the command line and returns the exit status: 0 when every measurement ran (targets met
    /// or not), 1 when something broke, 2 on bad arguments.
    static func main(arguments: [String]) -> Int32 {
        switch BenchArguments.parse(arguments) {
        case .failure(let error):
            printError("service-bench: \(error.message)\n\n\(BenchArguments.usage)")
            return 2
        case .success(.help):
            print(BenchArguments.usage)
            return 0
        case .success(.memoryChild(let mode, let baseURL, let requests)):
            return MemoryBench.runChild(mode: mode, baseURL: baseURL, requests: requests)
        case .success(.mainThreadChild(let baseURL, let items, let rounds, let callsPerRound)):
            return MainThreadBench.runChild(
                baseURL: baseURL, items: items, rounds: rounds, callsPerRound: callsPerRound)
        case .success(.inFlightChild(let mode, let baseURL, let calls, let exitInFlight)):
            return InFlightBench.runChild(mode: mode, baseURL: baseURL, calls: calls, exitInFlight: exitInFlight)
        case .success(.run(let settings)):
            do throws(BenchFailure) {
                try run(settings)
                return 0
            } catch {
                printError("service-bench: broken: \(error.description)")
                return 1
            }
        }
    }

    // MARK: - The run

    private static func run(_ settings: BenchSettings) throws(BenchFailure) {
        let started = DispatchTime.now().uptimeNanoseconds
        let server = FixtureServer()
        do {
            try server.start()
        } catch {
            throw BenchFailure("the fixture server did not start: \(error)")
        }
        defer { server.stop() }
        let baseURL = server.baseURL
        progress(
            "fixture server at \(baseURL.absoluteString); \(settings.isQuick ? "quick run" : "full run")"
                + (settings.overheadOnly ? ", overhead only" : "")
                + (settings.coalescingOnly ? ", coalescing only" : ""))
        if settings.coalescingOnly { return try runCoalescingOnly(server: server, settings: settings) }

        progress(
            "1/8 overhead: \(settings.rounds) rounds × \(settings.sequentialRequests) sequential requests per side")
        let overhead = try OverheadBench.run(server: server, settings: settings)
        server.resetRecords()
        if settings.overheadOnly {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            print(machineLine())
            print(
                "service-bench overhead only: medians of \(settings.rounds) interleaved rounds, "
                    + "\(Report.format(seconds, decimals: 1)) s")
            print(
                Report.table([
                    Results.overheadRow(overhead, settings: settings), Results.overheadPairedRow(overhead),
                    Results.overheadCPURow(overhead),
                ]))
            print(
                Report.json(
                    [("quick", .flag(settings.isQuick)), ("rounds", .integer(settings.rounds))]
                        + Results.overheadFields(overhead, settings: settings) + [("seconds", .number(seconds))]))
            return
        }
        progress("2/8 decode: \(settings.decodeItems) items, \(settings.rounds) rounds × \(settings.decodesPerRound)")
        let decode = try DecodeBench.run(settings: settings)
        progress(
            "3/8 concurrency: \(settings.concurrentCallers) callers × \(settings.requestsPerCaller) requests, "
                + "\(settings.rounds) rounds")
        let concurrency = try ConcurrencyBench.run(baseURL: baseURL, settings: settings)
        server.resetRecords()
        progress("4/8 coalescing and image cache: \(settings.coalescedCallers) concurrent calls, then cache hits")
        let image = try ImageBench.run(server: server, settings: settings)
        server.resetRecords()
        progress("5/8 memory: \(settings.memoryRuns) child run(s) per side × \(settings.memoryRequests) requests")
        let memory = try MemoryBench.run(baseURL: baseURL, settings: settings)
        progress("6/8 caches: relaunch with a cold and a warm disk cache, bytes for 100 menu fetches")
        let cache = try CacheBench.run(server: server, settings: settings)
        server.resetRecords()
        progress(
            "7/8 main thread: \(settings.decodeItems)-item menu, \(settings.rounds) rounds × "
                + "\(settings.mainThreadCallsPerRound) calls, main-actor vs off-main decoding")
        let mainThread = try MainThreadBench.run(server: server, settings: settings)
        server.resetRecords()
        progress(
            "8/8 in flight: \(settings.inFlightRuns) child run(s) per side × \(settings.inFlightCalls) calls at once")
        let inFlight = try InFlightBench.run(settings: settings)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9

        let results = Results(
            settings: settings, overhead: overhead, decode: decode, concurrency: concurrency, image: image,
            memory: memory, cache: cache, mainThread: mainThread, inFlight: inFlight, seconds: seconds)
        print(machineLine())
        print(results.title)
        print(Report.table(results.rows))
        print(Report.json(results.jsonFields))
    }

    /// `--coalescing-only`: the coalescing check once per round; prints the server's hits per round.
    private static func runCoalescingOnly(server: FixtureServer, settings: BenchSettings) throws(BenchFailure) {
        progress("4/8 coalescing only: \(settings.rounds) rounds × \(settings.coalescedCallers) concurrent calls")
        let hits = try ImageBench.coalescingRounds(server: server, settings: settings)
        print(machineLine())
        print(
            "service-bench coalescing only: \(settings.coalescedCallers) concurrent fetchImage of one URL, "
                + "no server delay, server hits per round (target 1): "
                + hits.map(String.init).joined(separator: " "))
        print(
            Report.json([
                ("coalescing_callers", .integer(settings.coalescedCallers)), ("rounds", .integer(settings.rounds)),
                ("coalescing_server_hits_max", .integer(hits.max() ?? 0)),
                ("coalescing_server_hits_total", .integer(hits.reduce(0, +))),
                ("coalescing_target_met", .flag(hits.allSatisfy { $0 == 1 })),
            ]))
    }

    // MARK: - Output helpers

    /// A progress line on standard error, so standard output holds only the results.
    private static func progress(_ message: String) {
        printError("service-bench: \(message)")
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// `machine: 2 cores, <CPU model>, <OS>`.
    private static func machineLine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return "machine: \(cores) cores, \(model), \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }
}
#endif
