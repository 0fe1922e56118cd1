import Foundation

// MARK: - db.json: collections served as REST, json-server style

/// The collections of a `db.json` (`{"movies": [{"id": 1, ...}], "reviews": [...]}`), kept in memory and
/// served as REST under `/<collection>`:
///
/// | request | answer |
/// |---|---|
/// | `GET /movies` | 200 the array; `?field=value` filters (every one must hold), `_sort=field` (`-field` descending), `_page`/`_limit` paginate (10 a page when only `_page` is given); `X-Total-Count` and `Link` headers |
/// | `GET /movies/1` | 200 the object, 404 `{"error":...}` |
/// | `POST /movies` | 201 the object with a new `id` (the next integer, or a string one in a collection of string ids) and `Location` |
/// | `PUT /movies/1`, `PATCH /movies/1` | 200 the replaced or merged object; the `id` stays |
/// | `DELETE /movies/1` | 204 |
///
/// Writes stay in memory unless the server was created with `writesBack`, which also saves the whole file
/// (atomically, pretty-printed) after each write.
final class Database: Sendable {
    /// The collections and how many objects each had at load, for the startup listing.
    let collections: [String: Int]
    private let file: URL
    private let writesBack: Bool
    private let state: Locked<[String: [JSONValue]]>
    /// Called with the paths a write changed (`/movies` and `/movies/<id>`), to move their validators.
    private let changed = Locked<(@Sendable (String) -> Void)?>(nil)

    private init(file: URL, writesBack: Bool, data: [String: [JSONValue]]) {
        self.file = file
        self.writesBack = writesBack
        collections = data.mapValues(\.count)
        state = Locked(data)
    }

