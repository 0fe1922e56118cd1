import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking

/// The delegate queue of a Linux streaming session (see `StreamingSession.swift`): serial, and it keeps
/// the bytes received but not yet written to a few hundred KiB, whatever the disk's speed.
///
/// swift-corelibs-foundation reads the socket on the session's own queue and hands each chunk (at most
/// libcurl's `CURL_MAX_WRITE_SIZE`, 16 KiB) to the delegate queue with `addOperation`, without waiting:
/// when the delegate writes more slowly than the network delivers, the chunks would wait in memory.
/// Suspending the task is no remedy there: `URLSessionTask.suspend()` removes the transfer from libcurl, which ends
/// it (a `URLSessionTask.resume()` starts the request again from its first byte). So `addOperation` itself waits while
/// ``limit`` operations are queued: URLSession's reader stops reading, the socket's buffer fills, and the
/// server is held back by TCP. The wait gives up after ``longestWait`` (then the chunk is queued anyway),
/// so that a delegate that waits for URLSession's queue itself can never hang the session.
///
/// The operations run in order on one dispatch queue of its own, in batches: each is a closure in
/// ``pending`` rather than an `Operation`, so handing a 16 KiB chunk on costs a lock and an append (an
/// `Operation` per chunk, with the queue's bookkeeping, made a download 1.2× slower than URLSession's own
/// download task; see BENCHMARKS.md). URLSession uses no other `OperationQueue` method of a delegate queue.
final class StreamingDelegateQueue: OperationQueue, @unchecked Sendable {  // its state is under `condition`
    /// The most operations queued or running before URLSession's reader waits: 32, at most 512 KiB of
    /// chunks.
    static let limit = 32
    /// The longest a chunk waits for room: 1 s.
    static let longestWait: TimeInterval = 1
    /// The bytes an operation can carry at most: libcurl's `CURL_MAX_WRITE_SIZE`, 16 KiB.
    static let largestChunk = 16 * 1024

    private let condition = NSCondition()
    /// Operations queued so far (their numbers are 0, 1, ...) and finished so far (serial: in order).
    private var queued = 0
    private var finished = 0
    /// The bytes the running operation's delegate reported (see ``received(_:)``).
    private var runningBytes: Int64 = 0
    /// For each queued operation, the number of the first one not finished when it was queued.
    private var firstPending: [Int: Int] = [:]
    /// The bytes of operations 0 through n (n ≥ the oldest one still needed), and of none (-1: 0).
    private var bytesThrough: [Int: Int64] = [-1: 0]
    /// Sums below this number are removed.
    private var pruned = -1
    private var peak: Int64 = 0
    private var waits = 0
    /// The operations queued and not yet started, oldest first (the first one's number is `finished`).
    private var pending: [@Sendable () -> Void] = []
    /// Whether a batch is running or about to: then a new operation only joins ``pending``.
    private var draining = false
    /// Where the operations run, one at a time.
    private let runner = DispatchQueue(label: "ServiceLayer.StreamingDelegateQueue")

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "ServiceLayer.StreamingDelegateQueue"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        if queued - finished >= Self.limit {
            let deadline = Date(timeIntervalSinceNow: Self.longestWait)
            while queued - finished >= Self.limit {
                waits += 1
                guard condition.wait(until: deadline) else { break }
            }
        }
        firstPending[queued] = finished
        queued += 1
        pending.append(block)
        let starts = !draining
        draining = true
        condition.unlock()
        if starts { runner.async { [self] in drain() } }
    }

    /// Runs the pending operations in order, in batches, until none is left.
    private func drain() {
        while true {
            condition.lock()
            guard !pending.isEmpty else {
                draining = false
                condition.unlock()
                return
            }
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            let first = finished
            condition.unlock()
            for (offset, block) in batch.enumerated() {
                block()
                operationFinished(first + offset)
            }
        }
    }

    /// The running operation's delegate received `count` bytes (called on this queue, by the
    /// session's delegate, as it hands a chunk on).
    func received(_ count: Int) {
        condition.lock()
        runningBytes += Int64(count)
        condition.unlock()
    }

    /// The most bytes that were received and not yet written at once: the chunks queued or being
    /// written when a chunk was queued (the moments the count grows), known once they have run.
    var peakBufferedBytes: Int64 {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }

    /// How many times URLSession's reader waited for room.
    var readerWaits: Int {
        condition.lock()
        defer { condition.unlock() }
        return waits
    }

    private func operationFinished(_ number: Int) {
        condition.lock()
        defer { condition.unlock() }
        let through = (bytesThrough[number - 1] ?? 0) + runningBytes
        runningBytes = 0
        bytesThrough[number] = through
        if let first = firstPending.removeValue(forKey: number), let before = bytesThrough[first - 1] {
            peak = max(peak, through - before)  // what was in memory when this one was queued
        }
        finished = number + 1
        // Keep only the sums still needed: from the next operation's "first pending" on (the later ones'
        // are no earlier).
        let oldest = firstPending[finished] ?? finished
        while pruned < oldest - 1 {
            bytesThrough[pruned] = nil
            pruned += 1
        }
        condition.signal()
    }
}
#endif
