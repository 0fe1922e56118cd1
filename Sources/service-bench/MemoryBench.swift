#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measurement 5: how much resident memory grows over many requests through the layer, and over as
/// many through a bare session.
///
/// Each side runs in a fresh child process (`service-bench --memory-child ...`) against the parent's
/// embedded fixture server, so the figures hold the client's memory only: not the server's (which
/// records every request it receives), and not whatever the other side or an earlier measurement
/// left allocated. URLSession's libcurl on Linux keeps about 48 bytes per request; the bare side
/// shows that baseline, and "ours minus bare" is the layer's own growth.
enum MemoryBench {
    /// Medians over the child runs of each side.
    struct Figures {
        /// Requests per child, after a warm-up of ``warmUpRequests``.
        var requests: Int
        /// Peak RSS growth through the layer: `VmHWM` after the requests minus `VmRSS` before, in KiB.
        var layerPeakGrowthKB: Double
        /// The same through the bare session.
        var barePeakGrowthKB: Double
        /// RSS growth through the layer (`VmRSS` after minus before), in KiB.
        var layerRSSGrowthKB: Double
        /// The same through the bare session.
        var bareRSSGrowthKB: Double

        /// Peak growth per request through the layer, in bytes.
        var layerBytesPerRequest: Double { layerPeakGrowthKB * 1024 / Double(requests) }
        /// Peak growth per request through the bare session, in bytes.
        var bareBytesPerRequest: Double { barePeakGrowthKB * 1024 / Double(requests) }
        /// The layer's own growth per request: layer minus bare, in bytes.
        var oursMinusBareBytesPerRequest: Double { layerBytesPerRequest - bareBytesPerRequest }
    }

    /// Requests each child sends before its first reading (connection, caches, code paged in).
    static let warmUpRequests = 200

    // MARK: Parent

    /// Runs `settings.memoryRuns` children per side, interleaved (layer, bare, ...).
    static func run(baseURL: URL, settings: BenchSettings) throws(BenchFailure) -> Figures {
        var samples: [MemoryMode: [ChildReport]] = [:]
        for _ in 0..<settings.memoryRuns {
            for mode in MemoryMode.allCases {
                samples[mode, default: []].append(
                    try runChild(mode, baseURL: baseURL, requests: settings.memoryRequests))
            }
        }
        func growth(_ mode: MemoryMode, _ value: (ChildReport) -> Double) -> Double {
            median((samples[mode] ?? []).map(value))
        }
        return Figures(
            requests: settings.memoryRequests,
            layerPeakGrowthKB: growth(.layer, \.peakGrowthKB), barePeakGrowthKB: growth(.bare, \.peakGrowthKB),
            layerRSSGrowthKB: growth(.layer, \.rssGrowthKB), bareRSSGrowthKB: growth(.bare, \.rssGrowthKB))
    }

    /// What a child prints: its readings before and after the measured requests, in KiB.
    struct ChildReport: Codable {
        /// `VmRSS` after the warm-up.
        var rssBeforeKB: Double
        /// `VmRSS` after the requests.
        var rssAfterKB: Double
        /// `VmHWM` (peak RSS) after the requests.
        var peakAfterKB: Double

        /// Peak growth above the resident size before the requests.
        var peakGrowthKB: Double { max(0, peakAfterKB - rssBeforeKB) }
        /// Resident growth over the requests.
        var rssGrowthKB: Double { rssAfterKB - rssBeforeKB }
    }

    private static func runChild(_ mode: MemoryMode, baseURL: URL, requests: Int) throws(BenchFailure) -> ChildReport {
        let data = try ChildProcess.run(
            ["--memory-child", mode.rawValue, baseURL.absoluteString, String(requests)], what: "memory (\(mode))")
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard let report = try? JSONDecoder().decode(ChildReport.self, from: Data(lastLine.utf8)) else {
            throw BenchFailure("memory: the \(mode.rawValue) child printed no report: '\(lastLine)'")
        }
        return report
    }

    // MARK: Child

