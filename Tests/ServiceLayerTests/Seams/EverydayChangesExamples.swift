import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The article "Customising requests" shows this code as it is here: app code through the core's seams,
// no edit of `Client/`. The tests below run it against the fixture server.

extension Notification.Name {
    /// Posted when any call of any controller is answered with a 401.
    static let sessionExpired = Notification.Name("sessionExpired")
}

/// The app's options for every controller: a header on every request, and a reaction to every result.
func makeAppOptions(notificationCenter: NotificationCenter = .default) -> APIClient.Options {
    var options = APIClient.Options()
    options.requestHook = RequestHook { request in
        request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
        request.setValue("fr-CH", forHTTPHeaderField: "Accept-Language")
    }
    options.resultObserver = { report in
        if report.error?.statusCode == 401 {
            notificationCenter.post(name: .sessionExpired, object: nil)
        }
    }
    return options
}

/// A new endpoint: the wire format, then one statement per method.
enum SpecialsAPI {
    struct Specials: Decodable, Sendable { let items: [MenuItem] }

    /// `GET menu?category=specials`, unwrapped to the dishes.
    static let today = Endpoint<Specials>("menu", query: [URLQueryItem(name: "category", value: "specials")])
        .map(\.items)
}

extension MenuController {
    /// Fetches today's specials.
    @discardableResult
    func fetchSpecials(completion: @escaping @MainActor (Result<[MenuItem], APIError>) -> Void) -> RequestHandle {
        client.send(SpecialsAPI.today, completion: completion)
    }
}

/// The everyday changes above, run.
final class EverydayChangesTests: FixtureServerTestCase {
    func testEveryRequestCarriesTheAppsHeaders() {
        let menu = MenuController(baseURL: server.baseURL, options: makeAppOptions())
        let result = awaitCompletion { menu.fetchCategories(completion: $0) }
        XCTAssertNotNil(result?.successValue)
        let sent = requests(to: "/categories").first
        XCTAssertEqual(sent?.headers["accept-language"], "fr-CH")
        XCTAssertEqual(sent?.headers["x-request-id"]?.count, 36)
    }

    func testAny401FromAnyControllerPostsSessionExpired() {
        let center = NotificationCenter()
        let posted = Locked(0)
        let observer = center.addObserver(forName: .sessionExpired, object: nil, queue: nil) { _ in
            posted.withLock { $0 += 1 }
        }
        defer { center.removeObserver(observer) }
        server.inject(.unauthorizedBearer, path: "/api/users/2", times: 1)
        let users = NetworkController(baseURL: apiURL(), options: makeAppOptions(notificationCenter: center))
        let result = awaitCompletion { users.fetchUser(id: 2, completion: $0) }
        XCTAssertEqual(result?.failureError?.statusCode, 401)
        XCTAssertEqual(posted.withLock { $0 }, 1)
    }

    func testANewEndpointIsOneStatement() {
        let menu = MenuController(baseURL: server.baseURL)
        let result = awaitCompletion { menu.fetchSpecials(completion: $0) }
        XCTAssertEqual(result?.successValue, [], "an unknown category is an empty list")
    }
}
