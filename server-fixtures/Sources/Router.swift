import Foundation

// MARK: - Routing

/// What a handler gets: the request, the path parameters, and the authority to build absolute URLs with.
struct RouteContext: Sendable {
    /// The request being answered.
    let request: HTTPRequest
    /// Values of `:name` segments in the matched pattern.
    let parameters: [String: String]
    /// `host:port` the request came in on: its `Host` header, or the listener's address.
    let authority: String
}

/// Answers one request.
typealias RouteHandler = @Sendable (RouteContext) -> HTTPResponse

/// A path pattern (segments, `:name` for a parameter) and its handlers per method.
struct Route: Sendable {
    /// The pattern's segments, e.g. `["api", "users", ":id"]`.
    let segments: [String]
    /// Methods in the order `Allow` lists them, with their handlers.
    let handlers: [(method: String, handler: RouteHandler)]

    /// A route for `pattern` such as `/api/users/:id`.
    init(_ pattern: String, _ handlers: [(method: String, handler: RouteHandler)]) {
        self.segments = pattern.split(separator: "/").map(String.init)
        self.handlers = handlers
    }

    /// The path parameters when `pathSegments` matches this pattern.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (pattern, segment) in zip(segments, pathSegments) {
            if pattern.hasPrefix(":") {
                guard !segment.isEmpty else { return nil }
                parameters[String(pattern.dropFirst())] = String(segment)
            } else if pattern != segment {
                return nil
            }
        }
        return parameters
    }

    /// The `Allow` header value: the methods in order, `HEAD` right after `GET`.
    var allowHeader: String {
        var methods: [String] = []
        for (method, _) in handlers {
            methods.append(method)
            if method == "GET" && !handlers.contains(where: { $0.method == "HEAD" }) { methods.append("HEAD") }
        }
        return methods.joined(separator: ", ")
    }
}

/// Finds the route for a request and runs it; 404 and 405 otherwise.
struct Router: Sendable {
    /// The routes, tried in order.
    let routes: [Route]

    /// Answers `request`. HEAD runs the GET handler (the connection drops the body).
    func respond(to request: HTTPRequest, authority: String) -> HTTPResponse {
        let path = request.routePath
        let pathSegments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for route in routes {
            guard let parameters = route.match(pathSegments) else { continue }
            let method = request.method == "HEAD" ? "GET" : request.method
            guard let handler = route.handlers.first(where: { $0.method == method })?.handler else {
                var response = HTTPResponse.error(405, "Method not allowed")
                response.fields.append(.init(name: "Allow", value: route.allowHeader))
                return response
            }
            return handler(RouteContext(request: request, parameters: parameters, authority: authority))
        }
        return .error(404, "Not found")
    }
}