    /// The child's whole life: warm up, read memory, send `requests` requests, read memory, print one
    /// JSON line. Returns the exit status.
    static func runChild(mode: MemoryMode, baseURL: URL, requests: Int) -> Int32 {
        let fetch: (@escaping @Sendable (String?) -> Void) -> Void
        switch mode {
        case .layer: fetch = LayerClient(baseURL: baseURL).fetchMenu
        case .bare: fetch = BareClient(baseURL: baseURL).fetchMenu
        }
        do throws(BenchFailure) {
            _ = try timeSequential(warmUpRequests, "memory warm-up (\(mode.rawValue))", fetch: fetch)
            let before = MemoryReading.now()
            _ = try timeSequential(requests, "memory (\(mode.rawValue))", fetch: fetch)
            let after = MemoryReading.now()
            let report = ChildReport(
                rssBeforeKB: before.residentKB, rssAfterKB: after.residentKB, peakAfterKB: after.peakKB)
            let json = try! JSONEncoder().encode(report)
            print(String(decoding: json, as: UTF8.self))
            return 0
        } catch {
            FileHandle.standardError.write(Data("service-bench --memory-child: \(error)\n".utf8))
            return 1
        }
    }
}

/// A fresh `service-bench` process, started with internal arguments by a memory measurement.
enum ChildProcess {
    /// Runs this executable with `arguments` and returns its standard output; throws unless it exits 0.
    static func run(_ arguments: [String], what: String) throws(BenchFailure) -> Data {
        let executable =
            Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw BenchFailure("\(what): could not start \(executable.path): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure("\(what): the child exited with \(process.terminationStatus)")
        }
        return data
    }
}

/// The process's resident memory now, and its peak so far, in KiB.
struct MemoryReading {
    /// Current resident set size (`VmRSS` on Linux, `resident_size` on Apple platforms; the peak where
    /// only the peak is known).
    var residentKB: Double
    /// Peak resident set size (`VmHWM`, or `getrusage`'s `ru_maxrss`).
    var peakKB: Double

    /// Reads `/proc/self/status` on Linux; `task_info` and `getrusage` on Apple platforms.
    static func now() -> MemoryReading {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            var fields: [String: Double] = [:]
            for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") || line.hasPrefix("VmHWM:") {
                let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if parts.count >= 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
            }
            if let resident = fields["VmRSS:"], let peak = fields["VmHWM:"] {
                return MemoryReading(residentKB: resident, peakKB: peak)
            }
        }
        #endif
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        let peak = Double(usage.ru_maxrss) / 1024  // bytes on Darwin
        return MemoryReading(residentKB: darwinResidentBytes().map { Double($0) / 1024 } ?? peak, peakKB: peak)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = Double(usage.ru_maxrss)  // KiB on Linux
        return MemoryReading(residentKB: peak, peakKB: peak)
        #endif
    }

    #if canImport(Darwin)
    /// The resident bytes now: `MACH_TASK_BASIC_INFO`'s `resident_size`, what Linux calls `VmRSS`
    /// (https://developer.apple.com/documentation/kernel/1537934-task_info and
    /// https://developer.apple.com/documentation/kernel/mach_task_basic_info); `nil` if the call fails.
    private static func darwinResidentBytes() -> UInt64? {
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(currentTaskPort, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return result == KERN_SUCCESS ? info.resident_size : nil
    }
    #endif
}

#if canImport(Darwin)
/// This process's task port, for `task_info`. C's `mach_task_self` is a function-like macro over the global
/// `mach_task_self_` (defined in the SDK's `mach/mach_init.h`), and Swift imports no function-like macro, so
/// Swift has no `mach_task_self`; and `mach_task_self_`, a mutable C global, is rejected in Swift 6 mode by
/// SDKs before macOS 15.4 ("reference to var 'mach_task_self_' is not concurrency-safe",
/// https://github.com/apple/swift-system/issues/373). The system starts `mach_task_self_` as the trap
/// `task_self_trap` (in `mach_init`, dyld's `src/glue.c`,
/// https://github.com/opensource-apple/dyld/blob/3f928f32597888c5eac6003b9199d972d49857b5/src/glue.c#L646),
/// so the trap is called once here and its port kept, as https://github.com/apple/swift-system/pull/369
/// suggests.
private let currentTaskPort: mach_port_t = task_self_trap()
#endif
#endif
