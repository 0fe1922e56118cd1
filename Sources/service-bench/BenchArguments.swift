#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

// MARK: - What the command line asks for

/// What one invocation of `service-bench` does.
enum BenchCommand: Equatable {
    /// Print the usage and exit 0.
    case help
    /// Run every measurement with these sizes.
    case run(BenchSettings)
    /// Internal: the child process of the memory measurement. Sends `requests` requests through
    /// `mode` to `baseURL` and prints one JSON line of its resident memory.
    case memoryChild(mode: MemoryMode, baseURL: URL, requests: Int)
    /// Internal: the child process of the in-flight measurement. Starts `calls` calls at once through
    /// `mode` to `baseURL` (a listener that never answers), and prints one JSON line of its memory;
    /// with `exitInFlight`, exits as soon as it has read its memory with every call in flight.
    case inFlightChild(mode: MemoryMode, baseURL: URL, calls: Int, exitInFlight: Bool)
    /// Internal: the child process of the main-thread measurement, whose main thread runs the main
    /// run loop. Measures against `baseURL` (which serves the generated menu) and prints one JSON line.
    case mainThreadChild(baseURL: URL, items: Int, rounds: Int, callsPerRound: Int)
}

/// The two ways of sending the same request that every measurement compares.
enum MemoryMode: String, Equatable, CaseIterable {
    /// Through `MenuController.fetchMenuItems(forCategory:completion:)`.
    case layer
    /// Through a bare `URLSession` data task and `JSONDecoder`.
    case bare
}

/// A command line that could not be understood.
struct BenchUsageError: Error, Equatable {
    /// What was wrong, in one line.
    let message: String
}

/// The sizes of one run: the full run, or the small `--quick` one for CI.
struct BenchSettings: Equatable {
    /// Whether this is the `--quick` run (its timings are printed but not judged).
    var isQuick: Bool
    /// Whether only measurement 1 (overhead) runs (`--overhead-only`); `false` in both presets.
    var overheadOnly = false
    /// Whether only the coalescing check runs, once per round (`--coalescing-only`); `false` in both presets.
    var coalescingOnly = false
    /// Interleaved rounds per comparison (layer, bare, layer, bare, ...); figures are their medians.
    var rounds: Int
    /// Sequential requests per round of the overhead measurement.
    var sequentialRequests: Int
    /// Items in the generated menu the decode measurement reads.
    var decodeItems: Int
    /// Decodes per round of the decode measurement.
    var decodesPerRound: Int
    /// Concurrent callers of the concurrency measurement.
    var concurrentCallers: Int
    /// Sequential requests each concurrent caller makes per round.
    var requestsPerCaller: Int
    /// Concurrent `fetchImage` calls for one URL in the coalescing check.
    var coalescedCallers: Int
    /// Cache hits per round of the image-cache measurement.
    var cacheHitsPerRound: Int
    /// Network image fetches per round of the image-cache measurement.
    var imageFetchesPerRound: Int
    /// Requests per child process of the memory measurement.
    var memoryRequests: Int
    /// Child processes per mode of the memory measurement (interleaved); figures are medians.
    var memoryRuns: Int
    /// Sequential calls per side per round of the main-thread measurement (on the decode's menu).
    var mainThreadCallsPerRound: Int
    /// Calls in flight at once in each child of the in-flight memory measurement.
    var inFlightCalls: Int
    /// Child processes per side of the in-flight memory measurement (alternating); figures are medians.
    var inFlightRuns: Int

    /// The full run: 7 rounds, 10,000-item decode, 10,000 requests for memory, 10,000 calls in flight.
    static let full = BenchSettings(
        isQuick: false, rounds: 7, sequentialRequests: 400, decodeItems: 10_000, decodesPerRound: 3,
        concurrentCallers: 6, requestsPerCaller: 100, coalescedCallers: 100, cacheHitsPerRound: 10_000,
        imageFetchesPerRound: 200, memoryRequests: 10_000, memoryRuns: 3, mainThreadCallsPerRound: 5,
        inFlightCalls: 10_000, inFlightRuns: 2)

    /// The `--quick` run for CI: small sizes, 3 rounds, 1,000 requests for memory, 200 calls in flight.
    static let quick = BenchSettings(
        isQuick: true, rounds: 3, sequentialRequests: 30, decodeItems: 1_000, decodesPerRound: 2,
        concurrentCallers: 6, requestsPerCaller: 10, coalescedCallers: 100, cacheHitsPerRound: 1_000,
        imageFetchesPerRound: 20, memoryRequests: 1_000, memoryRuns: 1, mainThreadCallsPerRound: 2,
        inFlightCalls: 200, inFlightRuns: 1)
}

// MARK: - Parsing

