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
    /// Answers the methods this route lacks instead of the plain 405 (a read-only folder's 405 that names
    /// `--read-only`); nil by default.
    var refusal: RouteHandler?

    /// A route for `pattern` such as `/api/users/:id`.
    init(_ pattern: String, _ handlers: [(method: String, handler: RouteHandler)]) {
        self.segments = Self.segments(of: pattern).filter { !$0.isEmpty }.map(String.init)
        self.handlers = handlers
    }

    /// The segments of a decoded `path` between its `/`s, after the leading one; an empty segment for each
    /// `//` or trailing `/`. Split on Unicode scalars, not on characters: a segment that starts with a
    /// combining mark (`/%CD%9Emenu`) would otherwise fuse with the `/` before it into one character, so
    /// that the `/` was no separator and the mark was dropped with it (found by fuzzing: that path was
    /// routed as `/menu`).
    static func segments(of path: String) -> [Substring] {
        var scalars = Substring(path).unicodeScalars[...]
        if scalars.first == "/" { scalars = scalars.dropFirst() }
        return scalars.split(separator: "/", omittingEmptySubsequences: false).map { Substring($0) }
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

    /// The `Allow` header value: the methods in order, `HEAD` right after `GET`, `OPTIONS` last.
    var allowHeader: String {
        var methods: [String] = []
        for (method, _) in handlers {
            methods.append(method)
            if method == "GET" && !handlers.contains(where: { $0.method == "HEAD" }) { methods.append("HEAD") }
        }
        return (methods + ["OPTIONS"]).joined(separator: ", ")
    }

    /// Whether this route answers `method` (HEAD where it answers GET).
    func handler(for method: String) -> RouteHandler? {
        let method = method == "HEAD" ? "GET" : method
        return handlers.first(where: { $0.method == method })?.handler
    }
}

/// Finds the route for a request and runs it; 404, 405 and 501 otherwise, and OPTIONS for every route.
/// With the development options: CORS preflights, `--static` files, `--record`'s forwarding, `--delay`.
/// What it routes to is handed to it (`Server/ServerRoutes.swift` assembles the routes of each mode).
struct Router: Sendable {
    /// The routes tried first, as they are now: the `--api` folder's, which change on a reload; none by default.
    let leading: @Sendable () -> [Route]
    /// The built-in routes, tried after the leading ones; none by default.
    let builtIn: [Route]
    /// `GET /`: the index, answered when no listed route is; nil (a 404) by default.
    let rootPage: Route?
    /// The server's pages about itself (`/openapi.json`, `/docs`, `/_inspector`), tried after every other route;
    /// none by default.
    let pages: [Route]
    /// Whether every answer carries the CORS headers and preflights are answered (`--no-cors` turns it off);
    /// true by default.
    let cors: Bool
    /// Seconds every answer waits at least (`--delay`); 0 by default.
    let delay: TimeInterval
    /// `--static`'s files, answered at the paths no route has; nil by default.
    let staticFiles: StaticFiles?
    /// Answers every request instead of the routes (`--record`'s forwarding); nil by default.
    let forward: (@Sendable (HTTPRequest) -> HTTPResponse)?
    /// Whether a path is one of the server's private pages (the inspector's): never under CORS, never
    /// forwarded; none by default.
    let isPrivate: @Sendable (String) -> Bool
    /// Whether the server mocks an API of the learner's own (`--api`, `--static`): without one, a 404 for a
    /// path no route starts says how to serve one (``NearestRoute``); true by default.
    let servesOwnAPI: Bool

    /// A router over `builtIn`, after `leading`, with the index `rootPage` and the server's `pages`; each
    /// default is the property's.
    init(
        builtIn: [Route] = [], leading: @escaping @Sendable () -> [Route] = { [] }, rootPage: Route? = nil,
        pages: [Route] = [], cors: Bool = true, delay: TimeInterval = 0, staticFiles: StaticFiles? = nil,
        forward: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil,
        isPrivate: @escaping @Sendable (String) -> Bool = { _ in false }, servesOwnAPI: Bool = true
    ) {
        self.leading = leading
        self.builtIn = builtIn
        self.rootPage = rootPage
        self.pages = pages
        self.cors = cors
        self.delay = delay
        self.staticFiles = staticFiles
        self.forward = forward
        self.isPrivate = isPrivate
        self.servesOwnAPI = servesOwnAPI
    }

    /// The routes, tried in order: the leading (folder's) first, then the built-in ones.
    var routes: [Route] { leading() + builtIn }

