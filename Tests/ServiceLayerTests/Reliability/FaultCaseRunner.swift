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

// MARK: - One case of the matrix

/// One (controller call, fault) pair.
struct FaultCase: Sendable {
    let call: ControllerCall
    let fault: FaultKind

    /// `controller.method × fault`, as every message names the case.
    var name: String { "\(call.name) × \(fault.rawValue)" }
    var expected: ExpectedOutcome { FaultMatrix.expected(call, fault) }
}

/// What one case did.
struct FaultCaseReport: Sendable {
    let faultCase: FaultCase
    /// Every result the completion received, in order (exactly one is right).
    let results: [Result<String, APIError>]
    /// Seconds from the call to its first completion; `nil` when none came.
    let elapsed: TimeInterval?
    /// How many completions ran off the callback queue.
    let offQueue: Int
    /// Everything wrong with the case, each a sentence; empty when it passed.
    let problems: [String]

    /// The observed outcome for the report's table.
    var observed: String { results.first.map(summary) ?? "no completion" }
}

// MARK: - Running cases

/// Runs fault cases, each against its own fixture server (and a second one for redirects), a few at
/// a time on dedicated threads.
final class FaultCaseRunner: Sendable {
    /// How long a case may wait for its completion before it counts as lost.
    static let completionLimit: TimeInterval = 10
    /// How long a case keeps listening after its first completion, to catch a second one already on
    /// its way. A later one is caught too: each case's callback stays watched to the end of the run
    /// (``LateCallWatch``), so this only needs to cover a hop or two.
    static let settle: TimeInterval = 0.05

    /// A port that refuses every connection while the runner lives.
    private let closedPort: ClosedPort
    /// The root URL of ``closedPort``.
    var refusedRoot: URL { closedPort.baseURL }
    /// Whether a second loopback address (`127.0.0.2`) can be bound, for a redirect to another host.
    private let otherHost: String

    init() throws {
        closedPort = try ClosedPort()
        let probe = FixtureServer(host: "127.0.0.2")
        otherHost = (try? probe.start()) == nil ? "127.0.0.1" : "127.0.0.2"
        probe.stop()
    }

    /// Runs every case, `width` at a time, and returns their reports in the order of `cases`.
    func run(_ cases: [FaultCase], width: Int) -> [FaultCaseReport] {
        let next = Locked(0)
        let reports = Locked<[Int: FaultCaseReport]>([:])
        let group = DispatchGroup()
        for _ in 0..<min(width, cases.count) {
            group.enter()
            let worker = Thread { [self] in
                while true {
                    let index = next.withLock { next -> Int in
                        defer { next += 1 }
                        return next
                    }
                    guard index < cases.count else { break }
                    let report = run(cases[index])
                    reports.withLock { $0[index] = report }
                }
                group.leave()
            }
            worker.stackSize = 1 << 20
            worker.start()
        }
        _ = TestMainQueue.wait(for: group, timeout: 600)
        return reports.withLock { reports in cases.indices.compactMap { reports[$0] } }
    }

    /// Runs one case: a fresh server with the fault queued, one controller call, and checks.
    func run(_ faultCase: FaultCase) -> FaultCaseReport {
        let call = faultCase.call
        var problems: [String] = []
        var servers: [FixtureServer] = []
        defer { for server in servers { server.stop() } }

        // The server (none for a refused connection), with an account when the call needs one.
        var root = refusedRoot
        var token: String? = call.needsAccount ? "never-sent" : nil
        if faultCase.fault != .refused {
            let server = FixtureServer()
            do { try server.start() } catch { return failed(faultCase, "the server did not start: \(error)") }
            servers.append(server)
            root = server.baseURL
            if call.needsAccount {
                guard let signedUp = FaultAccount.signUp(on: root) else {
                    return failed(faultCase, "the account could not be signed up")
                }
                token = signedUp
            }
        }

        // The fault, or a redirect to a second server that answers normally.
        var target: FixtureServer?
        if faultCase.fault == .redirect, let server = servers.first {
            let other = FixtureServer(host: otherHost)
            do { try other.start() } catch { return failed(faultCase, "the redirect target did not start: \(error)") }
            servers.append(other)
            if call.needsAccount, FaultAccount.signUp(on: other.baseURL) == nil {
                return failed(faultCase, "the account could not be signed up on the redirect target")
            }
            other.resetRecords()
            server.inject(.redirect(to: call.url(on: other.baseURL)), path: call.path, method: call.httpMethod)
            target = other
        } else if let fault = faultCase.fault.fault(for: call), let server = servers.first {
            server.inject(fault, path: call.path, method: call.httpMethod)
        }

        // The call.
        let session = APIClient.makeSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let environment = CallEnvironment(
            root: root, session: session,
            options: APIClient.Options(timeout: FaultMatrix.timeout, retryPolicy: .never), token: token)
        let log = ExactlyOnce<Delivery<String>>()
        LateCallWatch.shared.watch(log, origin: "the fault case \(faultCase.name)")
        let deliver = delivering(into: log)
        let firstArrival = Locked<TimeInterval?>(nil)
        let started = DispatchTime.now()
        let handle = call.start(Controllers(environment)) { result in
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            firstArrival.withLock { $0 = $0 ?? elapsed }
            deliver(result)
        }
        if (try? log.wait(timeout: Self.completionLimit)) == nil, log.callCount == 0 {
            problems.append("no completion within \(Self.completionLimit) s (the call hangs)")
            handle.cancel()
        }
        Thread.sleep(forTimeInterval: Self.settle)
        TestMainQueue.drain()  // a second completion, if any, has run by now
        let results = log.allValues.map(\.result)
        let offQueue = log.allValues.filter { !$0.onMainQueue }.count
        let elapsed = firstArrival.withLock { $0 }

        // The checks.
        if results.count > 1 { problems.append("completed \(results.count) times: \(results.map(summary))") }
        if offQueue > 0 { problems.append("\(offQueue) completion(s) ran off the callback queue") }
        if let first = results.first, !faultCase.expected.matches(first) {
            problems.append("expected \(faultCase.expected), got \(summary(first))")
        }
        let limit = FaultMatrix.timeout + FaultMatrix.margin
        if let elapsed, elapsed >= limit {
            problems.append("completed after \(String(format: "%.2f", elapsed)) s, limit \(limit) s")
        }
        if let target { problems += redirectProblems(call, target: target) }
        return FaultCaseReport(
            faultCase: faultCase, results: results, elapsed: elapsed, offQueue: offQueue, problems: problems)
    }

    /// The redirect target must have received the call with the method URLSession uses after a 302
    /// (or nothing, when the client does not follow), and never an `Authorization` header.
    private func redirectProblems(_ call: ControllerCall, target: FixtureServer) -> [String] {
        var problems: [String] = []
        let received = target.requests
        let expectedMethod = FaultMatrix.redirectedMethod(call)
        let followed = received.filter { $0.path == call.path }.map(\.method)
        let expected = expectedMethod.map { [$0] } ?? []
        if followed != expected {
            problems.append("the redirect target got \(followed) for \(call.path), expected \(expected)")
        }
        if received.contains(where: { $0.headers["authorization"] != nil }) {
            problems.append("the redirect target received an Authorization header")
        }
        return problems
    }

    private func failed(_ faultCase: FaultCase, _ problem: String) -> FaultCaseReport {
        FaultCaseReport(faultCase: faultCase, results: [], elapsed: nil, offQueue: 0, problems: [problem])
    }
}
