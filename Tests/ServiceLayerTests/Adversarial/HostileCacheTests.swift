import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The JSON cache against servers that vary their answers, mark them private, redirect elsewhere,
/// send odd validators and bogus freshness: one user's answer never reaches another, `Vary` is
/// honoured, and nothing is kept that should not be.
final class HostileCacheTests: HostileServerTestCase {
    private let endpoint = Endpoint<TextAnswer>("me")

    // MARK: One user's answer

    /// `private, max-age=600` answers to users told apart by `X-API-Key`, `Cookie`, `Proxy-Authorization`
    /// or `X-Auth-Token`: each user gets their own answer, from the server, and none is stored.
    func testAPrivateAnswerIsNeverServedToAnotherUser() async throws {
        let server = try startServer { request in
            let who = ["x-api-key", "cookie", "proxy-authorization", "x-auth-token"].compactMap { request.headers[$0] }
            return .text(who.joined(), headers: [("Cache-Control", "private, max-age=600"), ("ETag", "\"one\"")])
        }
        let cache = ResponseCache()
        for header in ["X-API-Key", "Cookie", "Proxy-Authorization", "X-Auth-Token"] {
            let alice = makeClient(server.baseURL, options: cachingOptions(cache, headers: [header: "alice"]))
            let bob = makeClient(server.baseURL, options: cachingOptions(cache, headers: [header: "bob"]))
            let first = try await alice.send(endpoint)
            let second = try await bob.send(endpoint)
            XCTAssertEqual(first.text, "alice", header)
            XCTAssertEqual(second.text, "bob", "\(header): Bob got Alice's private answer")
        }
        XCTAssertEqual(server.requests.count, 8, "every private answer came from the server")
        XCTAssertEqual(cache.count, 0, "a shared cache stores no private answer")
    }

    /// A public answer is kept per identity: Alice's is reused for Alice only.
    func testIdentityBearingHeadersKeepEachUsersEntriesApart() async throws {
        let server = try startServer { request in
            .text(request.headers["x-api-key"] ?? "nobody", headers: [("Cache-Control", "max-age=600")])
        }
        let cache = ResponseCache()
        let alice = makeClient(server.baseURL, options: cachingOptions(cache, headers: ["X-API-Key": "alice"]))
        let bob = makeClient(server.baseURL, options: cachingOptions(cache, headers: ["X-API-Key": "bob"]))
        let aliceFirst = try await alice.send(endpoint)
        let bobFirst = try await bob.send(endpoint)
        let aliceAgain = try await alice.send(endpoint)
        XCTAssertEqual([aliceFirst.text, bobFirst.text, aliceAgain.text], ["alice", "bob", "alice"])
        XCTAssertEqual(server.requests.count, 2, "Alice's second call was a hit on her own entry")
    }

    // MARK: Vary

    func testVaryKeepsOneLanguagesAnswerFromAnother() async throws {
        let server = try startServer { request in
            .text(
                request.headers["accept-language"] ?? "none",
                headers: [("Cache-Control", "max-age=600"), ("Vary", "Accept-Language")])
        }
        let client = makeClient(server.baseURL, options: cachingOptions(ResponseCache()))
        let english = Endpoint<TextAnswer>("me").headers(["Accept-Language": "en"])
        let french = Endpoint<TextAnswer>("me").headers(["Accept-Language": "fr"])
        let first = try await client.send(english)
        let second = try await client.send(french)
        let third = try await client.send(french)
        XCTAssertEqual([first.text, second.text, third.text], ["en", "fr", "fr"])
        XCTAssertEqual(server.requests.count, 2, "the second French call was a hit on the French answer")
    }

    func testVaryStarIsNeverServedFromTheCache() async throws {
        let server = try startServer { _ in .text("x", headers: [("Cache-Control", "max-age=600"), ("Vary", "*")]) }
        let cache = ResponseCache()
        let client = makeClient(server.baseURL, options: cachingOptions(cache))
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(cache.count, 0)
    }

    // MARK: Validators

    /// A 304 naming another `ETag` than the kept answer's is not taken for it: the call fails with
    /// that 304, the entry is dropped, and the next call fetches the new answer in full.
    func testA304WithAnotherETagDoesNotRelabelTheKeptBody() async throws {
        let server = try startServer { _ in .text("old", headers: [("ETag", "\"v1\"")]) }
        let cache = ResponseCache()
        let client = makeClient(server.baseURL, options: cachingOptions(cache))
        _ = try await client.send(endpoint)
        server.answer { _ in .init(status: 304, headers: [("ETag", "\"v2\"")]) }
        let failure = await error { () async throws(APIError) in try await client.send(self.endpoint) }
        XCTAssertEqual(failure?.statusCode, 304)
        XCTAssertEqual(cache.count, 0, "the old body was not relabelled \"v2\"")
        server.answer { _ in .text("new", headers: [("ETag", "\"v2\"")]) }
        let fresh = try await client.send(endpoint)
        XCTAssertEqual(fresh.text, "new")
        XCTAssertNil(server.requests.last?.headers["if-none-match"], "no validator left to send")
    }

