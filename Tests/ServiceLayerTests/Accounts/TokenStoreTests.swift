import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer

/// The token stores: in memory, and in a `0600` file across controllers.
final class TokenStoreTests: AccountsTestCase {
    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue
    }

    func testInMemoryStore() {
        let store = InMemoryTokenStore()
        XCTAssertNil(store.token)
        store.setToken("abc")
        XCTAssertEqual(store.token, "abc")
        store.clearToken()
        XCTAssertNil(store.token)
    }

    func testFileStorePersistsTheTokenWithPermissions0600() throws {
        let url = folder.appendingPathComponent("token")
        let controller = makeAccountController(tokenStore: FileTokenStore(url: url))
        let token = try signUp(controller)

        XCTAssertEqual(try permissions(of: url), 0o600)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        XCTAssertEqual(saved?["accessToken"] as? String, token)
        XCTAssertEqual(saved?["refreshToken"] as? String, controller.tokenStore.tokens?.refreshToken)
        XCTAssertNotNil(saved?["expiresAt"] as? Double)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["token"], "no temp file left")

        let relaunched = makeAccountController(tokenStore: FileTokenStore(url: url))
        XCTAssertTrue(relaunched.isLoggedIn)
        XCTAssertEqual(relaunched.tokenStore.tokens, controller.tokenStore.tokens, "refresh token and expiry too")
        XCTAssertNotNil(fetchProducts(relaunched)?.successValue)
        XCTAssertEqual(requests(to: "/api/products").last?.headers["authorization"], "Bearer \(token)")
    }

    func testReplacingTheTokenKeeps0600() throws {
        let url = folder.appendingPathComponent("token")
        let store = FileTokenStore(url: url)
        store.setToken("first")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        store.setToken("second")
        XCTAssertEqual(try permissions(of: url), 0o600, "a new file replaces the old, whatever its mode")
        XCTAssertEqual(FileTokenStore(url: url).token, "second")
    }

    func testReadingAWidenedFileNarrowsItTo0600() throws {
        let url = folder.appendingPathComponent("token")
        try Data("abc".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        XCTAssertEqual(FileTokenStore(url: url).token, "abc")
        XCTAssertEqual(try permissions(of: url), 0o600)
    }

    func testLogOutDeletesTheFile() throws {
        let url = folder.appendingPathComponent("token")
        let controller = makeAccountController(tokenStore: FileTokenStore(url: url))
        _ = try signUp(controller)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        controller.logOut()
        XCTAssertFalse(controller.isLoggedIn)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertNil(FileTokenStore(url: url).token)
        controller.logOut()  // logging out twice is harmless
    }

    func test401DeletesTheFile() throws {
        let url = folder.appendingPathComponent("token")
        let store = FileTokenStore(url: url)
        store.setToken("revoked-token")
        let controller = makeAccountController(tokenStore: store)
        XCTAssertEqual(fetchProducts(controller)?.failureError?.statusCode, 401)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testMissingOrEmptyFileMeansLoggedOut() throws {
        let url = folder.appendingPathComponent("token")
        XCTAssertNil(FileTokenStore(url: url).token)
        try Data("\n".utf8).write(to: url)
        XCTAssertNil(FileTokenStore(url: url).token)
    }

    func testInMemoryStoreKeepsEveryToken() {
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 5))
        let store = InMemoryTokenStore(tokens: tokens)
        XCTAssertEqual(store.tokens, tokens)
        store.setToken("b")
        XCTAssertEqual(store.tokens, AuthTokens(accessToken: "b"), "a bare token drops the refresh token")
        store.setTokens(tokens)
        XCTAssertEqual(store.token, "a")
        store.clearToken()
        XCTAssertNil(store.tokens)
    }

    func testFileStoreRoundTripsEveryToken() throws {
        let url = folder.appendingPathComponent("token")
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_000_000))
        try FileTokenStore(url: url).setTokens(tokens)
        XCTAssertEqual(FileTokenStore(url: url).tokens, tokens)
        XCTAssertFalse(tokens.isExpired(at: Date(timeIntervalSince1970: 999_999)))
        XCTAssertTrue(tokens.isExpired(at: Date(timeIntervalSince1970: 1_000_000)))
        XCTAssertFalse(AuthTokens(accessToken: "a").isExpired(), "an unknown expiry is not expired")
    }

    /// A store written before refresh tokens existed keeps working: it stores the access token alone.
    func testAStoreWithoutRefreshTokensStillWorks() throws {
        final class LegacyStore: TokenStore {
            let inner = InMemoryTokenStore()
            var token: String? { inner.token }
            func setToken(_ token: String) { inner.setToken(token) }
            func clearToken() { inner.clearToken() }
        }
        let store = LegacyStore()
        let controller = makeAccountController(tokenStore: store)
        let token = try signUp(controller)
        XCTAssertEqual(store.tokens, AuthTokens(accessToken: token))
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        server.expireToken(token)
        XCTAssertEqual(fetchProducts(controller)?.failureError?.statusCode, 401, "no refresh token: logged out")
        XCTAssertFalse(controller.isLoggedIn)
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 0)
    }
}
