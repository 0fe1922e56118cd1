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
// no edit of the core (`Sources/ServiceLayerCore`). The tests below run it against the fixture server.

extension Notification.Name {
    /// Posted when any call of any controller is answered with a 401 that no token refresh will fix.
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
        // A 401 that the authenticator answers with a refresh and a replay is not the end of the session.
        if report.error?.statusCode == 401, !report.willBeReplayed {
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

    /// An expired access token that the refresh fixes: the first 401 is replayed, nothing is posted.
    func testA401ThatTheRefreshFixesPostsNothing() throws {
        let (center, posted) = countSessionExpired()
        let accounts = AccountController(baseURL: apiURL(), options: makeAppOptions(notificationCenter: center))
        XCTAssertNotNil(signUp(accounts)?.successValue)
        server.expireAllTokens()

        let products = awaitCompletion { accounts.fetchProducts(completion: $0) }

        XCTAssertEqual(products?.successValue?.isEmpty, false)
        XCTAssertEqual(server.requestCount(path: "/api/products"), 2, "control: a 401, then the replay")
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 1)
        XCTAssertEqual(posted.withLock { $0 }, 0)
    }

    /// A refresh token revoked by the server (it was used elsewhere first): the call's 401 will be
    /// replayed, but the refresh's 401 is final; the session ends once.
    func testARevokedRefreshTokenPostsSessionExpiredOnce() throws {
        let (center, posted) = countSessionExpired()
        let accounts = AccountController(baseURL: apiURL(), options: makeAppOptions(notificationCenter: center))
        XCTAssertNotNil(signUp(accounts)?.successValue)
        let stolen = try XCTUnwrap(accounts.tokenStore.tokens?.refreshToken)
        let thief = APIClient(baseURL: apiURL())
        XCTAssertNotNil(awaitCompletion { thief.send(AccountsAPI.refresh(refreshToken: stolen), completion: $0) })
        server.expireAllTokens()

        let products = awaitCompletion { accounts.fetchProducts(completion: $0) }

        XCTAssertEqual(products?.failureError?.statusCode, 401)
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 2, "control: the thief's, then ours")
        XCTAssertFalse(accounts.isLoggedIn)
        XCTAssertEqual(posted.withLock { $0 }, 1)
    }

    private func countSessionExpired() -> (NotificationCenter, Locked<Int>) {
        let center = NotificationCenter()
        let posted = Locked(0)
        let observer = center.addObserver(forName: .sessionExpired, object: nil, queue: nil) { _ in
            posted.withLock { $0 += 1 }
        }
        addTeardownBlock { center.removeObserver(observer) }
        return (center, posted)
    }

    private func signUp(_ accounts: AccountController) -> Result<String, APIError>? {
        awaitCompletion {
            accounts.signUp(
                email: "ada@example.com", password: "correct-horse-battery-staple-91", name: "Ada", emailContent: "",
                completion: $0)
        }
    }

    func testANewEndpointIsOneStatement() {
        let menu = MenuController(baseURL: server.baseURL)
        let result = awaitCompletion { menu.fetchSpecials(completion: $0) }
        XCTAssertEqual(result?.successValue, [], "an unknown category is an empty list")
    }
}
