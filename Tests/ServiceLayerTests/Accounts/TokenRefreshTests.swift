import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Tokens that expire: one refresh at a time, each rejected call sent again once, a known-expired token
/// renewed before sending, and a cancelled waiter that leaves the others alone.
final class TokenRefreshTests: AccountsTestCase {
    private var refreshCount: Int { server.requestCount(path: "/api/accounts/refresh") }
    private var productsCount: Int { server.requestCount(path: "/api/products") }

    func test20ConcurrentCallsWithAnExpiredTokenShareOneRefresh() async throws {
        let controller = makeAccountController(options: uncoalesced)
        let old = try await controller.signUp(email: email, password: password, name: "Ada", emailContent: "")
        server.expireAllTokens()

        let results = await fetchConcurrently(controller, count: 20)

        XCTAssertEqual(results.count, 20)
        XCTAssertEqual(results.filter { $0.successValue?.isEmpty == false }.count, 20, "\(results)")
        XCTAssertEqual(refreshCount, 1, "one refresh for all")
        XCTAssertLessThanOrEqual(productsCount, 40, "each call sent at most twice")
        XCTAssertTrue(controller.isLoggedIn)
        XCTAssertNotEqual(controller.tokenStore.tokens?.accessToken, old)
        let sentAfterRefresh = requests(to: "/api/products").filter { $0.headers["authorization"] != "Bearer \(old)" }
        XCTAssertFalse(sentAfterRefresh.isEmpty)
        XCTAssertTrue(
            sentAfterRefresh.allSatisfy {
                $0.headers["authorization"] == "Bearer \(controller.tokenStore.tokens?.accessToken ?? "")"
            })
    }

