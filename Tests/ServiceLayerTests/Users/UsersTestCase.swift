import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The base of the NetworkController tests: a controller on the test's fixture server.
class UsersTestCase: FixtureServerTestCase {
    /// A controller on `server`'s `/api/`, without retries by default.
    func makeUsersController(
        options: APIClient.Options = APIClient.Options(retryPolicy: .never), apiKey: String? = nil
    ) -> NetworkController {
        NetworkController(baseURL: apiURL(), options: options, apiKey: apiKey)
    }
}
