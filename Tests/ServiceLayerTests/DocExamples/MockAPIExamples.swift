// The examples of the DocC article "Mock your own API" (`.ci/readme.py` checks that the article shows this
// code exactly): a learner's controller for the movies example, and a test that runs it against the
// fixture server serving `server-fixtures/Examples/movies`, read-only, then against a recording of it.

import FixtureServer
import Foundation
import ServiceLayer
import XCTest

/// A movie, as `db.json` has it.
struct Movie: Codable {
    let id: Int
    let title: String
    let genre: String
    let year: Int
    let rating: Double?
}

/// The movies API: `db.json`'s `movies` collection, served json-server style.
final class MovieController {
    private let client: APIClient

    init(baseURL: URL) {
        client = APIClient(baseURL: baseURL)
    }

    /// `GET /movies?genre=drama&_sort=-rating`: one genre, best rated first.
    func fetchMovies(genre: String) async throws(APIError) -> [Movie] {
        let query = [URLQueryItem(name: "genre", value: genre), URLQueryItem(name: "_sort", value: "-rating")]
        return try await client.send(Endpoint<[Movie]>("movies", query: query))
    }

    /// `PATCH /movies/<id>` with `{"rating": ...}`: the movie as the server now has it.
    func rate(movieID: Int, rating: Double) async throws(APIError) -> Movie {
        try await client.send(Endpoint<Movie>(method: .patch, "movies/\(movieID)").body(["rating": rating]))
    }
}

final class MockYourOwnAPITests: XCTestCase {
    static let movies = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../server-fixtures/Examples/movies").standardizedFileURL

    func testTheControllerAgainstTheMockedAPI() async throws {
        let server = try FixtureServer(api: Self.movies)  // writes stay in memory
        try server.start()
        defer { server.stop() }

        let controller = MovieController(baseURL: server.baseURL)
        let dramas = try await controller.fetchMovies(genre: "drama")
        XCTAssertEqual(dramas.map(\.title), ["The Lighthouse Keeper", "Harbor Lights"])
        let rated = try await controller.rate(movieID: 4, rating: 9)
        XCTAssertEqual(rated.rating, 9)
    }

    func testAReadOnlyMockExplainsTheRefusal() async throws {
        var options = FixtureServer.Options()
        options.readOnly = true  // fixture-server --api FOLDER --read-only
        let server = try FixtureServer(api: Self.movies, options: options)
        try server.start()
        defer { server.stop() }

        let controller = MovieController(baseURL: server.baseURL)
        do {
            _ = try await controller.rate(movieID: 4, rating: 9)
            XCTFail("a read-only server refuses writes")
        } catch {
            XCTAssertEqual(error.statusCode, 405)
            XCTAssertTrue(error.serverMessage?.contains("--read-only") == true)
        }
    }

    func testRecordOnceThenReplayOffline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let realAPI = try FixtureServer(api: Self.movies)  // stands in for the API you record
        try realAPI.start()
        defer { realAPI.stop() }

        // fixture-server --record <the real API's URL> --api <folder>
        let recorder = try FixtureServer(recording: realAPI.baseURL, into: folder)
        try recorder.start()
        let online = try await MovieController(baseURL: recorder.baseURL).fetchMovies(genre: "drama")
        recorder.stop()

        // fixture-server --api <folder>: the same answers, without the real API
        let replay = try FixtureServer(api: folder)
        try replay.start()
        defer { replay.stop() }
        let offline = try await MovieController(baseURL: replay.baseURL).fetchMovies(genre: "drama")
        XCTAssertEqual(offline.map(\.title), online.map(\.title))
    }
}
