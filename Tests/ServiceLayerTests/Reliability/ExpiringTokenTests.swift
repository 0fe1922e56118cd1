import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Expiring tokens under load and faults, beside the soak and the fault matrix (kept apart so that
/// those stay as they are):
/// - a seeded soak: waves of concurrent `fetchProducts` calls on one `AccountController` while the
///   server expires every token between waves, answers some calls 503 and some calls are cancelled —
///   every call ends once with a documented outcome, one refresh at most per expiry, no token in any
///   log line (`SOAK_SEED=<n>` replays a run; the seed goes to stderr first);
/// - the fault matrix of the refresh route.
final class ExpiringTokenTests: XCTestCase {
    private let waves = 4
    private let callsPerWave = 40

    func testWavesOfCallsWithExpiringTokensFaultsAndCancellations() async throws {
        var random = SeededGenerator(seedFromEnvironment: "SOAK_SEED")
        let seed = random.seed
        FileHandle.standardError.write(Data("SOAK_SEED=\(seed) (expiring tokens)\n".utf8))
        let server = FixtureServer(maxConnections: 256)
        try server.start()
        defer { server.stop() }
        let lines = Locked<[String]>([])
        let options = APIClient.Options(
            timeout: 5, retryPolicy: .never, coalescesGETs: false,
            logger: { line in lines.withLock { $0.append(line) } })
        let controller = AccountController(
            baseURL: server.baseURL.appendingPathComponent("api/"),
            options: options)
        _ = try await controller.signUp(email: "soak@example.com", password: "soak-pw-123", name: "S", emailContent: "")
        var secrets = Set(
            [controller.tokenStore.tokens?.accessToken, controller.tokenStore.tokens?.refreshToken].compactMap { $0 })

        var outcomes: [String: Int] = [:]
        for wave in 0..<waves {
            if wave > 0 { server.expireAllTokens() }  // 3 expiries: within the 3-refreshes-in-30-s limit
            server.clearFaults()
            let faulted = Int.random(in: 0...callsPerWave / 4, using: &random)
            if faulted > 0 { server.inject(.status(503), path: "/api/products", method: "GET", times: faulted) }
            let cancelAfter = (0..<callsPerWave).map { _ in
                Bool.random(using: &random) && Bool.random(using: &random)
                    ? UInt64.random(in: 0...30, using: &random) : nil
            }
            let results = await withTaskGroup(of: Result<[Product], APIError>.self) { group in
                for delay in cancelAfter {
                    let task = Task { () -> Result<[Product], APIError> in
                        do throws(APIError) {
                            return .success(try await controller.fetchProducts())
                        } catch {
                            return .failure(error)
                        }
                    }
                    if let delay {
                        Task {
                            try? await Task.sleep(nanoseconds: delay * 1_000_000)
                            task.cancel()
                        }
                    }
                    group.addTask { await task.value }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(results.count, callsPerWave, "wave \(wave): every call ended")
            for result in results {
                switch result {
                case .success(let products): outcomes["success", default: 0] += products.isEmpty ? 0 : 1
                case .failure(.cancelled): outcomes["cancelled", default: 0] += 1
                case .failure(let error) where error.statusCode == 503: outcomes["503", default: 0] += 1
                case .failure(let error): XCTFail("wave \(wave): unexpected \(error) (seed \(seed))")
                }
            }
            secrets.formUnion(
                [controller.tokenStore.tokens?.accessToken, controller.tokenStore.tokens?.refreshToken].compactMap {
                    $0
                })
        }
        server.clearFaults()
        let last = try await controller.fetchProducts()  // refreshes if the last expiry was not refreshed yet
        XCTAssertFalse(last.isEmpty)
        secrets.formUnion(
            [controller.tokenStore.tokens?.accessToken, controller.tokenStore.tokens?.refreshToken].compactMap { $0 })

        let refreshes = server.requestCount(path: "/api/accounts/refresh")
        XCTAssertGreaterThanOrEqual(refreshes, 1, "(seed \(seed))")
        XCTAssertLessThanOrEqual(refreshes, waves - 1, "at most one refresh per expiry (seed \(seed))")
        XCTAssertLessThanOrEqual(
            server.requestCount(path: "/api/products"), 2 * waves * callsPerWave + 1, "each call sent at most twice")
        XCTAssertTrue(controller.isLoggedIn)
        XCTAssertGreaterThan(outcomes["success", default: 0], 0, "\(outcomes)")
        for line in lines.withLock({ $0 }) {
            for secret in secrets { XCTAssertFalse(line.contains(secret), "a log line shows a token: \(line)") }
        }
    }

    /// The fault matrix of the refresh route: whatever goes wrong while refreshing, the call that waited
    /// ends once with its own 401 and the controller is logged out; nothing hangs.
    func testEveryFaultWhileRefreshingLogsOutWithThe401() async throws {
        let faults: [(String, Fault)] = [
            ("503", .status(503)), ("401", .json(401, #"{"success":false,"message":"Invalid refresh token"}"#)),
            ("400", .json(400, #"{"success":false,"message":"Missing refreshToken"}"#)),
            ("refusal in a 200", .json(200, #"{"success":false,"message":"No"}"#)),
            ("close before response", .closeBeforeResponse), ("truncated body", .truncatedBody),
            ("malformed JSON", .malformedJSON), ("empty 200", .emptyOK), ("html 500", .html500),
            ("delay past the timeout", .delay(3)),
        ]
        // Each fault on a server of its own, all at once: some wait for the 1 s timeout, and waiting for
        // them one after another would show nothing more.
        let outcomes = try await withThrowingTaskGroup(of: RefreshFaultOutcome.self) { group in
            for (name, fault) in faults {
                group.addTask { try await Self.fetchProducts(whileTheRefreshMeets: fault, named: name) }
            }
            var outcomes: [String: RefreshFaultOutcome] = [:]
            for try await outcome in group { outcomes[outcome.name] = outcome }
            return outcomes
        }
        XCTAssertEqual(outcomes.count, faults.count)
        for (name, _) in faults {
            guard let outcome = outcomes[name] else { continue }
            XCTAssertEqual(outcome.error?.statusCode, 401, "\(name): \(String(describing: outcome.error))")
            XCTAssertFalse(outcome.isLoggedIn, name)
            XCTAssertEqual(outcome.refreshes, 1, name)
        }
    }

    /// What one refresh fault did to a `fetchProducts` with an expired token.
    private struct RefreshFaultOutcome: Sendable {
        let name: String
        /// The call's error; `nil` when it succeeded.
        let error: APIError?
        let isLoggedIn: Bool
        /// How many refresh requests the call made.
        let refreshes: Int
    }

    /// Signs up on a fresh fixture server, logs in with a new controller, expires every token, queues
    /// `fault` for the refresh, and calls `fetchProducts()`.
    private static func fetchProducts(
        whileTheRefreshMeets fault: Fault, named name: String
    ) async throws -> RefreshFaultOutcome {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let api = server.baseURL.appendingPathComponent("api/")
        let options = APIClient.Options(timeout: 1, retryPolicy: .never)
        let signUp = AccountController(baseURL: api, options: options)
        _ = try await signUp.signUp(email: "m@example.com", password: "matrix-pw-1", name: "M", emailContent: "")
        let controller = AccountController(baseURL: api, options: options)
        _ = try await controller.logIn(email: "m@example.com", password: "matrix-pw-1")
        server.expireAllTokens()
        server.inject(fault, path: "/api/accounts/refresh")
        let refreshesBefore = server.requestCount(path: "/api/accounts/refresh")
        var error: APIError?
        do {
            _ = try await controller.fetchProducts()
        } catch let caught {
            error = caught
        }
        return RefreshFaultOutcome(
            name: name, error: error, isLoggedIn: controller.isLoggedIn,
            refreshes: server.requestCount(path: "/api/accounts/refresh") - refreshesBefore)
    }
}
