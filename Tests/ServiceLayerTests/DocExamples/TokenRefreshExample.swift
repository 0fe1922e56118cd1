import FixtureServer
import Foundation
import ServiceLayer
import XCTest

// The "Trying it" example of the DocC article "Authentication": expire every token, and count the
// refreshes (Tests/ServiceLayerTests/Accounts/TokenRefreshTests.swift tests the flow in full).

final class TokenRefreshExampleTests: XCTestCase {
    func testAnExpiredTokenIsRefreshedOnce() async throws {
        let server = FixtureServer(tokenLifetime: 900)
        try server.start()
        defer { server.stop() }
        let accounts = AccountController(baseURL: URL(string: "api/", relativeTo: server.baseURL)!.absoluteURL)
        _ = try await accounts.signUp(email: "ada@example.com", password: "analytical", name: "Ada", emailContent: "Hi")

        server.expireAllTokens()
        let products = try await accounts.fetchProducts()  // a 401, one refresh, one replay
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 1)
        XCTAssertFalse(products.isEmpty)
    }
}
