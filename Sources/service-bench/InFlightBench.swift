#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import Loopback
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measurement 8: the memory each call holds while it is in flight. Many `fetchMenuItems` calls
/// (coalescing off, so each has its own exchange) are started through one controller, all at once,
/// against a listener that never answers; once they are all started and settled, the process's memory
/// is read; then they are cancelled. The same with as many bare data tasks.
///
/// Each side runs in a fresh child process (`service-bench --in-flight-child ...`), as in measurement
/// 5. The listener (``SilentListener``) belongs to the parent: it accepts nothing and sends nothing, so
/// no call can complete before the reading, and nothing (no server thread, no queued fault) is left
/// over after a child; the kernel completes the TCP handshakes and buffers the requests, so from the
/// client's side every call is a request sent and waiting for its answer (URLSession opens a few
/// connections and queues the other tasks, alike on both sides).
enum InFlightBench {
    /// Medians over the child runs of each side.
    struct Figures {
        /// Calls in flight at once in each child.
        var calls: Int
        /// Child runs per side.
        var runs: Int
        /// Resident-size growth per call in flight, through the layer, in bytes.
        var layerRSSBytesPerCall: Double
        /// The same for bare data tasks.
        var bareRSSBytesPerCall: Double
        /// Heap bytes in use per call in flight (``HeapReading``), through the layer; `nil` where unknown.
        var layerHeapBytesPerCall: Double?
        /// The same for bare data tasks.
        var bareHeapBytesPerCall: Double?
        /// Heap bytes per call still in use after every call was cancelled and completed, through the layer.
        var layerRetainedHeapBytesPerCall: Double?
        /// The same for bare data tasks.
        var bareRetainedHeapBytesPerCall: Double?
        /// ms to start every call, through the layer (information).
        var layerStartMillis: Double
        /// The same for bare data tasks.
        var bareStartMillis: Double

        /// What the layer holds per call beyond a bare task: layer minus bare, resident size.
        var oursMinusBareRSS: Double { layerRSSBytesPerCall - bareRSSBytesPerCall }
        /// The same in heap bytes.
        var oursMinusBareHeap: Double? {
            guard let layer = layerHeapBytesPerCall, let bare = bareHeapBytesPerCall else { return nil }
            return layer - bare
        }
    }

    /// Issue 20's goal for the layer's resident bytes per call in flight, judged here on what the layer
    /// holds beyond a bare task (a bare task in flight holds about 16 KB on Linux, libcurl's; see
    /// BENCHMARKS.md).
    static let goalBytesPerCall = 1536.0

    /// The argument that starts the child process.
    static let childFlag = "--in-flight-child"

    /// Calls each child starts, settles and cancels before its first reading (at most as many as it measures).
    static let warmUpCalls = 200

    /// The request timeout in the children: long enough that no call times out before it is cancelled,
    /// also under valgrind.
    static let timeout: TimeInterval = 900

    // MARK: Parent

    /// Runs `settings.inFlightRuns` children per side, alternating which side goes first.
    static func run(settings: BenchSettings) throws(BenchFailure) -> Figures {
        var samples: [MemoryMode: [ChildReport]] = [:]
        for run in 0..<settings.inFlightRuns {
            let order: [MemoryMode] = run % 2 == 0 ? [.layer, .bare] : [.bare, .layer]
            for mode in order {
                let listener = try SilentListener()
                defer { listener.close() }
                samples[mode, default: []].append(
                    try runChild(mode, baseURL: listener.baseURL, calls: settings.inFlightCalls))
            }
        }
        let calls = Double(settings.inFlightCalls)
        func perCall(_ mode: MemoryMode, _ value: (ChildReport) -> Double?) -> Double? {
            let values = (samples[mode] ?? []).compactMap(value)
            return values.isEmpty ? nil : median(values) / calls
        }
        return Figures(
            calls: settings.inFlightCalls, runs: settings.inFlightRuns,
            layerRSSBytesPerCall: perCall(.layer, \.rssGrowthBytes) ?? 0,
            bareRSSBytesPerCall: perCall(.bare, \.rssGrowthBytes) ?? 0,
            layerHeapBytesPerCall: perCall(.layer, \.heapGrowthBytes),
            bareHeapBytesPerCall: perCall(.bare, \.heapGrowthBytes),
            layerRetainedHeapBytesPerCall: perCall(.layer, \.heapRetainedBytes),
            bareRetainedHeapBytesPerCall: perCall(.bare, \.heapRetainedBytes),
            layerStartMillis: perCall(.layer, \.startMillis).map { $0 * calls } ?? 0,
            bareStartMillis: perCall(.bare, \.startMillis).map { $0 * calls } ?? 0)
    }

