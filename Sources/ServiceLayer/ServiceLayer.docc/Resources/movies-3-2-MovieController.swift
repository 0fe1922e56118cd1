import Foundation
import ServiceLayer

/// The movies API's endpoints: what each request is, and what its answer decodes to.
enum MovieAPI {
    static func popular(page: Int) -> Endpoint<MoviePage> {
        Endpoint("movie/popular", query: [URLQueryItem(name: "page", value: "\(page)")])
    }

    /// `GET movies/<id>`: one movie of the database, all its fields.
    static func movie(id: Int) -> Endpoint<MovieDetail> {
        Endpoint("movies/\(id)")
    }
}

/// The movies API's controller, shaped like MenuController. `@MainActor`, because its completions
/// run on the main actor.
@MainActor
final class MovieController {
    static let shared = MovieController()

    let client: APIClient

    /// The movies example serves its routes at the server's root, so the base URL is the root.
    init(baseURL: URL = URL(string: "http://localhost:8090/")!) {
        client = APIClient(baseURL: baseURL)
    }

    /// `GET movie/popular?page=<page>`.
    @discardableResult
    func fetchPopular(page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void) -> RequestHandle {
        client.send(MovieAPI.popular(page: page)) { completion($0) }
    }

    /// The async twin of `fetchPopular(page:completion:)`: same name and labels, minus `completion:`.
    func fetchPopular(page: Int) async throws(APIError) -> MoviePage {
        try await client.send(MovieAPI.popular(page: page))
    }

    /// `GET movies/<id>`.
    func fetchMovie(id: Int) async throws(APIError) -> MovieDetail {
        try await client.send(MovieAPI.movie(id: id))
    }
}
