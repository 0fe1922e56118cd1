import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Offline fail-fast and redacted logging against the fixture server.
final class OfflineAndLoggingTests: FixtureServerTestCase {
    func testOfflineFailsAtOnceAndSendsNothing() {
        let connectivity = FakeConnectivity(online: false)
        let client = makeClient(options: .init(connectivity: connectivity))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion(0))
        client.send(Endpoint<Void>(method: .post, "order").body(["menuIds": [1]]).retry(.never)) { _ in }
        XCTAssertEqual(recorder.wait().first?.failureError, .offline)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(server.requests.count, 0)

        connectivity.set(online: true)
        let again = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: again.completion())
        XCTAssertNotNil(try again.wait().first?.get())
    }

    func testLogOfLoginAndProductsHoldsNoSecret() throws {
        let lines = Locked<[String]>([])
        let token = Locked<String?>(nil)
        let client = makeClient(
            baseURL: apiURL(),
            options: .init(logger: { line in lines.withLock { $0.append(line) } }),
            token: { token.withLock { $0 } })
        let password = "hunter2-very-secret"
        struct Credentials: Encodable, Sendable {
            let email: String, password: String, name: String, emailContent: String
        }
        struct TokenAnswer: Decodable, Sendable { let success: Bool, token: String? }
        let credentials = Credentials(email: "log@example.com", password: password, name: "Log", emailContent: "hi")

        let signUp = Completions<TokenAnswer>()
        client.send(
            Endpoint<TokenAnswer>(method: .post, "accounts/signup").body(credentials),
            completion: signUp.completion())
        _ = signUp.wait()
        let logIn = Completions<TokenAnswer>()
        client.send(
            Endpoint<TokenAnswer>(method: .post, "accounts/login").body([
                "email": credentials.email, "password": password,
            ]),
            completion: logIn.completion())
        let issued = try XCTUnwrap(try logIn.wait().first?.get().token)
        token.withLock { $0 = issued }

        let products = Completions<Data>()
        client.send(Endpoint<Data>("products").requiringAuthorization(), completion: products.completion())
        XCTAssertNotNil(try products.wait().first?.get())
        XCTAssertEqual(server.requests.last?.headers["authorization"], "Bearer \(issued)")

        let log = lines.withLock { $0 }
        XCTAssertEqual(log.count, 3, "one line per request")
        for line in log {
            XCTAssertFalse(line.contains(issued), "token leaked: \(line)")
            XCTAssertFalse(line.contains(password), "password leaked: \(line)")
            XCTAssertFalse(line.contains("Bearer"), "Authorization value leaked: \(line)")
        }
        XCTAssertTrue(log[2].contains("GET"))
        XCTAssertTrue(log[2].contains("/api/products"))
        XCTAssertTrue(log[2].contains("-> 200"))
        XCTAssertTrue(log[2].contains("Authorization: <redacted>"))
        XCTAssertTrue(log[1].contains(#""password":"<redacted>""#))
        XCTAssertTrue(log[1].contains("0 retries"))
    }

    func testLogCountsRetries() {
        let lines = Locked<[String]>([])
        server.inject(.json(503, "{}"), path: "/categories", times: 1)
        let client = makeClient(
            options: .init(
                retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.05),
                logger: { line in lines.withLock { $0.append(line) } }
            ))
        let recorder = Completions<CategoriesResponse>()
        client.send(Endpoint<CategoriesResponse>("categories"), completion: recorder.completion())
        _ = recorder.wait()
        let log = lines.withLock { $0 }
        XCTAssertEqual(log.count, 1)
        XCTAssertTrue(log.first?.contains("1 retries") ?? false, log.first ?? "no line")
    }
}