    func testA304WithTheSameWeakETagKeepsTheBody() async throws {
        let server = try startServer { _ in .text("kept", headers: [("ETag", "W/\"v1\"")]) }
        let client = makeClient(server.baseURL, options: cachingOptions(ResponseCache()))
        _ = try await client.send(endpoint)
        server.answer { _ in .init(status: 304, headers: [("ETag", "W/\"v1\"")]) }
        let again = try await client.send(endpoint)
        XCTAssertEqual(again.text, "kept")
        XCTAssertEqual(server.requests.last?.headers["if-none-match"], "W/\"v1\"")
    }

    // MARK: Redirects

    func testACrossOriginRedirectsAnswerIsNotCachedUnderTheOriginalURL() async throws {
        let elsewhere = try startServer { _ in .text("elsewhere", headers: [("Cache-Control", "max-age=600")]) }
        let origin = try startServer { _ in
            .init(status: 302, headers: [("Location", elsewhere.url("x").absoluteString)])
        }
        let cache = ResponseCache()
        let client = makeClient(origin.baseURL, options: cachingOptions(cache))
        let first = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        XCTAssertEqual(first.text, "elsewhere")
        XCTAssertEqual(origin.requests.count, 2, "the second call asked the API again")
        XCTAssertEqual(cache.count, 0)
    }

    // MARK: Freshness

    /// `max-age` must be digits: `inf`, `1e3`, `0x10`, `-5`, `5.0` and a repeated `max-age` count as
    /// none, so the answer is asked for again.
    func testMalformedMaxAgeIsNotFreshness() async throws {
        for value in [
            "max-age=inf", "max-age=1e3", "max-age=0x10", "max-age=-5", "max-age=5.0", "max-age=9, max-age=9",
        ] {
            let server = try startServer { _ in .text("x", headers: [("Cache-Control", value)]) }
            let client = makeClient(server.baseURL, options: cachingOptions(ResponseCache()))
            _ = try await client.send(endpoint)
            _ = try await client.send(endpoint)
            XCTAssertEqual(server.requests.count, 2, "\(value) was taken for freshness")
        }
    }

    func testANegativeOrMalformedAgeNeverExtendsFreshness() async throws {
        for age in ["-1000", "1e3", "abc"] {
            let server = try startServer { _ in .text("x", headers: [("Cache-Control", "max-age=1"), ("Age", age)]) }
            let client = makeClient(server.baseURL, options: cachingOptions(ResponseCache()))
            _ = try await client.send(endpoint)
            _ = try await client.send(endpoint)
            XCTAssertEqual(server.requests.count, 2, "Age: \(age) made the answer fresh")
        }
    }

    func testCacheControlGrammar() {
        let plain = HTTPURLResponse(
            url: URL(string: "http://x/")!, statusCode: 200, httpVersion: nil, headerFields: [:])!
        XCTAssertEqual(CacheControl("max-age=60").freshFor(plain), 60)
        XCTAssertEqual(CacheControl("max-age=\"60\"").freshFor(plain), 60, "the quoted form is accepted (§5.2)")
        XCTAssertEqual(CacheControl("max-age=99999999999999999999").maxAge, 2_147_483_648, "§1.2.2")
        for bad in ["max-age=inf", "max-age=1e3", "max-age=0x10", "max-age=+5", "max-age=", "max-age", "max-age=1 2"] {
            XCTAssertNil(CacheControl(bad).maxAge, bad)
        }
        XCTAssertTrue(CacheControl("Private=\"Set-Cookie\", max-age=5").isPrivate)
        XCTAssertNil(VaryHeader.names("Accept, *"))
        XCTAssertEqual(VaryHeader.names("Accept-Language , accept"), ["accept", "accept-language"])
    }

    // MARK: Undecodable answers

    /// A 200 with `max-age` that does not decode is not served again from the cache as the same error.
    func testAnUndecodableFreshAnswerIsFetchedAgain() async throws {
        let server = try startServer { _ in .json("not json", headers: [("Cache-Control", "max-age=600")]) }
        let cache = ResponseCache()
        let client = makeClient(server.baseURL, options: cachingOptions(cache))
        for _ in 0..<2 {
            let failure = await error { () async throws(APIError) in try await client.send(self.endpoint) }
            guard case .decoding = failure else { return XCTFail("\(String(describing: failure))") }
        }
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(cache.count, 0)
    }

    // MARK: The caller's thread

    /// An entry that must come from disk is read on the cache's own queue, never on the caller's
    /// (which may be the main thread).
    func testADiskReadNeverRunsOnTheCallersQueue() throws {
        let directory = try makeDirectory()
        let key = "http://h/x"
        ResponseCache(directory: directory).store(
            ResponseCache.Entry(body: Data("{}".utf8), storedAt: Date(), freshFor: 600), for: key)
        let cache = ResponseCache(directory: directory)  // a relaunch: nothing in memory
        let caller = DispatchQueue(label: "HostileCacheTests.caller")
        let marker = DispatchSpecificKey<Bool>()
        caller.setSpecific(key: marker, value: true)
        let ranOnCaller = Locked<Bool?>(nil)
        let done = expectation(description: "proceeded")
        caller.sync {
            ConditionalGET.prepare(URLRequest(url: URL(string: key)!), cache: cache) { _, step in
                ranOnCaller.withLock { $0 = DispatchQueue.getSpecific(key: marker) == true }
                XCTAssertNotNil(step?.kept, "the entry was read from disk")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(ranOnCaller.withLock { $0 }, false)
    }
}
