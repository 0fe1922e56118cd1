import Foundation
import ServiceLayer

// The second tutorial shape: every route of one backend in an enum, sent by one base service with a
// generic `request` method.

/// The routes of the team API.
enum TeamRoute {
    case members(page: Int)
    case member(id: Int)
    case hire(NewMember)
    case remove(id: Int)

    var method: HTTPMethod {
        switch self {
        case .members, .member: return .get
        case .hire: return .post
        case .remove: return .delete
        }
    }

    var path: String {
        switch self {
        case .members, .hire: return "users"
        case .member(let id), .remove(let id): return "users/\(id)"
        }
    }

    var query: [URLQueryItem] {
        guard case .members(let page) = self else { return [] }
        return [URLQueryItem(name: "page", value: "\(page)")]
    }
}

/// Sends any route and decodes its answer as the type the caller asks for.
///
/// `@MainActor` because `request` is generic over any `Decodable`, whose conformance may be main-actor
/// isolated, so it can only be decoded there (with main-actor default isolation this is so anyway).
@MainActor
final class BaseAPIService {
    static let shared = BaseAPIService()

    let client = APIClient(baseURL: URL(string: "http://localhost:8090/api/")!)

    @discardableResult
    func request<T: Decodable>(_ route: TeamRoute, completion: @escaping (Result<T, APIError>) -> Void) -> RequestHandle
    {
        var endpoint = Endpoint<T>(method: route.method, .path(route.path), query: route.query)
        if case .hire(let member) = route {
            endpoint = endpoint.body(member)
        }
        return client.send(endpoint) { completion($0) }
    }
}
