import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `?` in an endpoint's path starts a query (merged with the endpoint's query items); a `#` fails
/// the call with `.invalidRequest` before anything is sent.
final class PathQueryTests: StubTestCase {
    static let moviesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../server-fixtures/Examples/movies").standardizedFileURL

    func testQuestionMarkInThePathStartsAQuery() {
        let cases: [(base: String, path: String, query: [URLQueryItem], expected: String)] = [
            ("https://host/3/", "search/movie?query=x", [], "https://host/3/search/movie?query=x"),
            // The path's query comes first, then the items; a name in both is sent twice, in that order.
            (
                "https://host/3/", "search/movie?query=x&page=1", [URLQueryItem(name: "page", value: "2")],
                "https://host/3/search/movie?query=x&page=1&page=2"
            ),
            // The base's query (an API key, say) stays first.
            (
                "https://host/3/?api_key=k", "/search/movie?query=x", [URLQueryItem(name: "a b", value: "c&d")],
                "https://host/3/search/movie?api_key=k&query=x&a%20b=c%26d"
            ),
            // Percent-encoding written in the path is kept; what a query may not contain is encoded.
            ("https://host/", "s?q=star%20wars", [], "https://host/s?q=star%20wars"),
            ("https://host/", "s?q=star wars", [], "https://host/s?q=star%20wars"),
            ("https://host/", "s?q=100%", [], "https://host/s?q=100%25"),
            ("https://host/", "s?q=%zz", [], "https://host/s?q=%25zz"),
            ("https://host/", "s?q=café", [], "https://host/s?q=caf%C3%A9"),
            ("https://host/", "s?q=a+b&r=x/y:z@w?v", [], "https://host/s?q=a+b&r=x/y:z@w?v"),
            // An empty query adds nothing; a path that is only a query keeps the base's path.
            ("https://host/api/", "users?", [], "https://host/api/users"),
            ("https://host/api/", "?page=2", [], "https://host/api/?page=2"),
        ]
        for (base, path, query, expected) in cases {
            let url = URLBuilding.url(base: URL(string: base)!, path: path, query: query)
            XCTAssertEqual(url?.absoluteString, expected, "\(base) + \(path)")
        }
    }

    func testAPathQueryDecodesToTheItemsTheServerSees() {
        let url = URLBuilding.url(
            base: URL(string: "https://host/")!, path: "search?q=star%20wars&q=c%2B%2B&flag",
            query: [URLQueryItem(name: "q", value: "c#")])
        let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems }
        XCTAssertEqual(
            items,
            [
                URLQueryItem(name: "q", value: "star wars"), URLQueryItem(name: "q", value: "c++"),
                URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "q", value: "c#"),
            ])
        XCTAssertEqual(url?.path, "/search", "the ? is not escaped into the path")
    }

    func testAPathWithoutAQuestionMarkIsUnchanged() {
        // Control: the fast path and the components path still give what they gave before.
        XCTAssertEqual(
            URLBuilding.url(base: URL(string: "https://host/api/")!, path: "users/2", query: [])?.absoluteString,
            "https://host/api/users/2")
        XCTAssertEqual(
            URLBuilding.url(base: URL(string: "https://host/api/")!, path: "a b", query: [])?.absoluteString,
            "https://host/api/a%20b")
    }

    func testHashInThePathFailsAtTheCallSiteAndSendsNothing() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub)
        for path in ["tags/c#", "search?q=c#", "docs#section", "search?api_key=SECRET-123#x"] {
            let error = failure(result(Endpoint<Data>(.path(path)), on: client))
            guard case .invalidRequest = error, let reason = error?.errorDescription else {
                XCTFail("\(path): expected .invalidRequest, got \(String(describing: error))")
                continue
            }
            XCTAssertTrue(reason.contains("fragment"), "\(path): names the cause: \(reason)")
            XCTAssertTrue(reason.contains("%23"), "\(path): names the fix: \(reason)")
            XCTAssertTrue(reason.contains("URLQueryItem"), "\(path): names the other fix: \(reason)")
            XCTAssertFalse(reason.contains("SECRET"), "\(path): no query value is shown: \(reason)")
        }
        XCTAssertTrue(
            URLBuilding.fragmentProblem(inPath: "tags/c#")?.errorDescription?.contains("tags/c#…") ?? false,
            "the path up to the # is named")
        // A `..` in the path is shown as written, not taken for a doubled period (found by the url-building
        // fuzz target: `ewmm..it.#` was shown as `ewmm.it.#…`).
        for path in ["../menu#top", "files..old/a#b"] {
            let shown = String(path[..<path.firstIndex(of: "#")!]) + "#…"
            let message = URLBuilding.fragmentProblem(inPath: path)?.errorDescription ?? ""
            XCTAssertTrue(message.contains("\"\(shown)\""), "\(path) shown as written: \(message)")
        }
        XCTAssertEqual(stub.requestCount, 0, "nothing was sent")
        // Control: the same client sends a path without a #.
        XCTAssertNotNil(success(result(Endpoint<Data>("tags/c%23"), on: client)))
        XCTAssertEqual(stub.requestCount, 1)
    }

    func testTheServerSeesThePathQueryAndTheItems() throws {
        let server = try FixtureServer(api: Self.moviesFolder)
        try server.start()
        defer { server.stop() }
        let client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(retryPolicy: .never))

        // The movies example's route answers page 2 only when the server reads `page=2` from the query.
        struct Page: Decodable, Sendable { let page: Int }
        let page = success(result(Endpoint<Page>("movie/popular?page=2"), on: client))
        XCTAssertEqual(page?.page, 2)

        // The path's filter and the items' sort both reach the database: dramas, best rated first.
        struct Movie: Decodable, Sendable {
            let genre: String
            let rating: Double?
        }
        let dramas = success(
            result(
                Endpoint<[Movie]>("/movies?genre=drama", query: [URLQueryItem(name: "_sort", value: "-rating")]),
                on: client))
        XCTAssertGreaterThan(dramas?.count ?? 0, 1)
        XCTAssertEqual(Set(dramas?.map(\.genre) ?? []), ["drama"])
        let ratings = dramas?.compactMap(\.rating) ?? []
        XCTAssertEqual(ratings, ratings.sorted(by: >))

        let seen = server.requests.filter { $0.path == "/movies" }
        XCTAssertEqual(seen.map(\.target), ["/movies?genre=drama&_sort=-rating"])
        XCTAssertEqual(seen.first?.query, ["genre": "drama", "_sort": "-rating"])
        XCTAssertEqual(server.requests.filter { $0.path == "/movie/popular" }.first?.query, ["page": "2"])
    }
}
