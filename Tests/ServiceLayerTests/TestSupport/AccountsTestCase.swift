import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The base of the AccountController tests: a controller on the test's fixture server, and a
/// temporary folder for token files.
class AccountsTestCase: FixtureServerTestCase {
    /// A password no log, description or error may contain.
    let password = "correct-horse-battery-staple-91"
    let email = "ada@example.com"
    private(set) var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("AccountsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    /// A controller on `server`'s `/api/` (or `baseURL`).
    func makeAccountController(
        baseURL: URL? = nil,
        options: APIClient.Options = APIClient.Options(retryPolicy: .never),
        tokenStore: any TokenStore = InMemoryTokenStore()
    ) -> AccountController {
        AccountController(
            baseURL: baseURL ?? apiURL(), options: options, tokenStore: tokenStore)
    }

    /// Signs up ``email`` with ``password`` and returns the token, failing the test otherwise.
    func signUp(_ controller: AccountController, file: StaticString = #filePath, line: UInt = #line) throws
        -> String
    {
        let (email, password) = (self.email, self.password)
        let result = awaitCompletion(file: file, line: line) {
            controller.signUp(email: email, password: password, name: "Ada", emailContent: "Welcome!", completion: $0)
        }
        return try XCTUnwrap(result, file: file, line: line).get()
    }

    /// Logs in with `password` (``password`` by default) and returns the result.
    func logIn(_ controller: AccountController, password: String? = nil) -> Result<String, APIError>? {
        let (email, password) = (self.email, password ?? self.password)
        return awaitCompletion { controller.logIn(email: email, password: password, completion: $0) }
    }

    /// Fetches the products and returns the result.
    func fetchProducts(_ controller: AccountController) -> Result<[Product], APIError>? {
        awaitCompletion { controller.fetchProducts(completion: $0) }
    }

    /// Fails the test when `text` contains the password or `token` (alone or as `Bearer <token>`).
    func assertNoSecrets(
        _ text: String, token: String?, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(text.contains(password), "\(what) shows the password: \(text)", file: file, line: line)
        if let token {
            XCTAssertFalse(text.contains(token), "\(what) shows the token: \(text)", file: file, line: line)
            XCTAssertFalse(text.contains("Bearer \(token)"), "\(what) shows the header", file: file, line: line)
        }
    }

    /// Every way a value can be printed: `description`, `debugDescription`, `dump`, `localizedDescription`.
    func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var texts = [String(describing: value), String(reflecting: value), dumped]
        if let error = value as? any Error { texts.append(error.localizedDescription) }
        return texts
    }
}
