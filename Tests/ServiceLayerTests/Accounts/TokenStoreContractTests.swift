import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(Security)
import Security
#endif

/// What every ``TokenStore`` promises, checked on each store through the same steps: empty at first,
/// the three values kept together, replaced as one, forgotten by `clearTokens`, kept across a new store
/// over the same place (for the stores that persist), and never shown in a description or a dump.
/// `KeychainTokenStore` runs the same steps on Apple platforms (CI runs them on macOS).
final class TokenStoreContractTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("token-contract-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// The contract's steps on stores from `makeStore`; a second store from it must see what the first
    /// kept when `persists`.
    private func checkContract(
        persists: Bool, file: StaticString = #filePath, line: UInt = #line, _ makeStore: () -> any TokenStore
    ) throws {
        let store = makeStore()
        XCTAssertNil(store.tokens, "a new store is logged out", file: file, line: line)
        let expiry = Date(timeIntervalSince1970: 2_000_000_000)  // whole seconds: every store keeps them
        let first = AuthTokens(accessToken: "access-one-7f3a", refreshToken: "refresh-one-9c2e", expiresAt: expiry)
        try store.setTokens(first)
        XCTAssertEqual(store.tokens, first, "access, refresh and expiry kept together", file: file, line: line)

        let second = AuthTokens(accessToken: "access-two-51d0")
        try store.setTokens(second)
        XCTAssertEqual(
            store.tokens, second, "replaced as one: no refresh token or expiry left over", file: file, line: line)
        XCTAssertEqual(
            makeStore().tokens, persists ? second : nil, "a new store over the same place", file: file, line: line)

        var shown = String(describing: store) + String(reflecting: store)
        dump(store, to: &shown)
        for token in ["access-one-7f3a", "refresh-one-9c2e", "access-two-51d0"] {
            XCTAssertFalse(shown.contains(token), "no token shown: \(shown)", file: file, line: line)
        }

        store.clearTokens()
        XCTAssertNil(store.tokens, file: file, line: line)
        XCTAssertNil(makeStore().tokens, "cleared for a new store too", file: file, line: line)
    }

    func testTheInMemoryStoreKeepsTheContract() throws {
        try checkContract(persists: false) { InMemoryTokenStore() }
    }

    func testTheFileStoreKeepsTheContract() throws {
        let url = folder.appendingPathComponent("tokens.json")
        try checkContract(persists: true) { FileTokenStore(url: url) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "clearTokens deletes the file")
    }

    #if canImport(Security)
    /// The Keychain store, on an item of a service of the test's own (deleted at the end). Skipped
    /// where this process may not use the Keychain (an unsigned test bundle on a locked or headless Mac).
    func testTheKeychainStoreKeepsTheContract() throws {
        let service = "ServiceLayerTests.\(UUID().uuidString)"
        let probe = KeychainTokenStore(service: service)
        defer { probe.clearTokens() }
        do {
            try probe.setTokens(AuthTokens(accessToken: "probe"))
            probe.clearTokens()
        } catch {
            let unavailable = [errSecMissingEntitlement, errSecInteractionNotAllowed, errSecNotAvailable]
            if unavailable.contains(error.status) { throw XCTSkip("no Keychain for this process: \(error)") }
            throw error
        }
        try checkContract(persists: true) { KeychainTokenStore(service: service) }
    }

    /// The error names the status, the system's text for it and a fix.
    func testAKeychainErrorExplainsItsStatus() {
        let error = KeychainTokenStoreError(status: errSecMissingEntitlement, saving: true)
        XCTAssertTrue(error.description.hasPrefix("The tokens could not be saved in the Keychain (OSStatus -34018"))
        XCTAssertTrue(error.description.contains("FileTokenStore"), error.description)
    }
    #endif
}
