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
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), token)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["token"], "no temp file left")

        let relaunched = makeAccountController(tokenStore: FileTokenStore(url: url))
        XCTAssertTrue(relaunched.isLoggedIn)
        XCTAssertEqual(relaunched.tokenStore.token, token)
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
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "second")
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

    func testUnwritableFolderKeepsTheTokenInMemory() {
        let store = FileTokenStore(url: folder.appendingPathComponent("missing/token"))
        store.setToken("abc")
        XCTAssertEqual(store.token, "abc")
    }
}
