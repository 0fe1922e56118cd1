import FixtureServer
import Foundation
import Loopback
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A thousand calls (200 by default; `SERVICELAYER_FULL=1` for the thousand) across all controllers,
/// with random faults and random cancellations, 16 in flight at a time: no completion lost, none doubled, every outcome of the class the fault matrix documents,
/// and the server and the client still healthy afterwards.
///
/// The run is planned up front from a seed: `SOAK_SEED=<n>` replays a run (the seed is printed first).
/// The calls run in waves; during a wave each route has one fault (`times: nil`) or none, so every
/// call's expected outcome is known even though the server sees the calls in no particular order.
final class SoakTests: XCTestCase {
    private let requestCount = TestSize.pick(full: 1_000, small: 200)
    private let waveSize = 100
    private let maxInFlight = 16
    /// The share of routes that misbehave during a wave.
    private let faultRate = 0.45
    /// The share of calls cancelled at a random moment.
    private let cancelRate = 0.10
    /// A completion must arrive within this many seconds of its call, even on a loaded machine.
    private let latencyLimit = FaultMatrix.timeout + FaultMatrix.margin

    func testThousandCallsWithRandomFaultsAndCancellations() throws {
        var random = SeededGenerator(seedFromEnvironment: "SOAK_SEED")
        let seed = random.seed
        // On stderr, unbuffered: a crash must not swallow the seed that replays it.
        FileHandle.standardError.write(Data("SOAK_SEED=\(seed) (set SOAK_SEED to replay this run)\n".utf8))
        let plan = makePlan(using: &random)

        // The servers: one that may fail, one a redirect leads to, and a port nobody listens on.
        let server = FixtureServer(maxConnections: 256)
        try server.start()
        defer { server.stop() }
        let target = FixtureServer(host: "127.0.0.1", maxConnections: 256)
        try target.start()
        defer { target.stop() }
        let dead = try ClosedPort()
        defer { withExtendedLifetime(dead) {} }  // refuses connections until the test ends
        let token = try XCTUnwrap(FaultAccount.signUp(on: server.baseURL), "sign-up on the server")
        XCTAssertNotNil(FaultAccount.signUp(on: target.baseURL), "sign-up on the redirect target")
        let threadsBefore = Self.threadCount()

        let options = APIClient.Options(timeout: FaultMatrix.timeout, retryPolicy: .never)
        // URLSession keeps at most 6 connections per host by default and queues the rest; a call
        // queued behind calls a fault holds for seconds would time out without a fault of its own.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxInFlight
        let session = APIClient.makeSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let deadSession = APIClient.makeSession(configuration: .ephemeral)
        defer { deadSession.finishTasksAndInvalidate() }
        let live = Controllers(
            CallEnvironment(
                root: server.baseURL, session: session, options: options, token: token))
        let refused = Controllers(
            CallEnvironment(
                root: dead.baseURL, session: deadSession, options: options, token: token))

        // The run.
        let records = Locked<[Int: SoakRecord]>([:])
        let handles = Locked<[Int: RequestHandle]>([:])
        let inFlight = DispatchSemaphore(value: maxInFlight)
        let clock = Date()
        var stalled = false
        for wave in plan {
            server.clearFaults()
            for (call, fault) in wave.faults {
                if fault == .redirect {
                    server.inject(
                        .redirect(to: call.url(on: target.baseURL)), path: call.path, method: call.httpMethod,
                        times: nil)
                } else if let injected = fault.fault(for: call) {
                    server.inject(injected, path: call.path, method: call.httpMethod, times: nil)
                }
            }
            let group = DispatchGroup()
            for request in wave.requests {
                guard TestMainQueue.wait(for: inFlight, timeout: 15) == .success else {
                    stalled = true
                    break
                }
                group.enter()
                let id = request.id
                let started = DispatchTime.now()
                let controllers = request.fault == .refused ? refused : live
                let handle = request.call.start(controllers) { result in
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                    let isFirst = records.withLock { records -> Bool in
                        var record = records[id] ?? SoakRecord()
                        record.results.append(result)
                        record.elapsed = record.elapsed ?? elapsed
                        records[id] = record
                        return record.results.count == 1
                    }
                    if isFirst {
                        inFlight.signal()
                        group.leave()
                    }
                }
                handles.withLock { $0[id] = handle }
                switch request.cancel {
                case .none: break
                case .immediately: handle.cancel()
                case .after(let delay): DispatchQueue.global().asyncAfter(deadline: .now() + delay) { handle.cancel() }
                }
            }
            if stalled || TestMainQueue.wait(for: group, timeout: 20) == .timedOut {
                stalled = true
                break
            }
        }
        // A second completion already on its way lands within a hop; a later one is caught too: the rest
        // of the run (at least 0.5 s) watches that no call completes twice (LateCallWatch).
        Thread.sleep(forTimeInterval: 0.05)
        TestMainQueue.drain()
        LateCallWatch.shared.watch("no soak call completed twice (SOAK_SEED=\(seed))", forAtLeast: 0.5, in: self) {
            records.withLock { $0.values.allSatisfy { $0.results.count <= 1 } }
        }
        let duration = Date().timeIntervalSince(clock)
        server.clearFaults()

        // Every call completed exactly once, with the outcome of its class.
        let requests = plan.flatMap(\.requests)
        let finalRecords = records.withLock { $0 }
        let finalHandles = handles.withLock { $0 }
        XCTAssertFalse(stalled, "a wave stalled: completions are missing (SOAK_SEED=\(seed))")
        var mismatches: [String] = []
        var lost = 0
        var doubled = 0
        var cancelled = 0
        var latencies: [TimeInterval] = []
        for request in requests {
            let record = finalRecords[request.id]
            let results = record?.results ?? []
            if results.isEmpty { lost += 1 }
            if results.count > 1 { doubled += 1 }
            guard let result = results.first, let handle = finalHandles[request.id] else { continue }
            let wasCancelled = handle.isCancelled
            if wasCancelled { cancelled += 1 }
            if let elapsed = record?.elapsed { latencies.append(elapsed) }
            if case .failure(.cancelled) = result {
                if !wasCancelled { mismatches.append("\(request.name): .cancelled without a cancel") }
            } else if wasCancelled {
                mismatches.append("\(request.name): cancelled, but completed with \(summary(result))")
            } else if !request.expected.matches(result) {
                mismatches.append("\(request.name): expected \(request.expected), got \(summary(result))")
            }
            if let elapsed = record?.elapsed, elapsed >= latencyLimit {
                mismatches.append("\(request.name): completed after \(String(format: "%.2f", elapsed)) s")
            }
        }
        XCTAssertEqual(lost, 0, "completions lost (SOAK_SEED=\(seed))")
        XCTAssertEqual(doubled, 0, "calls completed more than once (SOAK_SEED=\(seed))")
        for mismatch in mismatches.prefix(20) { XCTFail("\(mismatch) (SOAK_SEED=\(seed))") }
        XCTAssertEqual(mismatches.count, 0, "calls with a wrong outcome (SOAK_SEED=\(seed))")
        XCTAssertLessThan(duration, 90, "the soak must stay bounded")

        // The server and the client are still healthy.
        let accepted = server.acceptedConnections
        XCTAssertGreaterThan(accepted, 0)
        XCTAssertLessThanOrEqual(accepted, requests.count + 20, "more connections than calls: connections leak")
        assertServerStillAnswers(server)
        assertControllersStillWork(live)
        Thread.sleep(forTimeInterval: 0.5)
        let threadsAfter = Self.threadCount()
        if let threadsBefore, let threadsAfter {
            XCTAssertLessThan(threadsAfter - threadsBefore, 64, "threads keep piling up")
        }

        let plannedCancels = requests.filter { $0.cancel != .none }.count
        let slowest = latencies.max() ?? 0
        print(
            """
            Soak: seed \(seed), \(requests.count) calls in \(plan.count) waves, \
            \(finalRecords.values.reduce(0) { $0 + $1.results.count }) completions, lost \(lost), doubled \(doubled), \
            \(plannedCancels) cancels planned, \(cancelled) took effect, \(mismatches.count) wrong outcomes, \
            \(String(format: "%.1f", duration)) s, slowest completion \(String(format: "%.2f", slowest)) s, \
            \(accepted) connections accepted for \(server.requests.count) requests, \
            threads \(threadsBefore.map(String.init) ?? "?") -> \(threadsAfter.map(String.init) ?? "?")
            """)
        print("Soak outcomes: " + Self.tally(requests, finalRecords))
    }

