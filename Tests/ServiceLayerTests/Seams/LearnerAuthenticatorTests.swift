import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - A learner's own backend, written as a learner writes it

/// The learner's session: their own type, their own lock.
private final class Session: @unchecked Sendable {
    struct Tokens: Equatable {
        var access: String
        var refresh: String
    }

    private let lock = NSLock()
    private var stored: Tokens?

    var tokens: Tokens? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }

    /// Replaces `old` with `new` unless someone logged out or in meanwhile.
    func replace(_ old: Tokens, with new: Tokens) -> Tokens? {
        lock.lock()
        defer { lock.unlock() }
        guard stored == old else { return stored }
        stored = new
        return new
    }
}

/// The learner's authenticator for their backend's own login and refresh formats.
private struct ShopAuthenticator: Authenticator {
    let session: Session

    struct RefreshBody: Encodable, Sendable { let refreshToken: String }
    struct RefreshReply: Decodable, Sendable {
        let token: String
        let refreshToken: String
    }

    var credential: Session.Tokens? { session.tokens }

    func apply(_ credential: Session.Tokens, to request: inout URLRequest) {
        request.setValue("Bearer \(credential.access)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: Session.Tokens, with client: APIClient) async throws(APIError) -> Session.Tokens {
        let endpoint = Endpoint<RefreshReply>(method: .post, "accounts/refresh")
            .body(RefreshBody(refreshToken: credential.refresh))
        let reply = try await client.send(endpoint)
        let renewed = Session.Tokens(access: reply.token, refresh: reply.refreshToken)
        guard let current = session.replace(credential, with: renewed) else { throw .notAuthenticated }
        return current
    }

    func invalidate(_ credential: Session.Tokens) {
        if session.tokens == credential { session.tokens = nil }
    }
}

/// The learner's models.
private struct ShopItem: Decodable, Sendable { let name: String }
private struct ShopItems: Decodable, Sendable { let products: [ShopItem] }
private struct SignUpReply: Decodable, Sendable {
    let token: String
    let refreshToken: String
}
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
    private let session = Session()

    private func makeShopClient() -> APIClient {
        APIClient(
            baseURL: apiURL(), session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(retryPolicy: .never, coalescesGETs: false),
            authenticator: ShopAuthenticator(session: session))
    }

    private func signUp(on client: APIClient) async throws {
        let body = SignUpBody(email: "shop@example.com", password: "a-long-password-1", name: "Ada", emailContent: "")
        let reply = try await client.send(Endpoint<SignUpReply>(method: .post, "accounts/signup").body(body))
        session.tokens = Session.Tokens(access: reply.token, refresh: reply.refreshToken)
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
