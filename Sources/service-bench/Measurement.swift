#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Dispatch
import Foundation
import ServiceLayer

// MARK: - Time

/// Monotonic time in nanoseconds, for timing a batch of work.
enum Stopwatch {
    /// Runs `body` and returns how many seconds it took.
    static func seconds(_ body: () throws(BenchFailure) -> Void) throws(BenchFailure) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// CPU time (user + system) this process has used so far, in seconds: every thread's, the embedded
/// server's included.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// CPU time (user + system) the calling thread has used so far, in seconds
/// (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`): read on the main thread, the time it spent running
/// main-queue blocks.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median of `values` (the mean of the two middle values for an even count); 0 when empty.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs `layer` and `bare` alternately for `rounds` rounds and returns the median of each. The order
/// alternates too (layer then bare, then bare then layer, ...), so neither side always runs right
/// after the other one or always first after a warm-up.
func interleavedMedians(
    rounds: Int, layer: () throws(BenchFailure) -> Double, bare: () throws(BenchFailure) -> Double
) throws(BenchFailure) -> (layer: Double, bare: Double) {
    var layerValues: [Double] = []
    var bareValues: [Double] = []
    for round in 0..<rounds {
        if round % 2 == 0 {
            layerValues.append(try layer())
            bareValues.append(try bare())
        } else {
            bareValues.append(try bare())
            layerValues.append(try layer())
        }
    }
    return (median(layerValues), median(bareValues))
}

// MARK: - Failure

/// Something broke: a request failed or returned the wrong thing. The bench then exits 1.
struct BenchFailure: Error, CustomStringConvertible {
    /// What broke, in one line.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

// MARK: - Waiting for one completion

/// Blocks the bench thread until a completion has run on another queue, and carries its failure out.
///
/// The bench thread is never the callback queue: completions run on a private serial queue and
/// signal this waiter, so the wait cannot deadlock.
final class CompletionWaiter: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let failure = Locked<String?>(nil)

    /// Called by the completion: records `failure` (if any) and wakes the waiting thread.
    func signal(failure message: String? = nil) {
        if let message { failure.withLock { $0 = $0 ?? message } }
        semaphore.signal()
    }

    /// Waits for one ``signal(failure:)``; throws if it carried a failure or none came within 60 s.
    func wait(_ what: @autoclosure () -> String) throws(BenchFailure) {
        guard semaphore.wait(timeout: .now() + 60) == .success else {
            throw BenchFailure("\(what()): no completion within 60 s")
        }
        if let message = failure.withLock({ $0 }) { throw BenchFailure("\(what()): \(message)") }
    }
}

/// Collects the failures of many concurrent completions; the first one is kept.
final class FailureBox: Sendable {
    private let first = Locked<String?>(nil)

    /// Records `message` unless a failure was already recorded.
    func record(_ message: String) {
        first.withLock { $0 = $0 ?? message }
    }

    /// Throws the first recorded failure, if any.
    func check(_ what: String) throws(BenchFailure) {
        if let message = first.withLock({ $0 }) { throw BenchFailure("\(what): \(message)") }
    }
}
#endif
