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
    /// The `Content-Type` from the body kind (nil without a body).
    let contentType: String?
    /// The body bytes (JSON, text or a file's bytes).
    let body: Data
    /// Seconds to wait before answering.
    let delay: TimeInterval
    /// A fault to answer with instead (the kinds of ``Fault`` without parameters, and `slowBody`).
    let fault: Fault?

    /// What a request must have for an example to apply; each part optional, all given parts must hold.
    struct Match: Sendable {
        /// Values of `:name` path segments.
        let params: [String: String]
        /// Query items, compared as decoded strings.
        let query: [String: String]
        /// Header fields (names compared case-insensitively, values exactly).
        let headers: [String: String]
        /// A JSON value the request body must contain (object members are a subset; other values equal).
        let body: JSONValue?

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

    /// The response for this example.
    var response: HTTPResponse {
        let ownType = headers.contains { $0.name.lowercased() == "content-type" }
        var response = HTTPResponse(
            status: status, contentType: ownType ? nil : contentType, body: body, fields: headers)
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
    var firstSegment: String { pattern.split(separator: "/").first.map(String.init) ?? "" }

    /// Whether the decoded `path` matches the pattern.
    func matches(_ path: String) -> Bool {
        Route(pattern, []).match(path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)) != nil
    }

    /// Picks the answer: the example named by `X-Mock-Response` (or Postman's `X-Mock-Response-Name`), else the
    /// first example whose `match` holds, else the first without a `match`; 404 with a JSON reason otherwise.
    func answer(_ context: RouteContext) -> HTTPResponse {
        let headers = context.request.headers
        if let name = headers["x-mock-response"] ?? headers["x-mock-response-name"] {
            guard let example = examples.first(where: { $0.name == name }) else {
                return .error(404, "No example named \"\(name)\" for \(method) \(pattern)")
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
        return .error(404, "No example of \(method) \(pattern) matches this request")
    }
}

/// The canned routes of a `routes.json`: `{"routes": [route, ...]}`.
///
/// A route is `{"method", "path", "examples": [example, ...]}`, or a route with one example's fields
/// written in it directly. An example is `{"name", "match": {"params", "query", "headers", "body"}, "status",
/// "headers", "body" | "text" | "file", "delay", "fault"}`, every field optional (`status` 200 by default).
struct MockRoutes: Sendable {
    /// The routes, in file order.
    let routes: [MockRoute]
    /// The file they came from.
    let file: URL

    private static let routeFields: Set<String> = ["method", "path", "examples"]
    private static let exampleFields: Set<String> = [
        "name", "match", "status", "headers", "body", "text", "file", "delay", "fault",
    ]
    private static let matchFields: Set<String> = ["params", "query", "headers", "body"]
    /// The fault names a route file may use.
    static let faults: [String: Fault] = [
        "closeBeforeResponse": .closeBeforeResponse, "truncatedBody": .truncatedBody,
        "malformedJSON": .malformedJSON, "emptyOK": .emptyOK, "noContent": .noContent,
        "unauthorizedBearer": .unauthorizedBearer, "html500": .html500, "slowBody": .slowBody(interval: 0.05),
    ]

    /// Reads and checks `url`.
    static func load(_ url: URL) throws(APIFolderError) -> MockRoutes {
        let root = try APIFolder.readJSON(url)
        let reader = FieldReader(file: url)
        guard case .object(let top) = root.kind else {
            throw reader.error(root, "", "must be an object {\"routes\": [...]}")
        }
        try reader.allow(top, ["routes"], at: "", line: root.line)
        guard let list = top["routes"] else { throw reader.error(root, "routes", "is missing") }
        guard case .array(let elements) = list.kind else { throw reader.error(list, "routes", "must be an array") }
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
            let key = route.pattern.split(separator: "/").joined(separator: "/")
            if byPattern[key] == nil { patterns.append(key) }
            byPattern[key, default: []].append((route.method, { route.answer($0) }))
        }
        return patterns.map { Route("/" + $0, byPattern[$0]!) }
    }

    /// Reads the fields of routes and examples, with the file, line and field in every error.
    private struct FieldReader {
        let file: URL

        func error(_ node: LocatedJSON, _ field: String, _ message: String) -> APIFolderError {
            APIFolderError(file: file.path, line: node.line, field: field, message: message)
        }

        func allow(_ members: [String: LocatedJSON], _ allowed: Set<String>, at field: String, line: Int)
            throws(APIFolderError)
        {
            for (key, value) in members where !allowed.contains(key) {
                let place = field.isEmpty ? key : "\(field).\(key)"
                throw error(
                    value, place, "unknown field (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
        }

        func string(_ node: LocatedJSON?, _ field: String) throws(APIFolderError) -> String? {
            guard let node else { return nil }
            guard case .string(let text) = node.kind else {
                throw error(node, field, "must be a string, not \(node.kindName)")
            }
            return text
        }

        func strings(_ node: LocatedJSON?, _ field: String) throws(APIFolderError) -> [String: String] {
            guard let node else { return [:] }
            guard case .object(let members) = node.kind else {
                throw error(node, field, "must be an object of strings")
            }
            var result: [String: String] = [:]
            for (key, value) in members {
                guard let text = try string(value, "\(field).\(key)") else { continue }
                result[key] = text
            }
            return result
        }

        func route(_ node: LocatedJSON, field: String, folder: URL) throws(APIFolderError) -> MockRoute {
            guard case .object(let members) = node.kind else { throw error(node, field, "must be an object") }
            let inline = members.keys.contains { Self.isExampleField($0) }
            let allowed = members["examples"] == nil ? routeFields.union(exampleFields) : routeFields
            try allow(members, allowed, at: field, line: node.line)
            guard let method = try string(members["method"], "\(field).method") else {
                throw error(node, "\(field).method", "is missing")
            }
            guard !method.isEmpty, method == method.uppercased(), Router.knownMethods.contains(method),
                method != "HEAD",
                method != "OPTIONS"
            else {
                throw error(
                    members["method"]!, "\(field).method", "must be GET, POST, PUT, PATCH or DELETE (uppercase)")
            }
            guard let path = try string(members["path"], "\(field).path") else {
                throw error(node, "\(field).path", "is missing")
            }
            guard path.hasPrefix("/"), !path.contains("?"), !path.contains(" ") else {
                throw error(members["path"]!, "\(field).path", "must start with / and have no query or spaces")
            }
            var examples: [MockExample] = []
            if let list = members["examples"] {
                guard !inline else { throw error(list, "\(field).examples", "cannot be combined with answer fields") }
                guard case .array(let elements) = list.kind, !elements.isEmpty else {
                    throw error(list, "\(field).examples", "must be a non-empty array")
                }
                for (index, element) in elements.enumerated() {
                    examples.append(try example(element, field: "\(field).examples[\(index)]", folder: folder))
                }
            } else {
                examples.append(try example(node, field: field, folder: folder, routeFields: routeFields))
            }
            return MockRoute(method: method, pattern: path, examples: examples, line: node.line, field: field)
        }

        static func isExampleField(_ key: String) -> Bool { exampleFields.contains(key) }

        func example(
            _ node: LocatedJSON, field: String, folder: URL, routeFields: Set<String> = []
        ) throws(APIFolderError) -> MockExample {
            guard case .object(let members) = node.kind else { throw error(node, field, "must be an object") }
            try allow(members, exampleFields.union(routeFields), at: field, line: node.line)
            var status = 200
            if let value = members["status"] {
                guard case .int(let code) = value.kind, (200...599).contains(code) else {
                    throw error(value, "\(field).status", "must be a whole number from 200 to 599")
                }
                status = code
            }
            let headerValues = try strings(members["headers"], "\(field).headers")
            for (name, value) in headerValues {
                guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }),
                    !value.contains("\r"), !value.contains("\n")
                else { throw error(members["headers"]!, "\(field).headers.\(name)", "is not a valid header field") }
                guard
                    !["content-length", "connection", "transfer-encoding", "date", "etag", "last-modified"].contains(
                        name.lowercased())
                else {
                    throw error(members["headers"]!, "\(field).headers.\(name)", "is set by the server")
                }
            }
            let headers = headerValues.sorted { $0.key < $1.key }.map {
                HTTPResponse.Field(name: $0.key, value: $0.value)
            }
            let bodyKinds = ["body", "text", "file"].filter { members[$0] != nil }
            guard bodyKinds.count <= 1 else {
                throw error(node, "\(field).\(bodyKinds[1])", "only one of body, text and file may be given")
            }
            var contentType: String?
            var body = Data()
            if let json = members["body"] {
                contentType = HTTPResponse.jsonContentType
                body = json.value.serialized()
            } else if let text = try string(members["text"], "\(field).text") {
                contentType = "text/plain; charset=utf-8"
                body = Data(text.utf8)
            } else if let name = try string(members["file"], "\(field).file") {
                let url = folder.appendingPathComponent(name).standardizedFileURL
                guard !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
                    let data = try? Data(contentsOf: url)
                else { throw error(members["file"]!, "\(field).file", "no file \(name) in \(folder.path)") }
                contentType = Self.contentType(ofFile: name)
                body = data
            }
            var delay: TimeInterval = 0
            if let value = members["delay"] {
                let seconds: Double
                switch value.kind {
                case .int(let number): seconds = Double(number)
                case .double(let number): seconds = number
                default: throw error(value, "\(field).delay", "must be a number of seconds")
                }
                guard (0...30).contains(seconds) else {
                    throw error(value, "\(field).delay", "must be from 0 to 30 seconds")
                }
                delay = seconds
            }
            var fault: Fault?
            if let name = try string(members["fault"], "\(field).fault") {
                guard let known = MockRoutes.faults[name] else {
                    throw error(
                        members["fault"]!, "\(field).fault",
                        "unknown fault (expected one of: \(MockRoutes.faults.keys.sorted().joined(separator: ", ")))")
                }
                fault = known
            }
            return MockExample(
                name: try string(members["name"], "\(field).name"),
                match: try match(members["match"], "\(field).match"),
                status: status, headers: headers, contentType: contentType, body: body, delay: delay, fault: fault)
        }

        func match(_ node: LocatedJSON?, _ field: String) throws(APIFolderError) -> MockExample.Match? {
            guard let node else { return nil }
            guard case .object(let members) = node.kind else { throw error(node, field, "must be an object") }
            try allow(members, matchFields, at: field, line: node.line)
            return MockExample.Match(
                params: try strings(members["params"], "\(field).params"),
                query: try strings(members["query"], "\(field).query"),
                headers: try strings(members["headers"], "\(field).headers"), body: members["body"]?.value)
        }

        /// The `Content-Type` of a body file, from its extension.
        static func contentType(ofFile name: String) -> String {
            switch (name as NSString).pathExtension.lowercased() {
            case "json": return HTTPResponse.jsonContentType
            case "txt": return "text/plain; charset=utf-8"
            case "html": return "text/html; charset=utf-8"
            case "png": return "image/png"
            case "jpg", "jpeg": return "image/jpeg"
            default: return "application/octet-stream"
            }
        }
    }
}
