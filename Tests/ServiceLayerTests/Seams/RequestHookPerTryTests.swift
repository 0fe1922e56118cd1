import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request hooks run before every try, over real sockets: each retry, and the authenticator's replay
/// after a refresh; and the own-origin rule is applied after them on every try.
final class RequestHookPerTryTests: FixtureServerTestCase {
    /// The default policy's number of retries, with short waits so the test does not wait 1.5 s.
    private let retries = RetryPolicy(maxRetries: RetryPolicy.default.maxRetries, baseDelay: 0.05)

    func testAHookSeesEveryTryOfARetriedCall() throws {
        let tries = Locked(0)
        var options = APIClient.Options(retryPolicy: retries)
        options.requestHook = RequestHook { request in
            let number = tries.withLock {
                $0 += 1
                return $0
            }
            request.setValue("try-\(number)", forHTTPHeaderField: "X-Try")
        }
        server.inject(.status(503), path: "/categories", times: nil)
        let client = makeClient(options: options)

        let result = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }

        XCTAssertEqual(result?.failureError?.statusCode, 503)
        XCTAssertEqual(tries.withLock { $0 }, 3, "the first try and the default policy's two retries")
        XCTAssertEqual(requests(to: "/categories").map { $0.headers["x-try"] }, ["try-1", "try-2", "try-3"])
    }

    func testAnAsyncHookRunsBeforeEveryTryToo() async throws {
        let tries = Locked(0)
        let endpoint = Endpoint<CategoriesResponse>("categories").adaptingRequest(
            .async { request in
                await Task.yield()
                let number = tries.withLock {
                    $0 += 1
                    return $0
                }
                request.setValue("try-\(number)", forHTTPHeaderField: "X-Try")
            })
        server.inject(.status(503), path: "/categories", times: 1)
        let client = makeClient(options: APIClient.Options(retryPolicy: retries))

        let categories = try await client.send(endpoint)

        XCTAssertEqual(categories.categories.count, 6)
        XCTAssertEqual(requests(to: "/categories").map { $0.headers["x-try"] }, ["try-1", "try-2"])
    }

    /// A hook that appends runs on the request as built each time: nothing is appended twice.
    func testARetrysHookStartsFromTheRequestAsBuilt() throws {
        var options = APIClient.Options(retryPolicy: retries)
        options.requestHook = RequestHook { request in
            let before = request.value(forHTTPHeaderField: "X-Trail") ?? "built"
            request.setValue(before + "+hook", forHTTPHeaderField: "X-Trail")
        }
        server.inject(.status(503), path: "/categories", times: 1)
        let client = makeClient(options: options)
        let result = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }
        XCTAssertNotNil(result?.successValue)
        XCTAssertEqual(requests(to: "/categories").map { $0.headers["x-trail"] }, ["built+hook", "built+hook"])
    }

    func testAHookThatThrowsOnARetryEndsTheCallWithItsError() throws {
        let tries = Locked(0)
        var options = APIClient.Options(retryPolicy: retries)
        options.requestHook = RequestHook { _ in
            let number = tries.withLock {
                $0 += 1
                return $0
            }
            if number == 2 { throw APIError.invalidRequest("no signing key for the retry") }
        }
        server.inject(.status(503), path: "/categories", times: nil)
        let client = makeClient(options: options)
        let result = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }
        XCTAssertEqual(result?.failureError, .invalidRequest("no signing key for the retry"))
        XCTAssertEqual(requests(to: "/categories").count, 1, "the retry was never sent")
    }

    /// An expired access token: the hook runs for the rejected try and again for the authenticator's replay,
    /// which already carries the refreshed token.
    func testAHookSeesTheReplayAfterARefreshWithTheNewCredential() throws {
        let seen = Locked<[String]>([])
        var options = APIClient.Options(retryPolicy: .never)
        options.requestHook = RequestHook { request in
            guard request.url?.path == "/api/products" else { return }
            seen.withLock { $0.append(request.value(forHTTPHeaderField: "Authorization") ?? "none") }
        }
        let accounts = AccountController(baseURL: apiURL(), options: options)
        let signedUp = awaitCompletion {
            accounts.signUp(
                email: "ada@example.com", password: "correct-horse-battery-staple-91", name: "Ada", emailContent: "",
                completion: $0)
        }
        let old = try XCTUnwrap(signedUp).get()
        server.expireAllTokens()

        let products = awaitCompletion { accounts.fetchProducts(completion: $0) }

        XCTAssertEqual(products?.successValue?.isEmpty, false)
        let new = try XCTUnwrap(accounts.tokenStore.tokens?.accessToken)
        XCTAssertNotEqual(new, old, "control: the token was refreshed")
        XCTAssertEqual(seen.withLock { $0 }, ["Bearer \(old)", "Bearer \(new)"])
    }

    /// A credential a hook puts on a retry only (a per-try signature), echoed by the server in its error:
    /// the call's error keeps none of it, nor of the first try's.
    func testAnErrorKeepsNoSecretAHookPutOnARetry() throws {
        let tries = Locked(0)
        var options = APIClient.Options(retryPolicy: retries)
        options.requestHook = RequestHook { request in
            let number = tries.withLock {
                $0 += 1
                return $0
            }
            request.setValue("Bearer try-\(number)-signature", forHTTPHeaderField: "Authorization")
        }
        server.inject(.status(503), path: "/categories", times: 1)
        server.inject(
            .json(400, #"{"error":"bad Bearer try-2-signature, was Bearer try-1-signature"}"#), path: "/categories",
            times: 1)
        let client = makeClient(options: options)

        let result = awaitCompletion { client.send(Endpoint<CategoriesResponse>("categories"), completion: $0) }

        let error = try XCTUnwrap(result?.failureError)
        XCTAssertEqual(error.statusCode, 400, "control: the second try's answer")
        let body = String(decoding: error.responseBody ?? Data(), as: UTF8.self)
        XCTAssertEqual(body, #"{"error":"bad <redacted>, was <redacted>"}"#)
        XCTAssertFalse("\(error)".contains("signature"))
    }

    /// A hook that moves the second try to another server: the own-origin rule runs after it on that try
    /// too, so the other server sees none of the API's credentials.
    func testTheOwnOriginRuleStripsCredentialsAfterAHookThatMovesARetry() throws {
        let elsewhere = try startExtraServer()
        let tries = Locked(0)
        var options = APIClient.Options(retryPolicy: retries, headers: ["X-API-Key": "options-secret"])
        options.requestHook = RequestHook { request in
            let number = tries.withLock {
                $0 += 1
                return $0
            }
            request.setValue("session=hook-secret", forHTTPHeaderField: "Cookie")
            request.setValue("kept", forHTTPHeaderField: "X-Hook-Own")
            if number == 2 { request.url = elsewhere.baseURL.appendingPathComponent("categories") }
        }
        server.inject(.status(503), path: "/categories", times: 1)
        let client = makeClient(options: options, token: { "provider-secret" })
        let endpoint = Endpoint<CategoriesResponse>("categories").requiringAuthorization()

        let result = awaitCompletion { client.send(endpoint, completion: $0) }

        XCTAssertEqual(result?.successValue?.categories.count, 6)
        let first = try XCTUnwrap(requests(to: "/categories").first)
        XCTAssertEqual(first.headers["authorization"], "Bearer provider-secret", "control: the first try carried it")
        XCTAssertEqual(first.headers["x-api-key"], "options-secret")
        let moved = try XCTUnwrap(requests(to: "/categories", on: elsewhere).first)
        XCTAssertNil(moved.headers["authorization"])
        XCTAssertNil(moved.headers["x-api-key"])
        XCTAssertNil(moved.headers["cookie"])
        XCTAssertEqual(moved.headers["x-hook-own"], "kept", "a header of the hook's own, on no list, goes along")
    }
}
