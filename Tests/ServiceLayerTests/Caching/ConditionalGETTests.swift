import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The JSON cache (`ResponseCache`) over real sockets: 304s answered from the kept body, changed
/// resources fetched fresh, `max-age` and `no-store`, `Authorization`, per-endpoint choice, the log
/// line, disk persistence and clearing.
final class ConditionalGETTests: FixtureServerTestCase {
    private var directory: URL?

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    func testTheSecondMenuFetchIsA304WithTheSameItems() async throws {
        let lines = Locked<[String]>([])
        let controller = makeCachingController(server: server, responseCache: ResponseCache(), lines: lines)
        let first = try await controller.fetchMenuItems(forCategory: "entrees")
        let second = try await controller.fetchMenuItems(forCategory: "entrees")
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(second, first)
        XCTAssertEqual(server.responseCount(path: "/menu", status: 200), 1)
        XCTAssertEqual(server.responseCount(path: "/menu", status: 304), 1)
        let sent = server.requests.filter { $0.path == "/menu" }
        XCTAssertNil(sent[0].headers["if-none-match"])
        XCTAssertNotNil(sent[1].headers["if-none-match"])
        XCTAssertNotNil(sent[1].headers["if-modified-since"])
        XCTAssertEqual(lines.withLock { $0 }.count, 2)
        XCTAssertTrue(
            lines.withLock { $0 }[0].contains("-> 200") && lines.withLock { $0 }[0].contains("cache: miss"),
            lines.withLock { $0 }[0])
        XCTAssertTrue(
            lines.withLock { $0 }[1].contains("-> 304") && lines.withLock { $0 }[1].contains("cache: revalidated"),
            lines.withLock { $0 }[1])
    }

    func testAChangedResourceIsFetchedFresh() async throws {
        let cache = ResponseCache()
        let client = makeClient()
        let endpoint = Endpoint<CategoriesResponse>("categories").cached(in: cache)
        _ = try await client.send(endpoint)
        server.touch(path: "/categories")
        let changed = try await client.send(endpoint)
        XCTAssertEqual(changed.categories.count, 6)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 200), 2, "the old tag no longer matched")
        _ = try await client.send(endpoint)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 304), 1, "the new tag was kept")
    }

    func testAFreshAnswerCostsNoRequestAndLogsAHit() async throws {
        server.setCacheControl("max-age=600", path: "/api/users/2")
        let lines = Locked<[String]>([])
        var options = APIClient.Options(retryPolicy: .never)
        options.responseCache = ResponseCache()
        options.logger = { value in lines.withLock { $0.append(value) } }
        let users = NetworkController(baseURL: apiURL(), options: options)
        let first = try await users.fetchUser(id: 2)
        let second = try await users.fetchUser(id: 2)
        XCTAssertEqual(second, first)
        XCTAssertEqual(server.requestCount(path: "/api/users/2"), 1)
        XCTAssertEqual(lines.withLock { $0 }.count, 2)
        XCTAssertTrue(lines.withLock { $0 }[1].contains("cache: hit"), lines.withLock { $0 }[1])
    }

    func testNoStoreIsNeverKept() async throws {
        server.setCacheControl("no-store", path: "/categories")
        let cache = ResponseCache()
        let client = makeClient()
        let endpoint = Endpoint<CategoriesResponse>("categories").cached(in: cache)
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 200), 2)
        XCTAssertTrue(server.requests.allSatisfy { $0.headers["if-none-match"] == nil })
    }

    func testARequestWithAuthorizationIsNeverCached() async throws {
        let cache = ResponseCache()
        let client = makeClient(token: { "secret" })
        var endpoint = Endpoint<CategoriesResponse>("categories").cached(in: cache)
        endpoint.requiresAuthorization = true
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 304), 0)
        let headers = Endpoint<CategoriesResponse>("categories").headers(["Authorization": "Basic eDp5"])
        _ = try await client.send(headers.cached(in: cache))
        XCTAssertEqual(cache.count, 0)
    }

    func testAnEndpointMayOptOutOfTheClientsCache() async throws {
        var options = APIClient.Options(retryPolicy: .never)
        options.responseCache = ResponseCache()
        let client = makeClient(options: options)
        let endpoint = Endpoint<CategoriesResponse>("categories").uncached()
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        XCTAssertEqual(options.responseCache?.count, 0)
        XCTAssertEqual(server.responseCount(path: "/categories", status: 200), 2)
        XCTAssertNil(APIClient.Options().responseCache, "off by default")
    }

    func testPicturesSkipTheResponseCache() async throws {
        let cache = ResponseCache()
        let controller = makeCachingController(server: server, responseCache: cache)
        _ = try await controller.fetchImage(url: pictureURL(server, 1))
        XCTAssertEqual(cache.count, 0)
    }

    func testADiskBackedCacheRevalidatesAfterARelaunch() async throws {
        let directory = try makeCacheDirectory()
        self.directory = directory
        let first = makeCachingController(server: server, responseCache: ResponseCache(directory: directory))
        let items = try await first.fetchMenuItems(forCategory: "salads")
        let relaunched = makeCachingController(server: server, responseCache: ResponseCache(directory: directory))
        let again = try await relaunched.fetchMenuItems(forCategory: "salads")
        XCTAssertEqual(again, items)
        XCTAssertEqual(server.responseCount(path: "/menu", status: 304), 1)

        relaunched.clearCaches()
        let third = makeCachingController(server: server, responseCache: ResponseCache(directory: directory))
        _ = try await third.fetchMenuItems(forCategory: "salads")
        XCTAssertEqual(server.responseCount(path: "/menu", status: 200), 2, "cleared: fetched in full")
    }

    func testAnUnwritableCacheDirectoryDegradesWithOneLogLine() async throws {
        let (file, unwritable) = try makeUnwritableDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = Locked<[String]>([])
        let cache = ResponseCache(directory: unwritable, logger: { value in lines.withLock { $0.append(value) } })
        let controller = makeCachingController(server: server, responseCache: cache)
        for _ in 0..<3 { _ = try await controller.fetchMenuItems(forCategory: "soups") }
        _ = try await controller.fetchCategories()
        XCTAssertTrue(cache.isMemoryOnly)
        XCTAssertEqual(lines.withLock { $0.count }, 1, "\(lines.withLock { $0 })")
        XCTAssertEqual(server.responseCount(path: "/menu", status: 304), 2, "memory still revalidates")
    }

    func testCacheControlParsing() {
        let response = HTTPURLResponse(
            url: URL(string: "http://x/")!, statusCode: 200, httpVersion: nil, headerFields: ["Age": "10"])!
        XCTAssertEqual(CacheControl("public, max-age=60").freshFor(response), 50)
        XCTAssertEqual(CacheControl("Max-Age=\"5\"").freshFor(response), 0)
        XCTAssertEqual(CacheControl("no-cache, max-age=60").freshFor(response), 0)
        XCTAssertTrue(CacheControl("private, NO-STORE").noStore)
        XCTAssertEqual(CacheControl(nil).freshFor(response), 0)
    }
}
