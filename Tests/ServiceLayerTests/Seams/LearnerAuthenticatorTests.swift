import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - A learner's own backend, as the articles show it

// `ShopTokens`, `ShopSession` and `ShopAuthenticator` are the LearnerApp's `YourOwnAPI/ShopAccount.swift`,
// compiled here through a link (DocExamples/ShopAccount.swift): the code the articles "Your own API"
// and "Authentication" show is the code these tests run, not a copy of it.

/// The learner's models.
private struct ShopItem: Decodable, Sendable { let name: String }
private struct ShopItems: Decodable, Sendable { let products: [ShopItem] }
private struct SignUpBody: Encodable, Sendable {
    let email: String
    let password: String
    let name: String
    let emailContent: String
}

// MARK: - The tests

/// An authenticator written for another backend's formats gets the core's guarantees: one refresh for
/// many rejected calls, each sent again once, and a logout when the refresh fails.
final class LearnerAuthenticatorTests: FixtureServerTestCase {
    private let session = ShopSession()

    private func makeShopClient() -> APIClient {
        APIClient(
            baseURL: apiURL(), session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(retryPolicy: .never, coalescesGETs: false),
            authenticator: ShopAuthenticator(session: session))
    }

    private func signUp(on client: APIClient) async throws {
        let body = SignUpBody(email: "shop@example.com", password: "a-long-password-1", name: "Ada", emailContent: "")
        let reply = try await client.send(
            Endpoint<ShopAuthenticator.TokenReply>(method: .post, "accounts/signup").body(body))
        session.tokens = ShopTokens(access: reply.token, refresh: reply.refreshToken)
    }

    func test20ConcurrentRejectedCallsShareOneRefresh() async throws {
        let client = makeShopClient()
        try await signUp(on: client)
        let before = try XCTUnwrap(session.tokens)
        server.expireAllTokens()

        let items = Endpoint<ShopItems>("products").requiringAuthorization().map(\.products)
        let results = await withTaskGroup(of: Result<[ShopItem], APIError>.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do throws(APIError) { return .success(try await client.send(items)) } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertEqual(results.compactMap(\.successValue).count, 20, "\(results)")
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 1, "one refresh for all")
        XCTAssertLessThanOrEqual(server.requestCount(path: "/api/products"), 40, "each call sent at most twice")
        XCTAssertNotEqual(session.tokens, before)
    }

    func testAFailedRefreshLogsOutAndEachCallEndsWithItsOwn401() async throws {
        let client = makeShopClient()
        try await signUp(on: client)
        server.expireAllTokens()
        server.inject(
            .json(401, #"{"success": false, "message": "refresh token revoked"}"#), path: "/api/accounts/refresh")
        do {
            _ = try await client.send(Endpoint<ShopItems>("products").requiringAuthorization())
            XCTFail("expected a 401")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
        XCTAssertNil(session.tokens, "logged out")
        do {
            _ = try await client.send(Endpoint<ShopItems>("products").requiringAuthorization())
            XCTFail("expected .notAuthenticated")
        } catch {
            XCTAssertEqual(error, .notAuthenticated, "logged out: nothing is sent")
        }
    }
}
