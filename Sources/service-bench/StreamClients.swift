#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - What both sides do with each event

/// What one stream's callbacks saw, on the main actor: how many events, and (when asked) the time from
/// each event's flush by the ``StreamSource`` to the callback that received it.
///
/// Both sides hand it each event's data on the main actor, as an app's screen would need it; it reads
/// the server's timestamp from the data the same way for both.
@MainActor
final class EventTally {
    /// Events received.
    private(set) var count = 0
    /// Seconds per event from the first callback to the last (the connection's setup left out).
    var steadySecondsPerEvent: Double {
        count > 1 ? Double(lastAt - firstAt) / 1e9 / Double(count - 1) : 0
    }
    /// Nanoseconds from each event's flush to its callback, in order; empty unless `recordsLatency`.
    private(set) var latencies: [UInt64] = []
    /// A data that was not the server's timestamp, if one came.
    private(set) var unexpected: String?
    /// When the first and the latest event reached their callback (`CLOCK_MONOTONIC`, nanoseconds).
    private(set) var firstAt: UInt64 = 0
    private(set) var lastAt: UInt64 = 0
    private let recordsLatency: Bool

    /// A tally for a stream of `expected` events; `recordsLatency` keeps each one's flush-to-callback time.
    init(expected: Int, recordsLatency: Bool) {
        self.recordsLatency = recordsLatency
        if recordsLatency { latencies.reserveCapacity(expected) }
    }

    /// One event's data, received now.
    func take(_ data: String) {
        count += 1
        let now = monotonicNanoseconds()
        if count == 1 { firstAt = now }
        lastAt = now
        guard recordsLatency else { return }
        guard let sent = UInt64(data) else {
            unexpected = unexpected ?? data
            return
        }
        latencies.append(now >= sent ? now - sent : 0)
    }
}

/// Reads one stream of `events` events from `url` with `start` (which must call its completion on the
/// main actor, once), and returns the tally and the seconds from the call to its completion.
///
/// The tally also has the moments of the first and the last callback: the time between them over the
/// events between them is the per-event time without the connection's setup.
private func readStream(
    events: Int, recordsLatency: Bool,
    start: @escaping @MainActor (EventTally, @escaping @MainActor @Sendable (String?) -> Void) -> Void
) throws(BenchFailure) -> (tally: EventTally, seconds: Double) {
    let waiter = CompletionWaiter()
    let tally = DispatchQueue.main.sync {
        MainActor.assumeIsolated { EventTally(expected: events, recordsLatency: recordsLatency) }
    }
    let begin = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.main.async {
        MainActor.assumeIsolated {
            start(tally) { failure in waiter.signal(failure: failure) }
        }
    }
    try waiter.wait("a stream of \(events) events")
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
    let (count, unexpected) = DispatchQueue.main.sync {
        MainActor.assumeIsolated { (tally.count, tally.unexpected) }
    }
    if let unexpected { throw BenchFailure("an event's data was '\(unexpected)', not a timestamp") }
    guard count == events else { throw BenchFailure("expected \(events) events, received \(count)") }
    return (tally, seconds)
}

// MARK: - The layer

/// `APIClient.events(for:reconnect:onEvent:completion:)`, as an app calls it: each event on the main actor.
struct LayerStreamClient: Sendable {
    private let client: APIClient

    /// A client with its own session (``benchConfiguration(timeout:)``), no retry.
    init(baseURL: URL) {
        client = APIClient(
            baseURL: baseURL, session: APIClient.makeSession(configuration: benchConfiguration()),
            options: APIClient.Options(retryPolicy: .never))
    }

    /// Reads the stream at `url` to its end: `events` events expected.
    func read(_ url: URL, events: Int, recordsLatency: Bool) throws(BenchFailure) -> (
        tally: EventTally, seconds: Double
    ) {
        let client = client
        return try readStream(events: events, recordsLatency: recordsLatency) { tally, done in
            client.events(
                for: Endpoint<Void>(.url(url)), reconnect: .never,
                onEvent: { event in tally.take(event.data) },
                completion: { result in
                    if case .failure(let error) = result { done("layer: \(error)") } else { done(nil) }
                })
        }
    }
}

// MARK: - Bare

/// A bare `URLSession` delegate: `didReceive data` and a minimal line splitter (`data:` lines, a blank
/// line ends the event; no CR, BOM, comment, `id` or `retry` handling), each chunk's events handed to the
/// main queue in one block, as an app would hand them to its screen (and as the layer does).
final class BareStreamClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `state` is under its lock; the session and the per-stream callbacks are set before a task
    // starts and read by the delegate only while that one task runs.
    private struct State {
        var line: [UInt8] = []
        var data: [UInt8] = []
        var tally: EventTally?
        var done: (@MainActor @Sendable (String?) -> Void)?
    }

    private let state = Locked(State())
    private var session: URLSession!

    /// A client with its own session (``benchConfiguration(timeout:)``) and itself as delegate.
    override init() {
        super.init()
        session = URLSession(configuration: benchConfiguration(), delegate: self, delegateQueue: nil)
    }

    /// Reads the stream at `url` to its end: `events` events expected.
    func read(_ url: URL, events: Int, recordsLatency: Bool) throws(BenchFailure) -> (
        tally: EventTally, seconds: Double
    ) {
        return try readStream(events: events, recordsLatency: recordsLatency) { [self] tally, done in
            state.withLock { $0 = State(tally: tally, done: done) }
            var request = URLRequest(url: url)
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (events, tally) = state.withLock { state -> ([String], EventTally?) in
            var events: [String] = []
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                var start = 0
                for index in 0..<bytes.count where bytes[index] == 0x0A {
                    let piece = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    if state.line.isEmpty {
                        Self.endLine(piece, &state, &events)
                    } else {
                        state.line.append(contentsOf: piece)
                        let whole = state.line
                        state.line.removeAll(keepingCapacity: true)
                        whole.withUnsafeBufferPointer { Self.endLine($0, &state, &events) }
                    }
                    start = index + 1
                }
                if start < bytes.count { state.line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
            }
            return (events, state.tally)
        }
        guard !events.isEmpty, let tally else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                for event in events { tally.take(event) }
            }
        }
    }

    /// One line: a blank one ends the event (its data becomes a string), a `data: ` one adds to its data.
    private static func endLine(_ line: UnsafeBufferPointer<UInt8>, _ state: inout State, _ events: inout [String]) {
        if line.isEmpty {
            guard !state.data.isEmpty else { return }
            events.append(String(decoding: state.data, as: UTF8.self))
            state.data.removeAll(keepingCapacity: true)
        } else if line.starts(with: dataPrefix) {
            if !state.data.isEmpty { state.data.append(0x0A) }
            state.data.append(contentsOf: UnsafeBufferPointer(rebasing: line[dataPrefix.count...]))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let status = (task.response as? HTTPURLResponse)?.statusCode
        let done = state.withLock { $0.done }
        let failure = error.map { "bare: \($0)" } ?? (status == 200 ? nil : "bare: status \(status ?? 0)")
        DispatchQueue.main.async {
            MainActor.assumeIsolated { done?(failure) }
        }
    }

    private static let dataPrefix = Array("data: ".utf8)
}
#endif
