#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

/// The memory part of `service-bench streams`: how much one stream of many events grows the reading
/// process, through the layer and through the bare delegate, each side in a fresh child process
/// (`service-bench streams --memory-child <layer|bare> <base-url> <events>`), as measurement 5 of the
/// main bench does, so that neither the event source nor the other side is counted.
enum StreamMemory {
    /// What a child prints: its readings before and after the measured stream.
    struct ChildReport: Codable {
        /// `VmRSS` after the warm-up stream, in KiB.
        var rssBeforeKB: Double
        /// `VmRSS` after the measured stream, in KiB.
        var rssAfterKB: Double
        /// `VmHWM` (peak RSS) after the measured stream, in KiB.
        var peakAfterKB: Double
        /// `malloc`'d bytes before and after (glibc only; `nil` elsewhere).
        var heapBeforeBytes: Double?
        var heapAfterBytes: Double?

        /// Peak growth above the resident size before the stream.
        var peakGrowthKB: Double { max(0, peakAfterKB - rssBeforeKB) }
        /// Resident growth over the stream.
        var rssGrowthKB: Double { rssAfterKB - rssBeforeKB }
        /// `malloc`'d growth over the stream, where it can be read.
        var heapGrowthBytes: Double? {
            guard let heapBeforeBytes, let heapAfterBytes else { return nil }
            return heapAfterBytes - heapBeforeBytes
        }
    }

    /// Medians of each side's children.
    struct Figures {
        var layer: ChildReport
        var bare: ChildReport
    }

    /// Events of the warm-up stream each child reads before its first reading.
    static let warmUpEvents = 2_000

    // MARK: Parent

    /// Runs `settings.memoryRuns` children per side, alternated, and keeps each side's median child
    /// (by peak growth).
    static func run(source: StreamSource, settings: StreamBench.Settings) throws(BenchFailure) -> Figures {
        var reports: [MemoryMode: [ChildReport]] = [:]
        for run in 0..<settings.memoryRuns {
            let order: [MemoryMode] = run % 2 == 0 ? [.layer, .bare] : [.bare, .layer]
            for mode in order {
                let data = try ChildProcess.run(
                    [
                        "streams", StreamBench.memoryChildFlag, mode.rawValue, source.baseURL.absoluteString,
                        String(settings.memoryEvents),
                    ], what: "stream memory (\(mode.rawValue))")
                let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
                guard let report = try? JSONDecoder().decode(ChildReport.self, from: Data(lastLine.utf8)) else {
                    throw BenchFailure("stream memory: the \(mode.rawValue) child printed no report: '\(lastLine)'")
                }
                reports[mode, default: []].append(report)
            }
        }
        func medianChild(_ mode: MemoryMode) -> ChildReport {
            let sorted = (reports[mode] ?? []).sorted { $0.peakGrowthKB < $1.peakGrowthKB }
            return sorted[sorted.count / 2]
        }
        return Figures(layer: medianChild(.layer), bare: medianChild(.bare))
    }

    // MARK: Child

    /// The child's whole life: a warm-up stream, a reading, one stream of `events` events, a reading,
    /// one JSON line. Returns the exit status.
    static func runChild(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let mode = MemoryMode(rawValue: arguments[0]),
            let baseURL = URL(string: arguments[1]), let events = Int(arguments[2]), events > 0
        else {
            FileHandle.standardError.write(
                Data("\(StreamBench.memoryChildFlag) needs <layer|bare> <url> <events>\n".utf8))
            return 2
        }
        let read: (URL, Int) throws(BenchFailure) -> Void
        switch mode {
        case .layer:
            let client = LayerStreamClient(baseURL: baseURL)
            read = { url, count throws(BenchFailure) in _ = try client.read(url, events: count, recordsLatency: false) }
        case .bare:
            let client = BareStreamClient()
            read = { url, count throws(BenchFailure) in _ = try client.read(url, events: count, recordsLatency: false) }
        }
        do throws(BenchFailure) {
            try read(StreamSource.url(baseURL, events: warmUpEvents, gapMicroseconds: 0), warmUpEvents)
            let heapBefore = HeapReading.bytesInUse()
            let before = MemoryReading.now()
            try read(StreamSource.url(baseURL, events: events, gapMicroseconds: 0), events)
            let heapAfter = HeapReading.bytesInUse()
            let after = MemoryReading.now()
            let report = ChildReport(
                rssBeforeKB: before.residentKB, rssAfterKB: after.residentKB, peakAfterKB: after.peakKB,
                heapBeforeBytes: heapBefore, heapAfterBytes: heapAfter)
            print(String(decoding: try! JSONEncoder().encode(report), as: UTF8.self))
            return 0
        } catch {
            FileHandle.standardError.write(
                Data("service-bench streams \(StreamBench.memoryChildFlag): \(error)\n".utf8))
            return 1
        }
    }
}
#endif
