import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `.shared` pointed at the fixture server, as a test or a SwiftUI preview does, with no edit of the
/// library: the screens' own call (`MenuController.shared.fetchCategories`) reaches the test's server over
/// real sockets, and the original is back afterwards.
final class SharedControllerTests: FixtureServerTestCase {
    func testMenuControllerSharedCanPointAtTheFixtureServer() throws {
        let original = MenuController.shared
        XCTAssertEqual(original.client.baseURL, URL(string: "http://localhost:8090/"), "control: the default")
        MenuController.shared = MenuController(baseURL: server.baseURL)
        defer { MenuController.shared = original }

        let result = awaitCompletion { MenuController.shared.fetchCategories(completion: $0) }

        XCTAssertEqual(
            try XCTUnwrap(result).get(), ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"])
        XCTAssertEqual(requests(to: "/categories").count, 1, "the test's server answered")
        MenuController.shared = original
        XCTAssertTrue(MenuController.shared === original, "set back")
    }

    func testNetworkControllerSharedCanPointAtTheFixtureServer() throws {
        let original = NetworkController.shared
        XCTAssertEqual(original.client.baseURL.absoluteString, "https://reqres.in/api/", "control: the default")
        NetworkController.shared = NetworkController(baseURL: apiURL())
        defer { NetworkController.shared = original }

        let result = awaitCompletion { NetworkController.shared.fetchUser(id: 2, completion: $0) }

        XCTAssertEqual(try XCTUnwrap(result).get().email, "janet.weaver@reqres.in")
        XCTAssertEqual(requests(to: "/api/users/2").count, 1)
    }

    func testAccountControllerSharedCanPointAtTheFixtureServer() throws {
        let original = AccountController.shared
        XCTAssertEqual(original.client.baseURL.absoluteString, "http://localhost:8090/api/", "control: the default")
        AccountController.shared = AccountController(baseURL: apiURL())
        defer { AccountController.shared = original }

        let signedUp = awaitCompletion {
            AccountController.shared.signUp(
                email: "shared@example.com", password: "a-long-enough-password-7", name: "Ada", emailContent: "",
                completion: $0)
        }
        XCTAssertNotNil(signedUp?.successValue)
        let products = awaitCompletion { AccountController.shared.fetchProducts(completion: $0) }
        XCTAssertEqual(try XCTUnwrap(products).get().isEmpty, false)
        XCTAssertFalse(original.isLoggedIn, "the default controller never saw the login")
    }

    /// Off the main actor, as a `static let` could be read: from a task and from another thread.
    func testSharedIsReadAndSetFromAnyThread() async throws {
        let original = MenuController.shared
        let replacement = MenuController(baseURL: server.baseURL)
        await Task.detached { MenuController.shared = replacement }.value
        defer { MenuController.shared = original }
        let categories = try await Task.detached { try await MenuController.shared.fetchCategories() }.value
        XCTAssertEqual(categories.count, 6)
        let seen = DispatchQueue.global().sync { MenuController.shared }
        XCTAssertTrue(seen === replacement)
    }
}
