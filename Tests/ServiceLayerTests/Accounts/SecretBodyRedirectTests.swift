import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Login, signup and refresh send a password or a refresh token in their body: a redirect to another
/// origin ends the call with the 3xx, on every platform, and nothing reaches the other origin.
final class SecretBodyRedirectTests: AccountsTestCase {
    func testLoginRedirectedToAnotherOriginEndsWithTheStatusAndSendsNothingThere() throws {
        let other = try startExtraServer()
        for status in [307, 308, 302, 303] {
            let elsewhere = apiURL(of: other).appendingPathComponent("accounts/login")
            server.inject(.redirect(to: elsewhere, status: status), path: "/api/accounts/login")
            let result = try XCTUnwrap(logIn(makeAccountController()))
            XCTAssertEqual(result.failureError?.statusCode, status, "a \(status) to another origin is not followed")
        }
        XCTAssertEqual(other.requests.count, 0, "nothing reached the other origin")
        XCTAssertEqual(requests(to: "/api/accounts/login").count, 4)
    }

    func testSignupRedirectedToAnotherOriginEndsWithTheStatus() throws {
        let other = try startExtraServer()
        server.inject(
            .redirect(to: apiURL(of: other).appendingPathComponent("accounts/signup"), status: 307),
            path: "/api/accounts/signup")
        let (email, password) = (self.email, self.password)
        let result = try XCTUnwrap(
            awaitCompletion {
                makeAccountController().signUp(
                    email: email, password: password, name: "Ada", emailContent: "Hi", completion: $0)
            })
        XCTAssertEqual(result.failureError?.statusCode, 307)
        XCTAssertEqual(other.requests.count, 0)
        XCTAssertFalse(server.requests.isEmpty)
    }

    /// The other side of the rule: a body without a secret (an order) still follows a 303 elsewhere as a GET.
    func testAnOrdinaryPostStillFollowsARedirectToAnotherOrigin() throws {
        let other = try startExtraServer()
        server.inject(.redirect(to: other.baseURL.appendingPathComponent("categories"), status: 303), path: "/order")
        let client = makeClient(baseURL: server.baseURL)
        struct Categories: Decodable, Sendable { let categories: [String] }
        let result = awaitCompletion {
            client.send(Endpoint<Categories>(method: .post, "order").body(["menuIds": [1]]), completion: $0)
        }
        XCTAssertEqual(try XCTUnwrap(result).get().categories.isEmpty, false)
        XCTAssertEqual(other.requests.count, 1)
    }

    func testTheAccountsEndpointsWithSecretBodiesAreMarked() {
        XCTAssertTrue(AccountsAPI.logIn(email: "e", password: "p").extras.bodyCarriesSecret)
        XCTAssertTrue(
            AccountsAPI.signUp(email: "e", password: "p", name: "n", emailContent: "c").extras.bodyCarriesSecret)
        XCTAssertTrue(AccountsAPI.refresh(refreshToken: "r").extras.bodyCarriesSecret)
        XCTAssertFalse(
            AccountsAPI.products.extras.bodyCarriesSecret, "a GET with a token header: the header is stripped")
        XCTAssertFalse(Endpoint<Void>(method: .post, "order").extras.bodyCarriesSecret)
    }

    func testTheSecretBodyGuardRefusesOnlyOtherOrigins() {
        let from = URL(string: "https://api.test/accounts/login")!
        let guardian = RedirectGuard.secretBody
        XCTAssertFalse(
            guardian.refusesSecretBody(
                to: URLRequest(url: URL(string: "https://api.test/v2/login")!), redirectedFrom: from))
        for target in ["https://evil.test/login", "http://api.test/login", "https://api.test:8443/login"] {
            XCTAssertTrue(
                guardian.refusesSecretBody(to: URLRequest(url: URL(string: target)!), redirectedFrom: from), target)
        }
        XCTAssertTrue(guardian.refusesSecretBody(to: URLRequest(url: from), redirectedFrom: nil), "unknown origin")
        XCTAssertFalse(
            RedirectGuard.shared.refusesSecretBody(
                to: URLRequest(url: URL(string: "https://evil.test/")!), redirectedFrom: from))
    }
}
