import Foundation

// MARK: - db.json: collections and singular resources served as REST, json-server style

/// The data of a `db.json` (`{"movies": [{"id": 1, ...}], "reviews": [...], "profile": {...}}`), kept in
/// memory and served as REST. An array is a collection, an object a singular resource:
///
/// | request | answer |
/// |---|---|
/// | `GET /movies` | 200 the array, filtered, sorted, sliced or paged by the query (see ``CollectionQuery``); `X-Total-Count`, and `Link` for `_page`/`_limit` |
/// | `GET /movies/1` | 200 the object (`_embed`, `_expand`), 404 `{"error":...}` |
/// | `POST /movies` | 201 the object with a new `id` (the next integer, or a string one in a collection of string ids) and `Location` |
/// | `PUT /movies/1`, `PATCH /movies/1` | 200 the replaced or merged object; the `id` stays |
/// | `DELETE /movies/1` | 204; the items of other collections that point at it (`movieId: 1`) are deleted too |
/// | `GET /movies/1/reviews`, `POST /movies/1/reviews` | the reviews with `movieId` 1; a POST sets `movieId` |
/// | `GET /profile`, `PUT /profile`, `PATCH /profile` | the singular resource |
///
/// Every 4xx names what it could not use and what would work. Writes stay in memory unless the server was
/// created with `writesBack`, which also saves the whole file (atomically, pretty-printed) after each write.
final class Database: Sendable {
    /// What the database holds: collections (arrays of objects with an `id`) and singular resources (objects).
    struct Store: Sendable {
        var collections: [String: [ServerJSON]]
        var singles: [String: ServerJSON]
    }

    /// The collections and how many objects each had at load, for the startup listing.
    let collections: [String: Int]
    /// The names of the singular resources.
    let singles: [String]
    /// The nested lists, `(parent, child)`: each pair where the child collection's items point at the parent
    /// (`reviews` with `movieId` → `/movies/:id/reviews`), or where the child is empty (nothing to tell yet).
    let nested: [(parent: String, child: String)]
    /// The collections whose ids were strings when loaded (a POST without an id gives them a string id even
    /// once they are empty).
    let stringIDs: Set<String>
    let file: URL
    let writesBack: Bool
    let state: Locked<Store>
    /// Called with the paths a write changed (`/movies` and `/movies/<id>`), to move their validators.
    private let changed = Locked<(@Sendable (String) -> Void)?>(nil)

    private init(file: URL, writesBack: Bool, store: Store) {
        self.file = file
        self.writesBack = writesBack
        collections = store.collections.mapValues(\.count)
        singles = store.singles.keys.sorted()
        stringIDs = Set(
            store.collections.filter { _, items in items.contains { $0.objectValue?["id"]?.stringValue != nil } }.keys)
        let names = store.collections.keys.sorted()
        nested = names.flatMap { parent in
            names.filter { child in
                let items = store.collections[child] ?? []
                let key = Relations.foreignKey(of: parent)
                return child != parent && (items.isEmpty || items.contains { $0.objectValue?[key] != nil })
            }.map { (parent, $0) }
        }
        state = Locked(store)
    }

    /// Every top-level name (collections and singular resources), for the route-file overlap check.
    var names: Set<String> { Set(collections.keys).union(singles) }

