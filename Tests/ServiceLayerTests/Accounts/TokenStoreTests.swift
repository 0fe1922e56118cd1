import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The token stores: in memory, and in a `0600` file across controllers.
final class TokenStoreTests: AccountsTestCase {
    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue
    }

    func testInMemoryStore() {
        let store = InMemoryTokenStore()
        XCTAssertNil(store.tokens?.accessToken)
        store.setTokens(AuthTokens(accessToken: "abc"))
        XCTAssertEqual(store.tokens?.accessToken, "abc")
        store.clearTokens()
        XCTAssertNil(store.tokens?.accessToken)
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
        try store.setTokens(AuthTokens(accessToken: "first"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        try store.setTokens(AuthTokens(accessToken: "second"))
        XCTAssertEqual(try permissions(of: url), 0o600, "a new file replaces the old, whatever its mode")
        XCTAssertEqual(FileTokenStore(url: url).tokens?.accessToken, "second")
    }

    func testReadingAWidenedFileNarrowsItTo0600() throws {
        let url = folder.appendingPathComponent("token")
        try Data(#"{"accessToken": "abc"}"#.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        XCTAssertEqual(FileTokenStore(url: url).tokens?.accessToken, "abc")
        XCTAssertEqual(try permissions(of: url), 0o600)
    }

    /// Only the JSON format is read: a file holding anything else (a bare token) reads as logged out.
    func testAFileThatIsNotTheJSONFormatReadsAsLoggedOut() throws {
        let url = folder.appendingPathComponent("token")
        try Data("abc".utf8).write(to: url)
        XCTAssertNil(FileTokenStore(url: url).tokens)
    }

    func testLogOutDeletesTheFile() throws {
        let url = folder.appendingPathComponent("token")
        let controller = makeAccountController(tokenStore: FileTokenStore(url: url))
        _ = try signUp(controller)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        controller.logOut()
        XCTAssertFalse(controller.isLoggedIn)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertNil(FileTokenStore(url: url).tokens?.accessToken)
        controller.logOut()  // logging out twice is harmless
    }

    func test401DeletesTheFile() throws {
        let url = folder.appendingPathComponent("token")
        let store = FileTokenStore(url: url)
        try store.setTokens(AuthTokens(accessToken: "revoked-token"))
        let controller = makeAccountController(tokenStore: store)
        XCTAssertEqual(fetchProducts(controller)?.failureError?.statusCode, 401)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testMissingOrEmptyFileMeansLoggedOut() throws {
        let url = folder.appendingPathComponent("token")
        XCTAssertNil(FileTokenStore(url: url).tokens?.accessToken)
        try Data("\n".utf8).write(to: url)
        XCTAssertNil(FileTokenStore(url: url).tokens?.accessToken)
    }

    func testInMemoryStoreKeepsEveryToken() {
        let tokens = AuthTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 5))
        let store = InMemoryTokenStore(tokens: tokens)
        XCTAssertEqual(store.tokens, tokens)
        store.setTokens(AuthTokens(accessToken: "b"))
        XCTAssertEqual(store.tokens, AuthTokens(accessToken: "b"), "a bare token drops the refresh token")
        store.setTokens(tokens)
        XCTAssertEqual(store.tokens?.accessToken, "a")
        store.clearTokens()
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
}
