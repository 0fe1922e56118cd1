import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The own-origin rule (`OwnOriginHeaders.swift`): the client's headers, the authenticator's headers and
/// the credential list go only to the base URL's origin — whatever a request hook does, on every
/// redirect. Each test sends the same request to the own origin too, which does carry them.
final class HostileOriginTests: HostileServerTestCase {
    /// Puts a credential in a custom header no list names, and one in `X-Auth-Token`.
    struct SignatureAuthenticator: Authenticator {
        var credential: String? { "sig-credential-5678" }
        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue(credential, forHTTPHeaderField: "X-Session-Signature")
            request.setValue("auth-\(credential)", forHTTPHeaderField: "X-Auth-Token")
        }
        func refresh(_ credential: String, with client: APIClient) async throws(APIError) -> String {
            throw .notAuthenticated
        }
        func invalidate(_ credential: String) {}
    }

    /// The headers that must stay home, lowercased, with the values the tests give them.
    private let homeOnly = [
        "x-api-key": "key-from-options-1234", "x-client-tenant": "tenant-from-options",
        "x-session-signature": "sig-credential-5678", "x-auth-token": "auth-sig-credential-5678",
        "authorization": "Bearer hook-set-token", "cookie": "session=hook-set-cookie",
    ]

    /// A hook that sends `away` requests to `other` and sets two credential headers itself.
    private func movingHook(to other: HostileServer) -> RequestHook {
        RequestHook { request in
            request.setValue("Bearer hook-set-token", forHTTPHeaderField: "Authorization")
            request.setValue("session=hook-set-cookie", forHTTPHeaderField: "Cookie")
            request.setValue("kept-everywhere", forHTTPHeaderField: "X-Request-ID")
            guard let url = request.url, url.path.hasSuffix("/away") else { return }
            request.url = other.url("moved")
        }
    }

    private func client(home: HostileServer, other: HostileServer, async: Bool = false) -> APIClient {
        var options = APIClient.Options(
            timeout: 10, retryPolicy: .never,
            headers: ["X-API-Key": "key-from-options-1234", "X-Client-Tenant": "tenant-from-options"])
        let hook = movingHook(to: other)
        options.requestHook =
            async ? .async { request in try hook.adaptSync(&request) } : hook
        return APIClient(
            baseURL: home.baseURL, session: APIClient.makeSession(configuration: .ephemeral), options: options,
            authenticator: SignatureAuthenticator())
    }

    private func assertCarriesAll(_ request: HostileServer.Request?, file: StaticString = #filePath, line: UInt = #line)
    {
        for (name, value) in homeOnly {
            XCTAssertEqual(request?.headers[name], value, "the own origin gets \(name)", file: file, line: line)
        }
    }

    private func assertCarriesNone(
        _ request: HostileServer.Request?, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertNotNil(request, "the other origin was reached", file: file, line: line)
        for name in homeOnly.keys {
            XCTAssertNil(request?.headers[name], "\(name) reached the other origin", file: file, line: line)
        }
        XCTAssertEqual(request?.headers["x-request-id"], "kept-everywhere", file: file, line: line)
    }

    func testAHookThatMovesTheRequestLeavesEveryHomeHeaderBehind() async throws {
        for async in [false, true] {
            let home = try startServer { _ in .text("home") }
            let other = try startServer { _ in .text("other") }
            let client = client(home: home, other: other, async: async)

            let control = try await client.send(
                Endpoint<TextAnswer>("here").requiringAuthorization().headers(["X-Endpoint-Note": "for-home"]))
            XCTAssertEqual(control.text, "home")
            assertCarriesAll(home.requests.last)
            XCTAssertEqual(home.requests.last?.headers["x-endpoint-note"], "for-home")

            let moved = try await client.send(
                Endpoint<TextAnswer>("away").requiringAuthorization().headers(["X-Endpoint-Note": "for-home"]))
            XCTAssertEqual(moved.text, "other")
            XCTAssertEqual(other.requests.count, 1)
            assertCarriesNone(other.requests.last)
            XCTAssertNil(other.requests.last?.headers["x-endpoint-note"], "the hook moved it: only the hook's own")
            XCTAssertEqual(other.requests.last?.headers["accept"], "application/json", "safe headers stay")
        }
    }

    func testARedirectToAnotherOriginCarriesNoHomeHeader() async throws {
        let other = try startServer { _ in .text("other") }
        let home = try startServer { request in
            if request.target.hasSuffix("/hop") { return .init(status: 302, headers: [("Location", "/here")]) }
            if request.target.hasSuffix("/here") { return .text("home") }
            return .init(status: 302, headers: [("Location", other.url("landed").absoluteString)])
        }
        let client = client(home: home, other: other)

        let control = try await client.send(Endpoint<TextAnswer>("hop").requiringAuthorization())
        XCTAssertEqual(control.text, "home")
        XCTAssertEqual(home.requests.last?.target, "/here", "followed within the origin")
        assertCarriesAll(home.requests.last)

        let away = try await client.send(Endpoint<TextAnswer>("leave").requiringAuthorization())
        XCTAssertEqual(away.text, "other")
        XCTAssertEqual(other.requests.last?.target, "/landed")
        XCTAssertNotNil(other.requests.last)
        for name in homeOnly.keys { XCTAssertNil(other.requests.last?.headers[name], name) }
    }

    /// A foreign origin that redirects within itself: the redirect's own check (previous URL, same
    /// origin) would keep every header; the rule still removes the home headers there.
    func testTheRuleHoldsOnARedirectWithinAForeignOrigin() throws {
        let rule = OwnOriginHeaders(
            baseURL: URL(string: "http://home.test/api/")!, clientHeaders: ["X-Client-Tenant"],
            credentialStepHeaders: ["x-session-signature"])
        var request = URLRequest(url: URL(string: "http://other.test/next")!)
        for (name, value) in homeOnly { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("kept", forHTTPHeaderField: "X-Request-ID")
        let guardian = RedirectGuard(bodyCarriesSecret: false, rule: rule)
        let withinForeign = RedirectGuard.strippingCredentials(
            from: request, redirectedFrom: URL(string: "http://other.test/first")!)
        XCTAssertEqual(withinForeign.value(forHTTPHeaderField: "X-API-Key"), "key-from-options-1234", "control")
        let ruled = try XCTUnwrap(guardian.rule).applied(to: withinForeign)
        for name in homeOnly.keys { XCTAssertNil(ruled.value(forHTTPHeaderField: name), name) }
        XCTAssertEqual(ruled.value(forHTTPHeaderField: "X-Request-ID"), "kept")

        var home = request
        home.url = URL(string: "http://home.test/api/next")!
        XCTAssertEqual(rule.applied(to: home).allHTTPHeaderFields?.count, homeOnly.count + 1, "home keeps all")
    }
}

extension RequestHook {
    /// Runs a synchronous hook's change (for a test that wraps it in an `async` one).
    fileprivate func adaptSync(_ request: inout URLRequest) throws {
        if case .sync(let adapt) = adapt { try adapt(&request) }
    }
}
