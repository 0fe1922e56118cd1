import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// When refreshing fails: logged out, every waiting call ends with its own 401; a replay at most once;
/// reuse detection; the refresh window; logging out during a refresh.
final class TokenRefreshFailureTests: AccountsTestCase {
    private var refreshCount: Int { server.requestCount(path: "/api/accounts/refresh") }

    func testAFailedRefreshLogsOutAndEveryCallEndsWithItsOwn401() throws {
        let url = folder.appendingPathComponent("token")
        let controller = makeAccountController(options: uncoalesced, tokenStore: FileTokenStore(url: url))
        _ = try signUp(controller)
        // The stored refresh token is used up elsewhere first, so the controller's refresh fails with a
        // 401 — held until all 20 calls started while logged in.
        let stolen = try XCTUnwrap(controller.tokenStore.tokens?.refreshToken)
        let other = APIClient(baseURL: apiURL(), options: uncoalesced)
        let used = awaitCompletion {
            other.send(AccountsAPI.refresh(refreshToken: stolen), completion: $0)
        }
        XCTAssertEqual(used?.successValue?.success, true)
        server.expireAllTokens()
        let gate = FaultGate()
        server.inject(.held(gate), path: "/api/accounts/refresh")

        let results = fetchAllAtOnce(controller, count: 20) {
            Polling.until { gate.heldCount == 1 }  // all 20 started while logged in; the refresh waits
            gate.open()
        }

        XCTAssertEqual(results.count, 20)
        for result in results {
            XCTAssertEqual(result.failureError?.statusCode, 401, "\(result)")
            XCTAssertNotNil(result.failureError?.serverMessage, "the products call's own 401")
        }
        XCTAssertEqual(refreshCount, 2, "the other refresh, then the controller's only one")
        XCTAssertFalse(controller.isLoggedIn)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "the token file is gone")
    }

    func testA400OrATransportErrorWhileRefreshingLogsOutToo() throws {
        let faults: [Fault] = [
            .json(400, #"{"success":false,"message":"Missing refreshToken"}"#), .closeBeforeResponse,
        ]
        _ = try signUp(makeAccountController())
        for fault in faults {
            // A closed reused connection may end as a transport error or only at the timeout: both fail.
            let controller = makeAccountController(options: APIClient.Options(timeout: 1, retryPolicy: .never))
            XCTAssertNotNil(logIn(controller)?.successValue)
            server.expireAllTokens()
            server.inject(fault, path: "/api/accounts/refresh")
            XCTAssertEqual(fetchProducts(controller)?.failureError?.statusCode, 401, "\(fault)")
            XCTAssertFalse(controller.isLoggedIn, "\(fault)")
        }
        XCTAssertEqual(refreshCount, 2)
    }

    func testACallIsSentAgainAtMostOnce() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        server.inject(.json(401, #"{"success":false,"message":"No"}"#), path: "/api/products", times: 2)
        let error = try XCTUnwrap(fetchProducts(controller)?.failureError)
        XCTAssertEqual(error.statusCode, 401)
        XCTAssertEqual(server.requestCount(path: "/api/products"), 2, "the first try and one replay")
        XCTAssertEqual(refreshCount, 1)
        XCTAssertFalse(controller.isLoggedIn, "the renewed token was refused too: the session is over")
    }

    /// Someone else used the refresh token first (a stolen copy): the server revokes the login, and the
    /// controller logs out instead of looping.
    func testReuseDetectionEndToEnd() async throws {
        let controller = makeAccountController()
        _ = try await controller.signUp(email: email, password: password, name: "Ada", emailContent: "")
        let stolen = try XCTUnwrap(controller.tokenStore.tokens?.refreshToken)
        let thief = APIClient(baseURL: apiURL(), options: APIClient.Options(retryPolicy: .never))
        let reply = try await thief.send(AccountsAPI.refresh(refreshToken: stolen))
        let thiefTokens = try XCTUnwrap(reply.tokens(receivedAt: Date()))
        server.expireAllTokens()

        do {
            _ = try await controller.fetchProducts()
            XCTFail("expected a 401")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
        XCTAssertEqual(refreshCount, 2, "the thief's refresh, then the controller's")
        XCTAssertFalse(controller.isLoggedIn)
        let thiefClient = APIClient(
            baseURL: apiURL(), options: APIClient.Options(retryPolicy: .never),
            tokenProvider: { thiefTokens.accessToken })
        do {
            _ = try await thiefClient.send(AccountsAPI.products)
            XCTFail("the thief's tokens must be revoked")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
    }

    func testMoreThanThreeRefreshesIn30SecondsEndWithATypedError() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        for _ in 1...3 {
            server.expireAllTokens()
            XCTAssertNotNil(fetchProducts(controller)?.successValue)
        }
        server.expireAllTokens()
        XCTAssertEqual(fetchProducts(controller)?.failureError, .tooManyTokenRefreshes)
        XCTAssertEqual(refreshCount, 3)
        XCTAssertTrue(controller.isLoggedIn, "the limit is not a logout")
        XCTAssertTrue(APIError.tooManyTokenRefreshes.localizedDescription.contains("30 seconds"))
    }

    /// The window slides: with a clock the test moves, a refresh is allowed again once 30 s have passed.
    func testTheRefreshWindowSlides() throws {
        let clock = TestClock()
        let store = InMemoryTokenStore()
        let controller = makeAccountController(tokenStore: store)
        _ = try signUp(controller)
        // The controller's authenticator in a client whose flow reads the test's clock.
        let client = APIClient(
            baseURL: controller.client.baseURL, session: controller.client.session, options: controller.client.options,
            tokenProvider: nil, authentication: AuthenticationFlow(controller.authenticator, now: { clock.now }))
        func fetch() -> Result<[Product], APIError>? {
            awaitCompletion { client.send(AccountsAPI.products, completion: $0) }
        }
        for step in 1...3 {
            server.expireAllTokens()
            XCTAssertNotNil(fetch()?.successValue)
            clock.advance(by: step < 3 ? 10 : 9)
        }
        server.expireAllTokens()
        XCTAssertEqual(fetch()?.failureError, .tooManyTokenRefreshes, "3 refreshes at 0, 10 and 20 s; now 29 s")
        clock.advance(by: 1.5)
        XCTAssertNotNil(fetch()?.successValue, "the first refresh left the window")
        XCTAssertEqual(refreshCount, 4)
    }

    func testLoggingOutDuringARefreshKeepsTheUserLoggedOut() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        server.expireAllTokens()
        let gate = FaultGate()
        server.inject(.held(gate), path: "/api/accounts/refresh")
        let result = awaitCompletion {
            controller.fetchProducts(completion: $0)
        } then: { _ in
            Polling.until { gate.heldCount == 1 }
            controller.logOut()
            gate.open()
        }
        XCTAssertEqual(result?.failureError?.statusCode, 401)
        XCTAssertFalse(controller.isLoggedIn, "the refresh's answer does not log the user back in")
        XCTAssertNil(controller.tokenStore.tokens?.refreshToken)
    }

    func testLogOutForgetsTheRefreshToken() throws {
        let url = folder.appendingPathComponent("token")
        let controller = makeAccountController(tokenStore: FileTokenStore(url: url))
        _ = try signUp(controller)
        XCTAssertNotNil(controller.tokenStore.tokens?.refreshToken)
        controller.logOut()
        XCTAssertNil(controller.tokenStore.tokens)
        XCTAssertNil(FileTokenStore(url: url).tokens)
        XCTAssertEqual(fetchProducts(controller)?.failureError, .notAuthenticated)
        XCTAssertEqual(refreshCount, 0)
    }
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let current = Locked(Date())
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