/// Parses `service-bench`'s arguments.
enum BenchArguments {
    /// The usage text printed by `--help` and after a bad argument.
    static let usage = """
        USAGE: service-bench [--quick] [--overhead-only] [--coalescing-only] [--rounds <n>] [--requests <n>] [--help]

        Measures ServiceLayer (MenuController over APIClient) against a bare URLSession + JSONDecoder
        on an embedded fixture server: per-request overhead, decoding, concurrency, coalescing and the
        image cache, memory growth, the caches, the main thread's time per call for a main-actor
        decoded response, and the memory per call in flight. Prints a table, then one line of JSON
        with every figure.
        Build it in release mode: swift run -c release service-bench

        OPTIONS:
          --quick          A small run for CI (3 rounds, small sizes, 1,000 requests for memory, 200
                           calls in flight); its timings are printed but not judged.
          --overhead-only  Run only the overhead measurement (1/8), and print its rows and figures.
          --coalescing-only
                           Run only the coalescing check of measurement 4/8 (100 concurrent fetchImage
                           calls of one URL, the server answering at once), once per round on a new
                           controller, and print the server's hits per round.
          --rounds <n>     Interleaved rounds per comparison (7 by default, 3 with --quick).
          --requests <n>   Sequential requests per round of the overhead measurement (400 by default,
                           30 with --quick).
          -h, --help       Show this help.

        Exits 0 when every measurement ran (even if a target is missed), 1 when something broke
        (a request failed), 2 on bad arguments.
        """

    /// Reads the arguments (without the program name). `--quick` picks the small sizes wherever it
    /// stands; `--rounds` and `--requests` then override theirs.
    static func parse(_ arguments: [String]) -> Result<BenchCommand, BenchUsageError> {
        if arguments.first == "--memory-child" { return parseMemoryChild(Array(arguments.dropFirst())) }
        if arguments.first == MainThreadBench.childFlag { return parseMainThreadChild(Array(arguments.dropFirst())) }
        if arguments.first == "--in-flight-child" { return parseInFlightChild(Array(arguments.dropFirst())) }
        var quick = false
        var overheadOnly = false
        /// Whether only the coalescing check runs, once per round (`--coalescing-only`); `false` in both presets.
        var coalescingOnly = false
        var rounds: Int?
        var requests: Int?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .success(.help)
            case "--quick": quick = true
            case "--overhead-only": overheadOnly = true
            case "--coalescing-only": coalescingOnly = true
            case "--rounds", "--requests":
                guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
                    return .failure(BenchUsageError(message: "\(argument) needs a whole number above 0"))
                }
                if argument == "--rounds" { rounds = value } else { requests = value }
            default: return .failure(BenchUsageError(message: "unknown argument '\(argument)'"))
            }
        }
        var settings = quick ? BenchSettings.quick : BenchSettings.full
        settings.overheadOnly = overheadOnly
        settings.coalescingOnly = coalescingOnly
        if let rounds { settings.rounds = rounds }
        if let requests { settings.sequentialRequests = requests }
        return .success(.run(settings))
    }

    /// `--memory-child <layer|bare> <base-url> <requests>`, passed by the parent process only.
    private static func parseMemoryChild(_ arguments: [String]) -> Result<BenchCommand, BenchUsageError> {
        guard arguments.count == 3, let mode = MemoryMode(rawValue: arguments[0]),
            let url = URL(string: arguments[1]), url.host != nil,
            let requests = Int(arguments[2]), requests > 0
        else { return .failure(BenchUsageError(message: "--memory-child needs <layer|bare> <base-url> <requests>")) }
        return .success(.memoryChild(mode: mode, baseURL: url, requests: requests))
    }

    /// `--main-thread-child <base-url> <items> <rounds> <calls-per-round>`, passed by the parent process only.
    private static func parseMainThreadChild(_ arguments: [String]) -> Result<BenchCommand, BenchUsageError> {
        let numbers = arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
        guard arguments.count == 4, numbers.count == 3, let url = URL(string: arguments[0]), url.host != nil else {
            return .failure(
                BenchUsageError(message: "\(MainThreadBench.childFlag) needs <base-url> <items> <rounds> <calls>"))
        }
        return .success(
            .mainThreadChild(baseURL: url, items: numbers[0], rounds: numbers[1], callsPerRound: numbers[2]))
    }

    /// `--in-flight-child <layer|bare> <base-url> <calls> [--exit-in-flight]`, passed by the parent
    /// process (or by hand, to profile one side's heap with every call in flight).
    private static func parseInFlightChild(_ arguments: [String]) -> Result<BenchCommand, BenchUsageError> {
        let exitInFlight = arguments.count == 4 && arguments[3] == "--exit-in-flight"
        guard arguments.count == 3 || exitInFlight, let mode = MemoryMode(rawValue: arguments[0]),
            let url = URL(string: arguments[1]), url.host != nil,
            let calls = Int(arguments[2]), calls > 0
        else {
            return .failure(
                BenchUsageError(message: "--in-flight-child needs <layer|bare> <base-url> <calls> [--exit-in-flight]"))
        }
        return .success(.inFlightChild(mode: mode, baseURL: url, calls: calls, exitInFlight: exitInFlight))
    }
}
#endif
