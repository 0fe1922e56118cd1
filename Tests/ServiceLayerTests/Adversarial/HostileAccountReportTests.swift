import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real ``AccountController`` against the fixture server: signup, login, a refresh and an
/// authorized call, each observed. No password, access token or refresh token appears anywhere in any
/// ``ExchangeReport`` — request, URL, headers, body, response, error.
final class HostileAccountReportTests: AccountsTestCase {
    func testNoReportOfTheControllersOwnRequestsHoldsAPasswordOrAToken() async throws {
        let reports = Locked<[ExchangeReport]>([])
        var options = APIClient.Options(retryPolicy: .never)
        options.resultObserver = { report in reports.withLock { $0.append(report) } }
        let store = InMemoryTokenStore()
        let controller = makeAccountController(options: options, tokenStore: store)

        let first = try await controller.signUp(email: email, password: password, name: "Ada", emailContent: "Hi")
        let firstRefresh = try XCTUnwrap(store.tokens?.refreshToken)
        server.expireAllTokens()
        _ = try await controller.fetchProducts()  // a 401, a refresh, the replay
        let second = try XCTUnwrap(store.tokens?.accessToken)
        let secondRefresh = try XCTUnwrap(store.tokens?.refreshToken)
        _ = try await controller.logIn(email: email, password: password)
        let third = try XCTUnwrap(store.tokens?.accessToken)
        do {
            _ = try await controller.logIn(email: email, password: "wrong-password-4242")
            XCTFail("a wrong password logs in")
        } catch {}

        // The control: these requests did carry the secrets on the wire.
        let paths = reports.withLock { $0 }.compactMap { $0.request.url?.path }
        for path in ["/api/accounts/signup", "/api/accounts/refresh", "/api/accounts/login", "/api/products"] {
            XCTAssertTrue(paths.contains(path), "a report of \(path): \(paths)")
        }
        let refreshSent = try XCTUnwrap(requests(to: "/api/accounts/refresh").first)
        XCTAssertTrue(String(decoding: refreshSent.body, as: UTF8.self).contains(firstRefresh))
        XCTAssertNotEqual(first, second)

        let secrets = [password, "wrong-password-4242", first, second, third, firstRefresh, secondRefresh]
        for report in reports.withLock({ $0 }) {
            for text in HostileReportTests.texts(of: report) {
                for secret in secrets { XCTAssertFalse(text.contains(secret), "a secret in \(text)") }
            }
        }
        let signup = try XCTUnwrap(reports.withLock { $0 }.first { $0.request.url?.path == "/api/accounts/signup" })
        let body = String(decoding: signup.request.httpBody ?? Data(), as: UTF8.self)
        XCTAssertEqual(
            body, #"{"email":"<redacted>","emailContent":"<redacted>","name":"<redacted>","password":"<redacted>"}"#,
            "a secret-bearing body shows its field names only")
    }
}
