import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `fetchProducts` and the token: none, wrong, raw, and redirects to another host.
final class ProductsAuthorizationTests: AccountsTestCase {
    func testWithoutATokenFailsFastAndSendsNothing() throws {
        let controller = makeAccountController()
        XCTAssertEqual(fetchProducts(controller)?.failureError, .notAuthenticated)
        XCTAssertEqual(server.requestCount(path: "/api/products"), 0)
        XCTAssertEqual(server.requests.count, 0)
    }

    func testAWrongTokenIs401AndLogsOut() throws {
        let controller = makeAccountController(
            tokenStore: InMemoryTokenStore(tokens: AuthTokens(accessToken: "not-a-real-token")))
        XCTAssertTrue(controller.isLoggedIn)
        let error = try XCTUnwrap(fetchProducts(controller)?.failureError)
        XCTAssertEqual(error.statusCode, 401)
        XCTAssertEqual(error.serverMessage, "Unauthorized")
        XCTAssertFalse(controller.isLoggedIn, "a 401 logs the user out")
        XCTAssertEqual(fetchProducts(controller)?.failureError, .notAuthenticated)
        XCTAssertEqual(server.requestCount(path: "/api/products"), 1)
    }

    func testA401ForAnOlderTokenIsSentAgainAtOnceWithTheNewerOne() throws {
        let controller = makeAccountController()
        let old = try signUp(controller)
        server.expireToken(old)
        let gate = FaultGate()
        server.inject(.held(gate), path: "/api/products")
        let fresh = try XCTUnwrap(logIn(makeAccountController())).get()
        let result = awaitCompletion {
            controller.fetchProducts(completion: $0)
        } then: { _ in
            Polling.until { gate.heldCount == 1 }
            try? controller.tokenStore.setTokens(AuthTokens(accessToken: fresh))  // the user logged in again meanwhile
            gate.open()
        }
        XCTAssertNotNil(result?.successValue)
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, fresh)
        XCTAssertEqual(
            requests(to: "/api/products").map { $0.headers["authorization"] }, ["Bearer \(old)", "Bearer \(fresh)"])
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 0, "no refresh was needed")
    }

    /// The server contract: a raw `Authorization: <token>` (as the original client sent) is accepted.
    func testServerAcceptsARawToken() throws {
        let token = try signUp(makeAccountController())
        var request = URLRequest(url: apiURL().appendingPathComponent("products"))
        request.setValue(token, forHTTPHeaderField: "Authorization")
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let status = ExactlyOnce<Int?>()
        session.dataTask(with: request) { _, response, _ in
            status.callback((response as? HTTPURLResponse)?.statusCode)
        }.resume()
        XCTAssertEqual(firstCall(status) ?? nil, 200)
        XCTAssertEqual(requests(to: "/api/products").last?.headers["authorization"], token)
    }

    func testAuthorizationIsNotSentAcrossARedirectToAnotherHost() throws {
        let other = try startExtraServer()
        let controller = makeAccountController()
        let token = try signUp(controller)
        let elsewhere = apiURL(of: other).appendingPathComponent("products")
        server.inject(.redirect(to: elsewhere), path: "/api/products")

        let result = try XCTUnwrap(fetchProducts(controller))

        XCTAssertEqual(requests(to: "/api/products").first?.headers["authorization"], "Bearer \(token)")
        let followed = requests(to: "/api/products", on: other)
        XCTAssertEqual(followed.count, 1, "the redirect was followed")
        XCTAssertNil(followed.first?.headers["authorization"], "the token must not reach another host")
        XCTAssertFalse(other.requests.contains { $0.headers.values.contains { $0.contains(token) } })
        // The other host refuses the request without a token; the controller renews the token and sends the
        // call again once (no redirect this time), so it ends well. No token ever reaches the other host.
        XCTAssertNotNil(result.successValue)
        let renewed = try XCTUnwrap(controller.tokenStore.tokens)
        for secret in [renewed.accessToken, try XCTUnwrap(renewed.refreshToken)] {
            XCTAssertFalse(other.requests.contains { $0.headers.values.contains { $0.contains(secret) } })
            XCTAssertFalse(other.requests.contains { String(decoding: $0.body, as: UTF8.self).contains(secret) })
        }
    }

    func testAuthorizationFollowsARedirectOnTheSameHost() throws {
        let controller = makeAccountController()
        let token = try signUp(controller)
        let sameHost = apiURL().appendingPathComponent("products")
        server.inject(.redirect(to: sameHost), path: "/api/products")
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        let sent = requests(to: "/api/products").map { $0.headers["authorization"] }
        XCTAssertEqual(sent, ["Bearer \(token)", "Bearer \(token)"])
    }

    func testProductsRefusalInA200IsAServerError() throws {
        server.inject(.json(200, #"{"success":false,"message":"No products for you"}"#), path: "/api/products")
        let controller = makeAccountController(tokenStore: InMemoryTokenStore(tokens: AuthTokens(accessToken: "any")))
        XCTAssertEqual(fetchProducts(controller)?.failureError, .server(message: "No products for you"))
    }
}