    /// Reads and checks `url`: an object of arrays of objects, each with a unique integer or string `id`.
    static func load(_ url: URL, writesBack: Bool) throws(APIFolderError) -> Database {
        let root = try APIFolder.readJSON(url)
        func error(_ node: LocatedJSON, _ field: String, _ message: String) -> APIFolderError {
            APIFolderError(file: url.path, line: node.line, field: field, message: message)
        }
        guard case .object(let top) = root.kind else {
            throw error(root, "", "must be an object of collections, e.g. {\"movies\": [{\"id\": 1}]}")
        }
        var data: [String: [JSONValue]] = [:]
        for (name, list) in top {
            guard !name.isEmpty,
                name.unicodeScalars.allSatisfy({
                    CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0)
                })
            else { throw error(list, name, "a collection name must be letters, digits, - or _") }
            guard case .array(let elements) = list.kind else {
                throw error(list, name, "must be an array of objects, not \(list.kindName)")
            }
            var ids: Set<String> = []
            for (index, element) in elements.enumerated() {
                let field = "\(name)[\(index)]"
                guard case .object(let members) = element.kind else { throw error(element, field, "must be an object") }
                guard let id = members["id"] else { throw error(element, "\(field).id", "is missing") }
                guard let key = Self.idText(id.value) else {
                    throw error(id, "\(field).id", "must be an integer or a string, not \(id.kindName)")
                }
                guard ids.insert(key).inserted else { throw error(id, "\(field).id", "\(key) is used twice") }
            }
            data[name] = elements.map(\.value)
        }
        return Database(file: url, writesBack: writesBack, data: data)
    }

    /// The id as it appears in a path: integers in decimal, strings as they are; nil for other values.
    static func idText(_ id: JSONValue) -> String? {
        switch id {
        case .int(let number): return String(number)
        case .string(let text) where !text.isEmpty && !text.contains("/"): return text
        default: return nil
        }
    }

    /// Tells `handler` the paths each write changes.
    func onChange(_ handler: @escaping @Sendable (String) -> Void) {
        changed.withLock { $0 = handler }
    }

    /// Startup listing lines, one per route.
    var listing: [String] {
        collections.keys.sorted().flatMap { name -> [String] in
            let count = collections[name]!
            return [
                APIFolder.line(
                    "GET", "/\(name)", "\(count) from \(APIFolder.databaseFile); filter, _sort, _page, _limit"),
                APIFolder.line("POST", "/\(name)", "database"),
                APIFolder.line("GET", "/\(name)/:id", "database"),
                APIFolder.line("PUT", "/\(name)/:id", "database"), APIFolder.line("PATCH", "/\(name)/:id", "database"),
                APIFolder.line("DELETE", "/\(name)/:id", "database"),
            ]
        }
    }

    /// Two routes per collection.
    func routes() -> [Route] {
        collections.keys.sorted().flatMap { name -> [Route] in
            [
                Route("/\(name)", [("GET", { self.list(name, $0) }), ("POST", { self.create(name, $0) })]),
                Route(
                    "/\(name)/:id",
                    [
                        ("GET", { self.get(name, $0) }), ("PUT", { self.replace(name, $0, merging: false) }),
                        ("PATCH", { self.replace(name, $0, merging: true) }), ("DELETE", { self.delete(name, $0) }),
                    ]),
            ]
        }
    }

    // MARK: Reading

    private func list(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let query = context.request.query
        var items = state.withLock { $0[name] ?? [] }
        for (field, wanted) in query where !field.hasPrefix("_") {
            items = items.filter { $0.objectValue?[field]?.queryText == wanted }
        }
        if let sort = query["_sort"], !sort.isEmpty {
            let descending = sort.hasPrefix("-") || query["_order"]?.lowercased() == "desc"
            let key = sort.hasPrefix("-") ? String(sort.dropFirst()) : sort
            items = Self.sorted(items, by: key, descending: descending)
        }
        let total = items.count
        var fields = [HTTPResponse.Field(name: "X-Total-Count", value: String(total))]
        if query["_page"] != nil || query["_limit"] != nil {
            guard let page = Int(query["_page"] ?? "1"), page >= 1, let limit = Int(query["_limit"] ?? "10"),
                (1...1000).contains(limit)
            else { return .error(400, "_page must be a whole number from 1, _limit one from 1 to 1000") }
            let start = min(items.count, (page - 1) * limit)
            items = Array(items[start..<min(items.count, start + limit)])
            let pages = max(1, (total + limit - 1) / limit)
            fields.append(.init(name: "Link", value: Self.links(context, page: page, pages: pages, limit: limit)))
        }
        return HTTPResponse(
            status: 200, contentType: HTTPResponse.jsonContentType, body: JSONValue.array(items).serialized(),
            fields: fields)
    }

    /// Stable sort by `key`: numbers by value, strings by text, missing or null values last.
    private static func sorted(_ items: [JSONValue], by key: String, descending: Bool) -> [JSONValue] {
        func rank(_ item: JSONValue) -> (Int, Double, String) {
            switch item.objectValue?[key] {
            case .int(let number)?: return (0, Double(number), "")
            case .double(let number)?: return (0, number, "")
            case .string(let text)?: return (1, 0, text)
            case .bool(let flag)?: return (2, flag ? 1 : 0, "")
            default: return (3, 0, "")
            }
        }
        let ranked = items.enumerated().map { (offset: $0.offset, item: $0.element, rank: rank($0.element)) }
        return ranked.sorted { a, b in
            if a.rank.0 != b.rank.0 { return a.rank.0 < b.rank.0 }  // missing values last either way
            let ordered = a.rank.1 != b.rank.1 ? a.rank.1 < b.rank.1 : a.rank.2 != b.rank.2 ? a.rank.2 < b.rank.2 : nil
            guard let ordered else { return a.offset < b.offset }
            return descending ? !ordered : ordered
        }.map(\.item)
    }

    /// RFC 8288 `Link` with `first`, `prev` (when not on the first page), `next` (when not on the last) and `last`.
    private static func links(_ context: RouteContext, page: Int, pages: Int, limit: Int) -> String {
        let other = context.request.query.filter { $0.key != "_page" && $0.key != "_limit" }.sorted { $0.key < $1.key }
        func url(_ page: Int) -> String {
            var items = other.map { "\(encode($0.key))=\(encode($0.value))" }
            items += ["_page=\(page)", "_limit=\(limit)"]
            return "<http://\(context.authority)\(context.request.path)?\(items.joined(separator: "&"))>"
        }
        var links = ["\(url(1)); rel=\"first\""]
        if page > 1 { links.append("\(url(min(page - 1, pages))); rel=\"prev\"") }
        if page < pages { links.append("\(url(page + 1)); rel=\"next\"") }
        links.append("\(url(pages)); rel=\"last\"")
        return links.joined(separator: ", ")
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }

    private func get(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let id = context.parameters["id"] ?? ""
        guard let item = state.withLock({ $0[name]?.first { Self.id(of: $0) == id } }) else {
            return Self.notFound(name, id)
        }
        return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: item.serialized())
    }

    private static func id(of item: JSONValue) -> String? {
        item.objectValue?["id"].flatMap(idText)
    }

    private static func notFound(_ name: String, _ id: String) -> HTTPResponse {
        .error(404, "\(name)/\(id) not found")
    }

    // MARK: Writing

    /// The request body as a JSON object, or the 400 to answer.
    private static func object(_ context: RouteContext) -> Outcome<[String: JSONValue]> {
        guard let parsed = try? JSONReader.parse(context.request.body), case .object(let members) = parsed.value else {
            return .answer(.error(400, "The body must be a JSON object"))
        }
        return .value(members)
    }

    private func create(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let members: [String: JSONValue]
        switch Self.object(context) {
        case .value(let value): members = value
        case .answer(let response): return response
        }
        if let id = members["id"], Self.idText(id) == nil {
            return .error(400, "id must be an integer or a string without /")
        }
        let result = state.withLock { state -> Outcome<JSONValue> in
            var items = state[name] ?? []
            var object = members
            if let id = members["id"].flatMap(Self.idText) {
                guard !items.contains(where: { Self.id(of: $0) == id }) else {
                    return .answer(.error(409, "\(name)/\(id) already exists"))
                }
            } else {
                object["id"] = Self.nextID(items)
            }
            items.append(.object(object))
            state[name] = items
            save(state)
            return .value(.object(object))
        }
        switch result {
        case .answer(let response): return response
        case .value(let object):
            let id = Self.id(of: object) ?? ""
            notify(name, id)
            return HTTPResponse(
                status: 201, contentType: HTTPResponse.jsonContentType, body: object.serialized(),
                fields: [.init(name: "Location", value: "/\(name)/\(id)")])
        }
    }

    /// One more than the largest integer id (1 for an empty collection); a string id when the collection uses strings.
    private static func nextID(_ items: [JSONValue]) -> JSONValue {
        let ids = items.compactMap { $0.objectValue?["id"] }
        let usesStrings = ids.contains { $0.stringValue != nil }
        var next = (ids.compactMap { if case .int(let n) = $0 { return n } else { return nil } }.max() ?? 0) + 1
        guard usesStrings else { return .int(next) }
        let taken = Set(ids.compactMap(idText))
        while taken.contains(String(next)) { next += 1 }
        return .string(String(next))
    }

    private func replace(_ name: String, _ context: RouteContext, merging: Bool) -> HTTPResponse {
        let id = context.parameters["id"] ?? ""
        let members: [String: JSONValue]
        switch Self.object(context) {
        case .value(let value): members = value
        case .answer(let response): return response
        }
        let result = state.withLock { state -> HTTPResponse? in
            guard var items = state[name], let index = items.firstIndex(where: { Self.id(of: $0) == id }) else {
                return nil
            }
            let oldID = items[index].objectValue?["id"] ?? .string(id)
            if let sent = members["id"], !sent.matches(oldID) {
                return .error(400, "The id in the body (\(Self.idText(sent) ?? "invalid")) is not \(id)")
            }
            var object = merging ? (items[index].objectValue ?? [:]) : [:]
            object.merge(members) { _, new in new }
            object["id"] = oldID
            items[index] = .object(object)
            state[name] = items
            save(state)
            return HTTPResponse(
                status: 200, contentType: HTTPResponse.jsonContentType, body: JSONValue.object(object).serialized())
        }
        guard let result else { return Self.notFound(name, id) }
        if result.status == 200 { notify(name, id) }
        return result
    }

    private func delete(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let id = context.parameters["id"] ?? ""
        let removed = state.withLock { state -> Bool in
            guard var items = state[name], let index = items.firstIndex(where: { Self.id(of: $0) == id }) else {
                return false
            }
            items.remove(at: index)
            state[name] = items
            save(state)
            return true
        }
        guard removed else { return Self.notFound(name, id) }
        notify(name, id)
        return HTTPResponse(status: 204, contentType: nil)
    }

    private func notify(_ name: String, _ id: String) {
        guard let handler = changed.withLock({ $0 }) else { return }
        handler("/\(name)")
        handler("/\(name)/\(id)")
    }

    /// Writes every collection to the file, atomically, when the server was asked to (called under the lock).
    private func save(_ state: [String: [JSONValue]]) {
        guard writesBack else { return }
        try? JSONValue.object(state.mapValues { .array($0) }).serialized(pretty: true).write(to: file, options: .atomic)
    }
}

/// A value, or the response to answer instead (an error response is not an `Error`).
private enum Outcome<Value> {
    case value(Value)
    case answer(HTTPResponse)
}
