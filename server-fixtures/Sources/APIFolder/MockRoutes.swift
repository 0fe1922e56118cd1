import Foundation

// MARK: - routes.json: canned answers, Postman-mock style

/// One answer a canned route can give, and when.
struct MockExample: Sendable {
    /// What the answer may be picked by with `X-Mock-Response: <name>`.
    let name: String?
    /// When the answer applies; nil for a default answer.
    let match: Match?
    /// The status code (200 by default).
    let status: Int
    /// Header fields, sorted by name (`Content-Type` here replaces the default one, `Cache-Control` the
    /// default `no-cache`).
    let headers: [HTTPResponse.Field]
    /// The `Content-Type` from the body kind (nil without a body; `text/event-stream` for events).
    var contentType: String?
    /// The body bytes (JSON, text or a file's bytes).
    let body: Data
    /// Seconds to wait before answering.
    let delay: TimeInterval
    /// A fault to answer with instead (the kinds of ``Fault`` without parameters, and `slowBody`).
    let fault: Fault?
    /// Server-sent events answered instead of a body (`"events"`), each after its wait; nil for a body.
    var events: EventStreamBody?

    /// What a request must have for an example to apply; each part optional, all given parts must hold.
    struct Match: Sendable {
        /// Values of `:name` path segments.
        let params: [String: String]
        /// Query items, compared as decoded strings.
        let query: [String: String]
        /// Header fields (names compared case-insensitively, values exactly).
        let headers: [String: String]
        /// A JSON value the request body must contain (object members are a subset; other values equal).
        let body: ServerJSON?

        /// Whether `context`'s request satisfies every part.
        func holds(_ context: RouteContext) -> Bool {
            let request = context.request
            guard params.allSatisfy({ context.parameters[$0.key] == $0.value }),
                query.allSatisfy({ request.query[$0.key] == $0.value }),
                headers.allSatisfy({ request.headers[$0.key.lowercased()] == $0.value })
            else { return false }
            guard let body else { return true }
            guard let sent = try? JSONReader.parse(request.body) else { return false }
            return sent.value.contains(body)
        }
    }

    /// The response for this example: its body, or its events written as they happen (with the stream's
    /// `Cache-Control: no-cache` and `X-Accel-Buffering: no` unless the example sets them).
    var response: HTTPResponse {
        let ownType = headers.contains { $0.name.lowercased() == "content-type" }
        var response = HTTPResponse(
            status: status, contentType: ownType ? nil : contentType, body: body, fields: headers)
        if let events {
            let defaults = EventStreamBody.fields.filter { field in
                !headers.contains { HTTPResponse.sameName($0.name, field.name) }
            }
            response.fields += defaults
            response.events = events
        }
        response.delay = delay
        response.fault = fault
        return response
    }
}

/// One canned route: a method, a path pattern (`:name` segments) and its examples.
struct MockRoute: Sendable {
    /// The method, e.g. `GET`.
    let method: String
    /// The pattern as written, e.g. `/movie/:id`.
    let pattern: String
    /// The answers, in file order.
    let examples: [MockExample]
    /// The line the route starts on in `routes.json`.
    let line: Int
    /// Where the route is in the file, e.g. `routes[3]`.
    let field: String

    /// The pattern's first segment (what a database collection would be named).
    var firstSegment: String { Route(pattern, []).segments.first ?? "" }

    /// Whether the decoded `path` matches the pattern.
    func matches(_ path: String) -> Bool {
        Route(pattern, []).match(Route.segments(of: path)) != nil
    }

