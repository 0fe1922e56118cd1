import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The base of the menu tests against the fixture server: a controller from `makeController(baseURL:)`
/// (no retries, a 10 s timeout, callbacks on `.main`) on the test's server.
class MenuTestCase: FixtureServerTestCase {
    private(set) var controller: MenuController!

    override func setUpWithError() throws {
        try super.setUpWithError()
        controller = makeController(baseURL: server.baseURL)
    }
}
