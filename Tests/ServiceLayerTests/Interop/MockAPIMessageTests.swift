import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// A learner's `Endpoint` against their own mock (`fixture-server --api`, here the movies example started
/// in-process): the server's diagnosis of a wrong path, query or body reaches `APIError` verbatim.
final class MockAPIMessageTests: XCTestCase {
    private var server: FixtureServer!
    private var client: APIClient!

    private struct Movie: Decodable, Sendable {
        let id: Int
        let title: String
    }

    private struct NewMovie: Encodable, Sendable {
        let title: String
        let year: String
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../server-fixtures/Examples/movies").standardizedFileURL
        server = try FixtureServer(api: folder)
        try server.start()
        client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(retryPolicy: .never))
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func failure<Response: Sendable>(_ endpoint: Endpoint<Response>) async -> APIError? {
        do {
            _ = try await client.send(endpoint)
            return nil
        } catch {
            return error
        }
    }

    func testControlTheRightCallSucceeds() async throws {
        let movies = try await client.send(
            Endpoint<[Movie]>("movies", query: [URLQueryItem(name: "year_gte", value: "2022")]))
        XCTAssertEqual(movies.map(\.id), [4, 7])
    }

    func testTheServersDiagnosisReachesAPIError() async throws {
        let typo = await failure(Endpoint<[Movie]>("movis"))
        XCTAssertEqual(typo?.statusCode, 404)
        XCTAssertEqual(
            typo?.serverMessage,
            "Not found: no route matches /movis. Did you mean /movies? It answers GET, HEAD, POST, OPTIONS.")
        XCTAssertTrue(typo?.localizedDescription.contains("Did you mean /movies?") ?? false)

        let field = await failure(Endpoint<[Movie]>("movies", query: [URLQueryItem(name: "genr", value: "drama")]))
        XCTAssertEqual(field?.statusCode, 400)
        XCTAssertTrue(field?.serverMessage?.contains("no item has a field genr. Did you mean genre?") ?? false)

        let body = await failure(Endpoint<Movie>(method: .post, "movies").body(NewMovie(title: "New", year: "2024")))
        XCTAssertEqual(body?.statusCode, 400)
        XCTAssertEqual(
            body?.serverMessage,
            "Field year is a string, but the other items of movies have a number there (e.g. 2019). Send a number, or null."
        )
    }
}