    /// Picks the answer: the example named by `X-Mock-Response` (or Postman's `X-Mock-Response-Name`) and/or
    /// with the status of Postman's `X-Mock-Response-Code`, else the first example whose `match` holds, else
    /// the first without a `match`; 404 with a JSON reason otherwise (naming the examples there are).
    func answer(_ context: RouteContext) -> HTTPResponse {
        let headers = context.request.headers
        let name = headers["x-mock-response"] ?? headers["x-mock-response-name"]
        if name != nil || headers["x-mock-response-code"] != nil {
            var code: Int?
            if let text = headers["x-mock-response-code"] {
                guard text.count <= 3, let number = Int(text), (100...599).contains(number) else {
                    return .teaching(400, .mockCodeInvalid, for: context.request)
                }
                code = number
            }
            guard
                let example = examples.first(where: { example in
                    (name == nil || example.name == name) && (code == nil || example.status == code)
                })
            else {
                let known = examples.map { MockExampleName(name: $0.name, status: $0.status) }
                return .teaching(
                    404, .noMockExample(name: name, status: code, method: method, pattern: pattern, examples: known),
                    for: context.request)
            }
            return example.response
        }
        if let example = examples.first(where: { $0.match?.holds(context) == true })
            ?? examples.first(where: {
                $0.match == nil
            })
        {
            return example.response
        }
        return .teaching(404, .noMockMatch(method: method, pattern: pattern), for: context.request)
    }
}

/// The canned routes of a `routes.json`: `{"routes": [route, ...]}`.
///
/// A route is `{"method", "path", "examples": [example, ...]}`, or a route with one example's fields
/// written in it directly. An example is `{"name", "match": {"params", "query", "headers", "body"}, "status",
/// "headers", "body" | "text" | "file" | "events", "delay", "fault"}`, every field optional (`status` 200 by
/// default). `events` is a stream: `[{"data", "event", "id", "retry", "wait"} | {"raw", "wait"}, ...]`.
struct MockRoutes: Sendable {
    /// The routes, in file order.
    let routes: [MockRoute]
    /// The file they came from.
    let file: URL

    static let routeFields: Set<String> = ["method", "path", "examples"]
    static let exampleFields: Set<String> = [
        "name", "match", "status", "headers", "body", "text", "file", "events", "delay", "fault",
    ]
    /// The fields of one event of an example's `events`.
    static let eventFields: Set<String> = ["data", "event", "id", "retry", "wait", "raw"]
    static let matchFields: Set<String> = ["params", "query", "headers", "body"]
    /// The fault names a route file may use.
    static let faults: [String: Fault] = [
        "closeBeforeResponse": .closeBeforeResponse, "truncatedBody": .truncatedBody,
        "malformedJSON": .malformedJSON, "emptyOK": .emptyOK, "noContent": .noContent,
        "unauthorizedBearer": .unauthorizedBearer, "html500": .html500, "slowBody": .slowBody(interval: 0.05),
    ]

    /// Reads and checks `url`.
    static func load(_ url: URL) throws(APIFolderError) -> MockRoutes {
        let root = try APIFolder.readJSON(url)
        let reader = MockRouteReader(file: url)
        guard let top = root.members else {
            throw reader.error(root, "", "must be an object {\"routes\": [...]}")
        }
        try reader.allow(top, ["routes"], at: "", line: root.line)
        guard let list = top["routes"] else { throw reader.error(root, "routes", "is missing") }
        guard let elements = list.elements else { throw reader.error(list, "routes", "must be an array") }
        var routes: [MockRoute] = []
        for (index, element) in elements.enumerated() {
            let route = try reader.route(element, field: "routes[\(index)]", folder: url.deletingLastPathComponent())
            if let other = routes.first(where: { $0.method == route.method && $0.pattern == route.pattern }) {
                throw reader.error(
                    element, "routes[\(index)]",
                    "\(route.method) \(route.pattern) is already defined at line \(other.line); put several answers in one route's \"examples\""
                )
            }
            routes.append(route)
        }
        return MockRoutes(routes: routes, file: url)
    }

    /// The server routes: one per path pattern, with a handler per method.
    func serverRoutes(folder: URL) -> [Route] {
        var patterns: [String] = []
        var byPattern: [String: [(method: String, handler: RouteHandler)]] = [:]
        for route in routes {
            let key = Route(route.pattern, []).segments.joined(separator: "/")
            if byPattern[key] == nil { patterns.append(key) }
            byPattern[key, default: []].append((route.method, { route.answer($0) }))
        }
        return patterns.map { Route("/" + $0, byPattern[$0]!) }
    }
}