    /// What a child prints, in one JSON line.
    struct ChildReport: Codable {
        /// `VmRSS` after the warm-up, in KiB.
        var rssBeforeKB: Double
        /// `VmRSS` with every call in flight.
        var rssInFlightKB: Double
        /// `VmRSS` after every call was cancelled and completed (`nil` with `--exit-in-flight`).
        var rssAfterKB: Double?
        /// Heap bytes in use at the three moments (`nil` where ``HeapReading`` cannot tell).
        var heapBeforeBytes: Double?
        var heapInFlightBytes: Double?
        var heapAfterBytes: Double?
        /// URLSession's running tasks at the reading (every call's, so it must equal the calls).
        var runningTasks: Int
        /// ms to start every call.
        var startMillis: Double

        var rssGrowthBytes: Double { (rssInFlightKB - rssBeforeKB) * 1024 }
        var heapGrowthBytes: Double? { heapInFlightBytes.flatMap { inFlight in heapBeforeBytes.map { inFlight - $0 } } }
        var heapRetainedBytes: Double? { heapAfterBytes.flatMap { after in heapBeforeBytes.map { after - $0 } } }
    }

    private static func runChild(_ mode: MemoryMode, baseURL: URL, calls: Int) throws(BenchFailure) -> ChildReport {
        let data = try ChildProcess.run(
            [childFlag, mode.rawValue, baseURL.absoluteString, String(calls)], what: "in flight (\(mode))")
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard let report = try? JSONDecoder().decode(ChildReport.self, from: Data(lastLine.utf8)) else {
            throw BenchFailure("in flight: the \(mode.rawValue) child printed no report: '\(lastLine)'")
        }
        guard report.runningTasks >= calls else {
            throw BenchFailure("in flight: \(report.runningTasks) of \(calls) \(mode.rawValue) tasks were running")
        }
        return report
    }

    // MARK: Child

    /// The child's whole life: warm up (start, settle, cancel), read memory, start `calls` calls, let
    /// them settle, read memory, cancel them all, wait for every completion, read memory, print one JSON
    /// line. With `exitInFlight`, it prints after the second reading and exits at once, every call still
    /// in flight (for a heap profiler, whose report at exit is then the in-flight heap).
    static func runChild(mode: MemoryMode, baseURL: URL, calls: Int, exitInFlight: Bool) -> Int32 {
        do throws(BenchFailure) {
            let report: ChildReport
            switch mode {
            case .layer:
                let layer = LayerClient(
                    baseURL: baseURL, options: APIClient.Options(coalescesGETs: false), timeout: timeout)
                report = try measure(
                    calls: calls, session: layer.controller.client.session, exitInFlight: exitInFlight,
                    start: layer.startMenu, cancel: { $0.cancel() })
            case .bare:
                let bare = BareClient(baseURL: baseURL, timeout: timeout)
                report = try measure(
                    calls: calls, session: bare.session, exitInFlight: exitInFlight,
                    start: { done in
                        let task = bare.startMenu(done)
                        task.resume()
                        return task
                    }, cancel: { $0.cancel() })
            }
            if !exitInFlight { printReport(report) }
            return 0
        } catch {
            FileHandle.standardError.write(Data("service-bench --in-flight-child: \(error)\n".utf8))
            return 1
        }
    }

    private static func printReport(_ report: ChildReport) {
        let json = try! JSONEncoder().encode(report)
        FileHandle.standardOutput.write(json + Data("\n".utf8))  // unbuffered: also before exit(0)
    }