    /// Reads and checks `url`: an object whose members are arrays of objects, each with a unique integer or
    /// string `id` (collections), or objects (singular resources).
    static func load(_ url: URL, writesBack: Bool) throws(APIFolderError) -> Database {
        let root = try APIFolder.readJSON(url)
        func error(_ node: LocatedJSON, _ field: String, _ message: String) -> APIFolderError {
            APIFolderError(file: url.path, line: node.line, field: field, message: message)
        }
        guard let top = root.members else {
            throw error(root, "", "must be an object of collections, e.g. {\"movies\": [{\"id\": 1}]}")
        }
        var store = Store(collections: [:], singles: [:])
        for (name, list) in top {
            guard !name.isEmpty,
                name.unicodeScalars.allSatisfy({
                    CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0)
                })
            else { throw error(list, name, "a collection name must be letters, digits, - or _") }
            if list.members != nil {
                store.singles[name] = list.value
                continue
            }
            guard let elements = list.elements else {
                throw error(list, name, "must be an array of objects (a collection) or an object, not \(list.kindName)")
            }
            var ids: Set<String> = []
            for (index, element) in elements.enumerated() {
                let field = "\(name)[\(index)]"
                guard let members = element.members else { throw error(element, field, "must be an object") }
                guard let id = members["id"] else { throw error(element, "\(field).id", "is missing") }
                guard let key = Self.idText(id.value) else {
                    throw error(
                        id, "\(field).id",
                        "must be an integer or a string without / or control characters, not \(id.kindName)")
                }
                guard ids.insert(key).inserted else { throw error(id, "\(field).id", "\(key) is used twice") }
            }
            store.collections[name] = elements.map(\.value)
        }
        return Database(file: url, writesBack: writesBack, store: store)
    }

    /// The id as it appears in a path: integers in decimal, strings as they are (1 to 200 characters,
    /// no `/`, no control characters: an id ends up in `Location`); nil for other values.
    static func idText(_ id: ServerJSON) -> String? {
        switch id {
        case .int(let number): return String(number)
        case .string(let text)
        where !text.isEmpty && text.count <= 200 && !text.contains("/")
            && !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }):
            return text
        default: return nil
        }
    }

    /// The id of an item as a path writes it.
    static func id(of item: ServerJSON) -> String? {
        item.objectValue?["id"].flatMap(idText)
    }

    /// Tells `handler` the paths each write changes.
    func onChange(_ handler: @escaping @Sendable (String) -> Void) {
        changed.withLock { $0 = handler }
    }

    /// Startup listing lines, one per route.
    var listing: [String] {
        let collectionLines = collections.keys.sorted().flatMap { name -> [String] in
            let count = collections[name]!
            let lists = nested.filter { $0.parent == name }.map {
                APIFolder.line(
                    "GET", "/\(name)/:id/\($0.child)", "database; POST sets \(Relations.foreignKey(of: name))")
            }
            return [
                APIFolder.line(
                    "GET", "/\(name)", "\(count) from \(APIFolder.databaseFile); filters, q, _sort, _page, _embed"),
                APIFolder.line("POST", "/\(name)", "database"),
                APIFolder.line("GET", "/\(name)/:id", "database"),
                APIFolder.line("PUT", "/\(name)/:id", "database"), APIFolder.line("PATCH", "/\(name)/:id", "database"),
                APIFolder.line("DELETE", "/\(name)/:id", "database"),
            ] + lists
        }
        return collectionLines
            + singles.flatMap { name in
                ["GET", "PUT", "PATCH"].map {
                    APIFolder.line($0, "/\(name)", "singular resource from \(APIFolder.databaseFile)")
                }
            }
    }

    /// The routes: two per collection, one per ``nested`` pair, one per singular resource.
    func routes() -> [Route] {
        let names = collections.keys.sorted()
        let lists = names.flatMap { name -> [Route] in
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
        let nestedRoutes = nested.map { pair in
            Route(
                "/\(pair.parent)/:id/\(pair.child)",
                [
                    ("GET", { self.list(pair.child, $0, parent: pair.parent) }),
                    ("POST", { self.create(pair.child, $0, parent: pair.parent) }),
                ])
        }
        let single = singles.map { name in
            Route(
                "/\(name)",
                [
                    ("GET", { self.getSingle(name, $0) }), ("PUT", { self.replaceSingle(name, $0, merging: false) }),
                    ("PATCH", { self.replaceSingle(name, $0, merging: true) }),
                ])
        }
        return lists + nestedRoutes + single
    }

    /// Tells the validators every path whose answer `item` of `name` changes: the collection, the item, and
    /// for each parent it points at (`movieId: 1`) the parent and its nested list.
    func notify(_ name: String, _ item: ServerJSON?, id: String) {
        guard let handler = changed.withLock({ $0 }) else { return }
        handler("/\(name)")
        handler("/\(name)/\(id)")
        for parent in collections.keys where parent != name {
            guard let parentID = item?.objectValue?[Relations.foreignKey(of: parent)]?.queryText else { continue }
            handler("/\(parent)")
            handler("/\(parent)/\(parentID)")
            handler("/\(parent)/\(parentID)/\(name)")
        }
    }

    /// Tells the validators that the singular resource `name` changed.
    func notifySingle(_ name: String) {
        changed.withLock({ $0 })?("/\(name)")
    }

    /// Writes everything to the file, atomically, when the server was asked to (called under the lock).
    func save(_ store: Store) {
        guard writesBack else { return }
        try? Self.file(of: store).write(to: file, options: .atomic)
    }

    /// The data as it is now, in `db.json`'s shape (collections and singular resources), pretty-printed.
    func snapshot() -> Data {
        Self.file(of: state.withLock { $0 })
    }

    private static func file(of store: Store) -> Data {
        let all = store.collections.mapValues { ServerJSON.array($0) }.merging(store.singles) { a, _ in a }
        return ServerJSON.object(all).serialized(pretty: true)
    }

    /// The 404 of item `id` of `name` (the id cut to 60 characters), in the language `request` asks for.
    static func notFound(_ name: String, _ id: String, for request: HTTPRequest) -> HTTPResponse {
        let shown = id.count > 60 ? String(id.prefix(60)) + "…" : id
        return .teaching(404, .itemNotFound(collection: name, id: shown), for: request)
    }
}

/// A value, or the response to answer instead (an error response is not an `Error`).
enum Outcome<Value> {
    case value(Value)
    case answer(HTTPResponse)
}