    // MARK: Planning

    /// The waves of the run, drawn from `random`: each route's fault (or none), then the calls with their
    /// cancellations.
    private func makePlan(using random: inout SeededGenerator) -> [SoakWave] {
        let calls = ControllerCall.all
        var waves: [SoakWave] = []
        var nextID = 0
        while nextID < requestCount {
            var faults: [String: FaultKind] = [:]
            for call in calls where Double.random(in: 0..<1, using: &random) < faultRate {
                faults[call.name] = FaultKind.allCases[Int.random(in: 0..<FaultKind.allCases.count, using: &random)]
            }
            var requests: [SoakRequest] = []
            while requests.count < waveSize, nextID < requestCount {
                let call = calls[Int.random(in: 0..<calls.count, using: &random)]
                let cancel: SoakRequest.Cancel
                if Double.random(in: 0..<1, using: &random) < cancelRate {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: cancel = .immediately
                    case 1: cancel = .after(Double.random(in: 0..<1, using: &random) * 0.05)
                    default: cancel = .after(0.05 + Double.random(in: 0..<1, using: &random) * 0.95)
                    }
                } else {
                    cancel = .none
                }
                requests.append(SoakRequest(id: nextID, call: call, fault: faults[call.name], cancel: cancel))
                nextID += 1
            }
            waves.append(
                SoakWave(
                    faults: calls.compactMap { call in faults[call.name].map { (call, $0) } }, requests: requests))
        }
        return waves
    }

    // MARK: Health checks

    private func assertServerStillAnswers(_ server: FixtureServer, file: StaticString = #filePath, line: UInt = #line) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let answer = Locked<(status: Int, categories: [String])?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: server.baseURL.appendingPathComponent("categories")) { data, response, _ in
            let categories = data.flatMap { try? JSONDecoder().decode(CategoriesResponse.self, from: $0) }
            answer.withLock { $0 = ((response as? HTTPURLResponse)?.statusCode ?? 0, categories?.categories ?? []) }
            done.signal()
        }.resume()
        XCTAssertEqual(
            TestMainQueue.wait(for: done, timeout: 10), .success, "GET /categories after the soak", file: file,
            line: line)
        let (status, categories) = answer.withLock { $0 } ?? (0, [])
        XCTAssertEqual(status, 200, file: file, line: line)
        XCTAssertEqual(
            categories, ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"], file: file, line: line)
    }

    /// A fresh call of every controller, on the clients the soak used, still succeeds.
    private func assertControllersStillWork(
        _ controllers: Controllers, file: StaticString = #filePath, line: UInt = #line
    ) {
        let names = ["menu.fetchCategories", "menu.submitOrder", "users.fetchUser", "accounts.fetchProducts"]
        for call in ControllerCall.all where names.contains(call.name) {
            let log = ExactlyOnce<Result<String, APIError>>()
            _ = call.start(controllers) { log.callback($0) }
            XCTAssertNotNil(firstCall(log, timeout: 10), call.name, file: file, line: line)
            let result = log.allValues.first
            XCTAssertNotNil(result?.successValue, "\(call.name) after the soak: \(result.map(summary) ?? "none")")
        }
    }

    /// The process's thread count (Linux), or `nil` where `/proc` is not there.
    private static func threadCount() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// How many calls ended how: `success 612, .cancelled 71, .timedOut 40, ...`.
    private static func tally(_ requests: [SoakRequest], _ records: [Int: SoakRecord]) -> String {
        var counts: [String: Int] = [:]
        for request in requests {
            guard let result = records[request.id]?.results.first else { continue }
            let key: String
            switch result {
            case .success: key = "success"
            case .failure(.decoding): key = ".decoding"
            case .failure(.transport(let error)): key = ".transport(\(ExpectedOutcome.name(of: error.code)))"
            case .failure: key = summary(result)
            }
            counts[key, default: 0] += 1
        }
        return counts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

// MARK: - The plan

/// One wave: the faults of its routes, and its calls.
struct SoakWave: Sendable {
    let faults: [(ControllerCall, FaultKind)]
    let requests: [SoakRequest]
}

/// One planned call.
struct SoakRequest: Sendable {
    enum Cancel: Sendable, Equatable {
        case none
        case immediately
        /// After this many seconds.
        case after(TimeInterval)
    }

    let id: Int
    let call: ControllerCall
    /// The fault of its route during its wave; `nil` when the route answers normally.
    let fault: FaultKind?
    let cancel: Cancel

    /// `#id call × fault`, as failure messages name it.
    var name: String { "#\(id) \(call.name) × \(fault?.rawValue ?? "no fault")" }
    /// The outcome its fault gives (connections are reused here, unlike in the matrix).
    var expected: ExpectedOutcome {
        switch fault {
        case nil: return .success
        case .closeBeforeResponse?: return FaultMatrix.expectedOnReusedConnectionClose(call)
        case let fault?: return FaultMatrix.expected(call, fault)
        }
    }
}

/// What one call received.
struct SoakRecord: Sendable {
    var results: [Result<String, APIError>] = []
    /// Seconds from the call to its first completion.
    var elapsed: TimeInterval?
}
