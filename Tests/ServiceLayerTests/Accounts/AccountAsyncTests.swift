import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The `async` twins of the AccountController calls.
final class AccountAsyncTests: AccountsTestCase {
    func testSignUpLogInProducts() async throws {
        let controller = makeAccountController()
        let signUpToken = try await controller.signUp(
            email: email, password: password, name: "Ada", emailContent: "Hi")
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, signUpToken)
        controller.logOut()
        let token = try await controller.logIn(email: email, password: password)
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, token)
        let products = try await controller.fetchProducts()
        XCTAssertFalse(products.isEmpty)
    }

    func testTwinsThrowTheSameErrors() async throws {
        let controller = makeAccountController()
        do {
            _ = try await controller.fetchProducts()
            XCTFail("expected .notAuthenticated")
        } catch {
            XCTAssertEqual(error, .notAuthenticated)
        }
        XCTAssertEqual(server.requestCount(path: "/api/products"), 0)
        do {
            _ = try await controller.logIn(email: email, password: password)
            XCTFail("expected a refusal")
        } catch {
            XCTAssertEqual(error, .server(message: "Invalid email or password"))
        }
        let stale = makeAccountController(tokenStore: InMemoryTokenStore(tokens: AuthTokens(accessToken: "stale")))
        do {
            _ = try await stale.fetchProducts()
            XCTFail("expected a 401")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
        XCTAssertFalse(stale.isLoggedIn)
    }
}
