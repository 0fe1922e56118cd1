import Foundation
import ServiceLayer

// The movies example's API (`server-fixtures/Examples/movies`, served by
// `swift run fixture-server --api server-fixtures/Examples/movies`), as a learner's first controller:
// compiled in the six app-target modes and in the command-line target `movies-example`.

/// A movie, as the server sends it (the fields this program uses; the others are ignored).
struct Movie: Codable {
    let id: Int
    let title: String
    let year: Int
    let rating: Double?
}

/// One page of `GET movie/popular`: the movies are in `results`, and `total_pages` is snake_case.
struct MoviePage: Codable {
    let page: Int
    let totalPages: Int
    let results: [Movie]

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
    }
}

/// The movies API's controller. `@MainActor`, because its completions run on the main actor: a
/// command-line target (or any target without main-actor default isolation) must say so.
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

    func fetchPopular(page: Int) async throws(APIError) -> MoviePage {
        try await client.send(MovieAPI.popular(page: page))
    }

    /// `GET movies?_sort=-rating&genre=<genre>`: the best rated first.
    @discardableResult
    func fetchBest(genre: String, completion: @escaping (Result<[Movie], APIError>) -> Void) -> RequestHandle {
        client.send(MovieAPI.best(genre: genre)) { completion($0) }
    }
}

/// The movies API's endpoints.
enum MovieAPI {
    static func popular(page: Int) -> Endpoint<MoviePage> {
        Endpoint("movie/popular", query: [URLQueryItem(name: "page", value: "\(page)")])
    }

    static func best(genre: String) -> Endpoint<[Movie]> {
        Endpoint("movies?_sort=-rating", query: [URLQueryItem(name: "genre", value: genre)])
    }
}
