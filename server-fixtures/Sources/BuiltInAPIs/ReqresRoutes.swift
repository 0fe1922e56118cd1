import Foundation

// MARK: - The reqres users API, under /api/

/// `GET|POST /api/users`, `GET|PUT|PATCH|DELETE /api/users/<id>`, `POST /api/login`, `POST /api/register`.
/// Every one honours `?delay=<seconds>` (at most ``maxDelay``).
enum ReqresRoutes {
    /// The longest `?delay=` honoured, in seconds; longer values are clamped to it.
    static let maxDelay: TimeInterval = 30

    private struct Page: Encodable {
        let page: Int
        let perPage: Int
        let total: Int
        let totalPages: Int
        let data: [UserRecord]
        let support: SupportRecord

        enum CodingKeys: String, CodingKey {
            case page, total, data, support
            case perPage = "per_page"
            case totalPages = "total_pages"
        }
    }

    private struct Single: Encodable {
        let data: UserRecord
        let support: SupportRecord
    }

    private struct Registered: Encodable {
        let id: Int
        let token: String
    }

    /// The reqres routes over `data`.
    static func routes(_ data: FixtureData) -> [Route] {
        let users = data.users
        return [
            Route(
                "/api/users",
                [
                    ("GET", delayed { list($0, users) }),
                    ("POST", delayed { echo($0, status: 201, extra: ["id": randomID(), "createdAt": timestamp()]) }),
                ]),
            Route(
                "/api/users/:id",
                [
                    ("GET", delayed { single($0, users) }),
                    ("PUT", delayed { echo($0, status: 200, extra: ["updatedAt": timestamp()]) }),
                    ("PATCH", delayed { echo($0, status: 200, extra: ["updatedAt": timestamp()]) }),
                    ("DELETE", delayed { _ in HTTPResponse(status: 204, contentType: nil) }),
                ]),
            Route("/api/login", [("POST", delayed { login($0, users) })]),
            Route("/api/register", [("POST", delayed { register($0, users) })]),
        ]
    }

    /// Wraps `handler` so the response waits for the request's `?delay=` first.
    private static func delayed(_ handler: @escaping RouteHandler) -> RouteHandler {
        { context in
            var response = handler(context)
            if let text = context.request.query["delay"], let seconds = Double(text), seconds.isFinite, seconds > 0 {
                response.delay = min(seconds, maxDelay)
            }
            return response
        }
    }

    /// reqres treats a missing, zero, negative or non-numeric page as page 1.
    private static func positive(_ text: String?, default value: Int) -> Int {
        guard let text, let number = Int(text), number > 0 else { return value }
        return number
    }

    private static func list(_ context: RouteContext, _ users: UsersFile) -> HTTPResponse {
        let page = positive(context.request.query["page"], default: 1)
        let perPage = min(positive(context.request.query["per_page"], default: 6), 1000)
        let total = users.users.count
        let start = (page - 1).multipliedReportingOverflow(by: perPage)
        let slice =
            start.overflow || start.partialValue >= total
            ? [] : Array(users.users[start.partialValue..<min(start.partialValue + perPage, total)])
        let body = Page(
            page: page, perPage: perPage, total: total, totalPages: (total + perPage - 1) / perPage, data: slice,
            support: users.support)
        return .json(200, body)
    }

    private static func single(_ context: RouteContext, _ users: UsersFile) -> HTTPResponse {
        guard let id = Int(context.parameters["id"] ?? ""), let user = users.users.first(where: { $0.id == id }) else {
            return .json(404, raw: "{}")
        }
        return .json(200, Single(data: user, support: users.support))
    }

    /// The request's JSON object fields plus `extra` (reqres echoes what it was sent).
    private static func echo(_ context: RouteContext, status: Int, extra: [String: String]) -> HTTPResponse {
        var object = JSON.object(from: context.request.body) ?? [:]
        for (key, value) in extra { object[key] = value }
        return HTTPResponse(status: status, contentType: HTTPResponse.jsonContentType, body: JSON.serialize(object))
    }

    private static func credentials(_ context: RouteContext) -> (email: String?, password: String?) {
        let body = JSON.object(from: context.request.body)
        return (JSON.string(body, "email") ?? JSON.string(body, "username"), JSON.string(body, "password"))
    }

    private static func login(_ context: RouteContext, _ users: UsersFile) -> HTTPResponse {
        let (email, password) = credentials(context)
        guard let email else { return .error(400, "Missing email or username") }
        guard password != nil else { return .error(400, "Missing password") }
        guard users.users.contains(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) else {
            return .error(400, "user not found")
        }
        return .json(200, ["token": users.token])
    }

    private static func register(_ context: RouteContext, _ users: UsersFile) -> HTTPResponse {
        let (email, password) = credentials(context)
        guard let email else { return .error(400, "Missing email or username") }
        guard password != nil else { return .error(400, "Missing password") }
        guard let user = users.users.first(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) else {
            return .error(400, "Note: Only defined users succeed registration")
        }
        return .json(200, Registered(id: user.id, token: users.token))
    }

    /// A numeric string id like reqres' ("737").
    private static func randomID() -> String {
        String(Int.random(in: 1...999))
    }

    /// The current time as ISO-8601 UTC with milliseconds, e.g. `2026-11-29T21:00:00.000Z`.
    static func timestamp(_ date: Date = Date()) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
