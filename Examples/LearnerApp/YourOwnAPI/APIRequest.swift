import Foundation
import ServiceLayer

// The third tutorial shape: a generic request type that knows its path, parameters and response,
// sent with the app's one `Config`.

/// The app's server settings, in one place.
enum Config {
    static let baseURL = URL(string: "http://localhost:8090/api/")!
    static let headers = ["X-Client": "LearnerApp"]
    static let client = APIClient(baseURL: baseURL, options: APIClient.Options(headers: headers))
}

/// One request to the app's server, and the type its answer decodes as.
///
/// `@MainActor` for the reason given on ``BaseAPIService``: it is generic over any `Decodable`.
@MainActor
struct APIRequest<Response: Decodable> {
    var method: HTTPMethod = .get
    let path: String
    var parameters: [String: String] = [:]

    @discardableResult
    func send(completion: @escaping (Result<Response, APIError>) -> Void) -> RequestHandle {
        let query = parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return Config.client.send(Endpoint<Response>(method: method, .path(path), query: query)) { completion($0) }
    }
}