    /// The readings of one child; `Handle` is what cancels one call (a `RequestHandle` or a data task).
    private static func measure<Handle>(
        calls: Int, session: URLSession, exitInFlight: Bool,
        start: (@escaping @Sendable (String?) -> Void) -> Handle, cancel: (Handle) -> Void
    ) throws(BenchFailure) -> ChildReport {
        var handles: [Handle] = []
        handles.reserveCapacity(max(calls, warmUpCalls))  // the array is not part of the figure

        // Warm-up: the same path, start to cancel, so code, caches and threads are in place.
        let warmUpCount = min(warmUpCalls, calls)
        let warmUp = Countdown(warmUpCount)
        for _ in 0..<warmUpCount { handles.append(start(warmUp.done)) }
        _ = runningTasks(session)
        for handle in handles { cancel(handle) }
        handles.removeAll(keepingCapacity: true)
        try warmUp.wait("in-flight warm-up")

        let before = (heap: HeapReading.bytesInUse(), rss: MemoryReading.now().residentKB)
        let inFlight = Countdown(calls)
        let started = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<calls { handles.append(start(inFlight.done)) }
        let startMillis = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        let running = runningTasks(session)
        settle()
        let during = (heap: HeapReading.bytesInUse(), rss: MemoryReading.now().residentKB)
        var report = ChildReport(
            rssBeforeKB: before.rss, rssInFlightKB: during.rss, heapBeforeBytes: before.heap,
            heapInFlightBytes: during.heap, runningTasks: running, startMillis: startMillis)
        if exitInFlight {
            printReport(report)
            exit(0)
        }

        for handle in handles { cancel(handle) }
        handles.removeAll()
        try inFlight.wait("in flight")
        settle()
        report.heapAfterBytes = HeapReading.bytesInUse()
        report.rssAfterKB = MemoryReading.now().residentKB
        return report
    }

    /// URLSession's running tasks, asked through its work queue, so every resume sent before has been
    /// handled.
    private static func runningTasks(_ session: URLSession) -> Int {
        let count = Locked(0)
        let semaphore = DispatchSemaphore(value: 0)
        session.getAllTasks { tasks in
            count.withLock { $0 = tasks.count }
            semaphore.signal()
        }
        semaphore.wait()
        return count.withLock { $0 }
    }

    /// Waits until the resident size stops moving (two readings 200 ms apart within 64 KiB), at most 5 s:
    /// URLSession's work queue and libcurl set the queued transfers up after `resume()` returns.
    private static func settle() {
        var last = MemoryReading.now().residentKB
        for _ in 0..<25 {
            usleep(200_000)
            let now = MemoryReading.now().residentKB
            if abs(now - last) <= 64 { return }
            last = now
        }
    }
}

// MARK: - Counting completions

/// Waits for a known number of completions, each of which must be a cancellation.
private final class Countdown: Sendable {
    private let state: Locked<(remaining: Int, failure: String?)>
    private let semaphore = DispatchSemaphore(value: 0)

    init(_ count: Int) {
        state = Locked((count, nil))
    }

    /// A call's completion: counts it, and keeps the first that was not a cancellation.
    func done(_ failure: String?) {
        let isLast = state.withLock { state -> Bool in
            if failure != cancelledFailure, state.failure == nil { state.failure = failure ?? "a call succeeded" }
            state.remaining -= 1
            return state.remaining == 0
        }
        if isLast { semaphore.signal() }
    }

    /// Waits for the last completion (60 s at most); throws if one was not a cancellation.
    func wait(_ what: String) throws(BenchFailure) {
        guard semaphore.wait(timeout: .now() + 60) == .success else {
            throw BenchFailure("\(what): not every call completed within 60 s of its cancel")
        }
        if let failure = state.withLock({ $0.failure }) { throw BenchFailure("\(what): \(failure)") }
    }
}

// MARK: - A listener that never answers

/// A TCP socket on `127.0.0.1` that listens and never accepts: the kernel completes connections into
/// its backlog and buffers what they send, and nothing ever comes back.
final class SilentListener {
    private let socketDescriptor: Int32
    /// `http://127.0.0.1:<port>/`.
    let baseURL: URL

    init() throws(BenchFailure) {
        do {
            let (descriptor, port) = try LoopbackSocket.listen(backlog: 1024)
            socketDescriptor = descriptor
            baseURL = LoopbackSocket.baseURL(port: port)
        } catch {
            throw BenchFailure("in flight: the silent listener: \(error)")
        }
    }

    /// Stops listening; the connections still waiting in the backlog are reset.
    func close() {
        LoopbackSocket.close(socketDescriptor)
    }
}
#endif