    func testTheCallbackMethodRefreshesToo() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        server.expireAllTokens()
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        XCTAssertEqual(refreshCount, 1)
        XCTAssertEqual(productsCount, 2, "the 401, then the replay")
    }

    func testAKnownExpiredTokenIsRefreshedBeforeSending() async throws {
        let store = InMemoryTokenStore()
        let controller = makeAccountController(tokenStore: store)
        let old = try await controller.signUp(email: email, password: password, name: "Ada", emailContent: "")
        var tokens = try XCTUnwrap(store.tokens)
        XCTAssertFalse(tokens.isExpired(), "expiresIn 900 from the server")
        XCTAssertEqual(tokens.expiresAt?.timeIntervalSinceNow ?? 0, 900, accuracy: 60)
        tokens.expiresAt = Date(timeIntervalSinceNow: -1)
        store.setTokens(tokens)

        let products = try await controller.fetchProducts()

        XCTAssertFalse(products.isEmpty)
        XCTAssertEqual(refreshCount, 1)
        XCTAssertEqual(productsCount, 1, "no 401 round trip: the token was renewed first")
        let sent = requests(to: "/api/products").first?.headers["authorization"]
        XCTAssertNotEqual(sent, "Bearer \(old)")
        XCTAssertEqual(sent, "Bearer \(try XCTUnwrap(store.tokens?.accessToken))")
        XCTAssertFalse(try XCTUnwrap(store.tokens).isExpired())
    }

    func testAFileStoreKeepsTheRefreshTokenAcrossLaunches() throws {
        let url = folder.appendingPathComponent("token")
        _ = try signUp(makeAccountController(tokenStore: FileTokenStore(url: url)))
        server.expireAllTokens()
        let relaunched = makeAccountController(tokenStore: FileTokenStore(url: url))
        XCTAssertNotNil(fetchProducts(relaunched)?.successValue)
        XCTAssertEqual(refreshCount, 1)
        XCTAssertEqual(FileTokenStore(url: url).tokens, relaunched.tokenStore.tokens, "the renewed tokens are saved")
    }

    func testCancellingACallThatWaitsForARefreshCancelsOnlyIt() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        server.expireAllTokens()
        let gate = FaultGate()
        server.inject(.held(gate), path: "/api/accounts/refresh")

        let waiting = ExactlyOnce<Result<[Product], APIError>>()
        let first = controller.fetchProducts { waiting.callback($0) }
        Polling.until { gate.heldCount == 1 }  // the first call got its 401 and waits for this refresh
        let second = awaitCompletion {
            controller.fetchProducts(completion: $0)
        } then: { _ in
            // The second call got its 401 too (the first's request ended: no sharing) and waits.
            Polling.until { self.server.requestCount(path: "/api/products") == 2 }
            first.cancel()
            Polling.until { waiting.callCount == 1 }
            gate.open()
        }

        XCTAssertNotNil(firstCall(waiting, timeout: 10))
        XCTAssertEqual(waiting.allValues.map(\.failureError), [.cancelled])
        XCTAssertTrue(first.isCancelled)
        XCTAssertNotNil(second?.successValue, "the other call still gets its products")
        XCTAssertEqual(refreshCount, 1)
        XCTAssertTrue(controller.isLoggedIn, "the refresh itself went on")
        XCTAssertEqual(waiting.allValues.count, 1, "the cancelled call completed once")
    }

    func testCancellingTheTaskThatWaitsForARefresh() async throws {
        let controller = makeAccountController()
        _ = try await controller.signUp(email: email, password: password, name: "Ada", emailContent: "")
        server.expireAllTokens()
        let gate = FaultGate()
        server.inject(.held(gate), path: "/api/accounts/refresh")
        let task = Task { try await controller.fetchProducts() }
        while gate.heldCount == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected .cancelled")
        } catch {
            XCTAssertEqual(error as? APIError, .cancelled)
        }
        gate.open()
        let products = try await controller.fetchProducts()  // the refresh went on and is used
        XCTAssertFalse(products.isEmpty)
        XCTAssertEqual(refreshCount, 1)
    }

    /// A server that does not rotate (no `refreshToken` in its answer) leaves the old refresh token valid:
    /// the controller keeps it for the next refresh.
    func testARefreshAnswerWithoutARefreshTokenKeepsTheOldOne() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        let refreshToken = try XCTUnwrap(controller.tokenStore.tokens?.refreshToken)
        server.expireAllTokens()
        let fresh = try XCTUnwrap(logIn(makeAccountController())).get()  // live: issued after the expiry
        server.inject(
            .json(200, #"{"success":true,"token":"\#(fresh)","expiresIn":900}"#), path: "/api/accounts/refresh")
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, fresh)
        XCTAssertEqual(controller.tokenStore.tokens?.refreshToken, refreshToken)
        server.expireAllTokens()
        XCTAssertNotNil(fetchProducts(controller)?.successValue, "the kept refresh token still works")
        XCTAssertEqual(refreshCount, 2)
    }

    func testRefreshedTokensAreUsedAgainWithoutAnotherRefresh() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        server.expireAllTokens()
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        XCTAssertEqual(refreshCount, 1)
        XCTAssertEqual(productsCount, 3)
    }
}

extension AccountsTestCase {
    /// No retries, and no coalescing of identical GETs: each concurrent call sends its own request, so
    /// each gets its own 401 (with coalescing, calls in flight together share one request).
    var uncoalesced: APIClient.Options { APIClient.Options(retryPolicy: .never, coalescesGETs: false) }

    /// Starts `count` `fetchProducts(completion:)` one after the other on this thread (each reads the
    /// stored token as it starts) and waits for every completion with an expectation.
    func fetchAllAtOnce(
        _ controller: AccountController, count: Int, whileTheyRun: () -> Void = {}
    ) -> [Result<[Product], APIError>] {
        let results = Locked<[Result<[Product], APIError>]>([])
        let done = expectation(description: "\(count) completions")
        done.expectedFulfillmentCount = count
        done.assertForOverFulfill = true
        for _ in 0..<count {
            controller.fetchProducts { result in
                results.withLock { $0.append(result) }
                done.fulfill()
            }
        }
        whileTheyRun()
        wait(for: [done], timeout: 30)
        return results.withLock { $0 }
    }

    /// Runs `count` `fetchProducts()` at once and returns their results.
    func fetchConcurrently(_ controller: AccountController, count: Int) async -> [Result<[Product], APIError>] {
        await withTaskGroup(of: Result<[Product], APIError>.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do throws(APIError) {
                        return .success(try await controller.fetchProducts())
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
}
