import Foundation
import XCTest

@testable import FixtureServer

/// The base of the tests that change the movies example: each test gets a fresh copy of
/// `server-fixtures/Examples/movies` in a temporary folder, served with `--write` (changes saved back to the
/// copy's `db.json`), and the copy is removed after the test.
class MoviesCopyTestCase: FixtureTestCase {
    /// The copy this test's server answers from (and writes back to).
    private(set) var folder: URL!

    override func makeServer() -> FixtureServer {
        do {
            folder = try TemporaryFolder.copy(of: Self.moviesFolder, prefix: "api").url
        } catch {
            XCTFail("the movies example cannot be copied: \(error)")
            return FixtureServer()
        }
        return apiServer(folder, writesBack: true)
    }

    override func tearDown() {
        super.tearDown()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
