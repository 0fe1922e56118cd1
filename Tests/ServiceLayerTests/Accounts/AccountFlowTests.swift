import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Signing up, logging in and fetching products against the fixture server.
final class AccountFlowTests: AccountsTestCase {
    func testSignUpLogInAndFetchProducts() throws {
        let controller = makeAccountController()
        XCTAssertFalse(controller.isLoggedIn)

        let signUpToken = try signUp(controller)
        XCTAssertTrue(controller.isLoggedIn)
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, signUpToken)
        let signUpRequest = try XCTUnwrap(requests(to: "/api/accounts/signup").first)
        let sent = try XCTUnwrap(JSONSerialization.jsonObject(with: signUpRequest.body) as? [String: String])
        XCTAssertEqual(
            sent, ["email": email, "password": password, "name": "Ada", "emailContent": "Welcome!"])

        controller.logOut()
        XCTAssertFalse(controller.isLoggedIn)
        let token = try XCTUnwrap(logIn(controller)).get()
        XCTAssertNotEqual(token, signUpToken)
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, token)

        let products = try XCTUnwrap(fetchProducts(controller)).get()
        XCTAssertFalse(products.isEmpty)
        let first = try XCTUnwrap(products.first)
        XCTAssertEqual(first.id, "64b7f2a1c3d4e5f6a7b8c901")
        XCTAssertEqual(first.name, "Wireless Headphones")
        XCTAssertEqual(first.detailText, "Over-ear Bluetooth headphones with 30 hours of battery life.")
        XCTAssertEqual(first.category, "electronics")
        XCTAssertEqual(first.version, 0)
        XCTAssertNotNil(first.createdDate)
        XCTAssertNotNil(first.imageURL)
        XCTAssertEqual(requests(to: "/api/products").last?.headers["authorization"], "Bearer \(token)")
    }

    func testTokenIsSentOnlyWithProducts() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        _ = try XCTUnwrap(logIn(controller)).get()
        _ = try XCTUnwrap(fetchProducts(controller)).get()
        let authorized = server.requests.filter { $0.headers["authorization"] != nil }.map(\.path)
        XCTAssertEqual(authorized, ["/api/products"])
    }

    func testDuplicateSignUpIsAServerError() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        controller.logOut()
        let (email, password) = (self.email, self.password)
        let result = awaitCompletion {
            controller.signUp(email: email, password: password, name: "Ada", emailContent: "", completion: $0)
        }
        XCTAssertEqual(result?.failureError, .server(message: "Email already registered"))
        XCTAssertEqual(result?.failureError?.serverMessage, "Email already registered")
        XCTAssertFalse(controller.isLoggedIn)
    }

    func testWrongPasswordIsAServerError() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        controller.logOut()
        let result = logIn(controller, password: "wrong")
        XCTAssertEqual(result?.failureError, .server(message: "Invalid email or password"))
        XCTAssertFalse(controller.isLoggedIn)
    }

    func testSuccessGivenAsTheStringFalse() throws {
        server.inject(.json(200, #"{"success":"false","message":"nope"}"#), path: "/api/accounts/login")
        let controller = makeAccountController()
        XCTAssertEqual(logIn(controller)?.failureError, .server(message: "nope"))
        XCTAssertFalse(controller.isLoggedIn)
    }

    func testSuccessGivenAsTheStringTrue() throws {
        server.inject(.json(200, #"{"success":"true","message":"ok","token":"t0k3n"}"#), path: "/api/accounts/login")
        let controller = makeAccountController()
        XCTAssertEqual(logIn(controller)?.successValue, "t0k3n")
        XCTAssertEqual(controller.tokenStore.tokens?.accessToken, "t0k3n")
    }

    func testSuccessWithoutATokenIsAClearError() throws {
        server.inject(.json(200, #"{"success":true,"message":"Logged in"}"#), path: "/api/accounts/login")
        let controller = makeAccountController()
        let error = try XCTUnwrap(logIn(controller)?.failureError)
        guard case .decoding(let decodingFailure) = error else { return XCTFail("expected .decoding, got \(error)") }
        let description = decodingFailure.facts
        XCTAssertTrue(description.contains("token"), description)
        XCTAssertFalse(controller.isLoggedIn)
    }

    func testMissingFieldsAre400WithTheServersMessage() throws {
        let controller = makeAccountController()
        let password = self.password
        let signUp = awaitCompletion {
            controller.signUp(email: "", password: password, name: "Ada", emailContent: "", completion: $0)
        }
        XCTAssertEqual(signUp?.failureError?.statusCode, 400)
        XCTAssertEqual(signUp?.failureError?.serverMessage, "Missing email")
        let logIn = logIn(controller, password: "")
        XCTAssertEqual(logIn?.failureError?.statusCode, 400)
        XCTAssertEqual(logIn?.failureError?.serverMessage, "Missing password")
        XCTAssertFalse(controller.isLoggedIn)
    }

    func testCancelledLogInStoresNoToken() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        controller.logOut()
        server.inject(.delay(5), path: "/api/accounts/login")
        let (email, password) = (self.email, self.password)
        let result = awaitCompletion {
            controller.logIn(email: email, password: password, completion: $0)
        } then: {
            handle in
            Polling.until { self.server.requestCount(path: "/api/accounts/login") == 1 }
            handle.cancel()
        }
        XCTAssertEqual(result?.failureError, .cancelled)
        XCTAssertFalse(controller.isLoggedIn)
    }

    func testSharedControllerPointsAtLocalhost() {
        XCTAssertEqual(AccountController.shared.client.baseURL.absoluteString, "http://localhost:8090/api/")
    }
}