    /// The last touches every answer gets, faults and 304s included: `--delay`, and the CORS headers
    /// (unless `--no-cors`).
    func finish(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.delay = max(response.delay, delay)
        return cors && !response.sameOriginOnly ? CORS.decorate(response) : response
    }

    /// The methods of RFC 9110 §9, PATCH and QUERY (the IETF safe method with a body, which no route answers:
    /// 405 with `Allow`): any other method is answered 501 on every path.
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY",
    ]
    /// `Allow` of `OPTIONS *`: every method some route answers.
    static let serverMethods = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"

    /// The route whose pattern matches `request`'s path, with the path parameters; for `/`, the index
    /// (``rootPage``).
    func route(for request: HTTPRequest) -> (route: Route, parameters: [String: String])? {
        if let found = listedRoute(for: request) { return found }
        if request.routePath == "/", let rootPage { return (rootPage, [:]) }
        let pathSegments = Route.segments(of: request.routePath)
        for page in pages {
            if let parameters = page.match(pathSegments) { return (page, parameters) }
        }
        return nil
    }

    /// The folder's or built-in route whose pattern matches `request`'s path (never the index).
    private func listedRoute(for request: HTTPRequest) -> (route: Route, parameters: [String: String])? {
        let pathSegments = Route.segments(of: request.routePath)
        for route in routes {
            if let parameters = route.match(pathSegments) { return (route, parameters) }
        }
        return nil
    }

    /// Answers `request`. HEAD runs the GET handler (the connection drops the body); OPTIONS answers 204 with
    /// `Allow`; an unknown method is 501 (RFC 9110 §15.6.2), a known one the route lacks 405 with `Allow`
    /// (or the route's own refusal). Before routing: a CORS preflight is answered (unless `--no-cors`),
    /// `--record` forwards everything else, and `--static` answers the paths no route has.
    func respond(to request: HTTPRequest, authority: String) -> HTTPResponse {
        var response = routed(request, authority: authority)
        // The inspector shows a learner's requests: no page elsewhere may read it (no CORS, even on errors).
        if isPrivate(request.routePath) && listedRoute(for: request) == nil { response.sameOriginOnly = true }
        return response
    }

    /// ``respond(to:authority:)`` before the private pages are kept out of CORS.
    private func routed(_ request: HTTPRequest, authority: String) -> HTTPResponse {
        guard Self.knownMethods.contains(request.method) else {
            return .teaching(501, .methodNotImplemented, for: request)
        }
        if request.method == "OPTIONS" && request.path == "*" {
            return HTTPResponse(
                status: 204, contentType: nil, fields: [.init(name: "Allow", value: Self.serverMethods)])
        }
        if cors, CORS.isPreflight(request), !(isPrivate(request.routePath) && listedRoute(for: request) == nil) {
            return CORS.preflight(request, methods: route(for: request)?.route.allowHeader ?? Self.serverMethods)
        }
        // A recording forwards everything but the inspector's own pages, which show what it forwarded.
        if let forward, !(isPrivate(request.routePath) && route(for: request) != nil) {
            return forward(request)
        }
        if let staticFiles, listedRoute(for: request) == nil, let file = staticFiles.answer(request) { return file }
        guard let (route, parameters) = route(for: request) else {
            return NearestRoute.notFound(request, among: routes, ownAPI: servesOwnAPI)
        }
        if request.method == "OPTIONS" {
            return HTTPResponse(status: 204, contentType: nil, fields: [.init(name: "Allow", value: route.allowHeader)])
        }
        guard let handler = route.handler(for: request.method) else {
            if let refusal = route.refusal {
                return refusal(RouteContext(request: request, parameters: parameters, authority: authority))
            }
            var response = NearestRoute.methodNotAllowed(request, route: route)
            response.fields.append(.init(name: "Allow", value: route.allowHeader))
            return response
        }
        return handler(RouteContext(request: request, parameters: parameters, authority: authority))
    }

    /// What a plain GET of `request`'s target answers now (its body and query kept, no method change on
    /// the server's data): the current representation preconditions are evaluated against. nil when the
    /// path has no route or its route has no GET.
    func currentRepresentation(for request: HTTPRequest, authority: String) -> HTTPResponse? {
        guard let (route, parameters) = route(for: request), let handler = route.handler(for: "GET") else { return nil }
        let head = request.head
        let get = RequestHead(
            method: "GET", target: head.target, path: head.path, query: head.query,
            headers: head.headers.filter { !$0.key.hasPrefix("if-") }, minorVersion: head.minorVersion,
            contentLength: 0, isChunked: false)
        return handler(
            RouteContext(request: HTTPRequest(head: get, body: Data()), parameters: parameters, authority: authority))
    }
}
