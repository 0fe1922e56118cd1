import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The two findings in the first `FileTokenStore`: a symbolic link at the token path, and a missing folder.
final class FileTokenStoreSafetyTests: AccountsTestCase {
    private func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue
    }

    /// A link to another file is neither read as a token, nor sent, nor `chmod`ed through.
    func testASymbolicLinkIsNeverFollowed() throws {
        let target = folder.appendingPathComponent("notes.txt")
        try Data("not-a-token-but-private-text".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        let url = folder.appendingPathComponent("token")
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)

        let store = FileTokenStore(url: url)
        XCTAssertNil(store.tokens?.accessToken, "the link reads as logged out")
        XCTAssertEqual(try permissions(of: target.path), 0o644, "the target's permissions are untouched")
        let controller = makeAccountController(tokenStore: store)
        XCTAssertFalse(controller.isLoggedIn)
        XCTAssertEqual(fetchProducts(controller)?.failureError, .notAuthenticated)
        XCTAssertEqual(server.requests.count, 0, "nothing was sent")

        // Logging in replaces the link by a regular 0600 file; the target keeps its text and mode.
        let token = try signUp(controller)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(try permissions(of: url.path), 0o600)
        XCTAssertEqual(FileTokenStore(url: url).tokens?.accessToken, token)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "not-a-token-but-private-text")
        XCTAssertEqual(try permissions(of: target.path), 0o644)
    }

    func testALinkToAFolderOrAFolderReadsAsLoggedOut() throws {
        let inner = folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
        XCTAssertNil(FileTokenStore(url: inner).tokens?.accessToken, "a folder is not a token file")
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: inner)
        XCTAssertNil(FileTokenStore(url: link).tokens?.accessToken)
    }

    /// A missing folder is created (`0700`), so the login survives a relaunch.
    func testAMissingFolderIsCreatedWith0700() throws {
        let parent = folder.appendingPathComponent("app")
        let url = parent.appendingPathComponent("support/token")
        let controller = makeAccountController(tokenStore: FileTokenStore(url: url))
        let token = try signUp(controller)
        XCTAssertEqual(try permissions(of: parent.path), 0o700)
        XCTAssertEqual(try permissions(of: url.deletingLastPathComponent().path), 0o700)
        XCTAssertEqual(try permissions(of: url.path), 0o600)
        XCTAssertEqual(FileTokenStore(url: url).tokens?.accessToken, token, "a relaunch finds the login")
    }

    /// When the file cannot be written at all, the login fails with a typed error and nothing claims
    /// otherwise: `token` does not read a value back from memory.
    func testAnUnwritablePathFailsLoudly() throws {
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("token")  // a "folder" that is a regular file
        let store = FileTokenStore(url: url)
        XCTAssertThrowsError(try store.setTokens(AuthTokens(accessToken: "abc"))) { error in
            XCTAssertEqual((error as? POSIXError)?.code, .ENOTDIR)
        }
        XCTAssertNil(store.tokens?.accessToken)
        try? store.setTokens(AuthTokens(accessToken: "abc"))
        XCTAssertNil(store.tokens?.accessToken, "the non-throwing setter does not pretend either")

        let controller = makeAccountController(tokenStore: store)
        let result = awaitCompletion {
            controller.signUp(email: self.email, password: self.password, name: "Ada", emailContent: "", completion: $0)
        }
        guard case .tokenStorage(let reason) = result?.failureError else {
            return XCTFail("expected .tokenStorage, got \(String(describing: result))")
        }
        XCTAssertTrue(reason.contains("errno 20"), reason)
        XCTAssertFalse(controller.isLoggedIn)
        XCTAssertEqual(fetchProducts(controller)?.failureError, .notAuthenticated)
        let text = APIError.tokenStorage(reason).localizedDescription
        XCTAssertTrue(text.contains("logged out"), text)
    }
}
