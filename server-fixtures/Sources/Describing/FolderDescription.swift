import Foundation

// MARK: - The --api folder as OpenAPI paths

/// The OpenAPI paths and schemas of an `--api` folder as it is now: each collection's list, item and
/// writes with json-server's query language, the nested lists, the singular resources and the canned
/// routes of `routes.json` (their examples as examples). Schemas are inferred from all the data (``Shape``).
struct FolderDescription {
    /// The folder as served now.
    let api: APIFolder
    /// Whether the folder's routes answer GET only (`--read-only`).
    let readOnly: Bool

    /// The `paths` members, keyed by OpenAPI path template (`/movies/{id}`).
    var paths: [String: ServerJSON] = [:]
    /// The `components.schemas` members.
    var schemas: [String: ServerJSON] = [:]

    /// The description of `api` (`readOnly`: no write operations).
    init(api: APIFolder, readOnly: Bool) {
        self.api = api
        self.readOnly = readOnly
        if let database = api.database { describe(database) }
        describe(api.mocks)
    }

    // MARK: Names

    /// The schema name of a collection's items: `movies` → `Movie`, `api-keys` → `ApiKey`.
    /// A singular resource keeps its name (`settings` → `Settings`): pass `singular: false`.
    static func typeName(_ collection: String, singular: Bool = true) -> String {
        let words = (singular ? Relations.singular(collection) : collection).split(whereSeparator: {
            $0 == "-" || $0 == "_"
        })
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first) else {
            return "Item" + name
        }
        // The document's own schemas keep their names.
        return OpenAPIDocument.reservedNames.contains(name) ? name + "Item" : name
    }

    /// `{"$ref": "#/components/schemas/<name>"}`.
    static func ref(_ name: String) -> ServerJSON { .object(["$ref": .string("#/components/schemas/\(name)")]) }

    /// A response with a JSON body of `schema`.
    static func json(_ description: String, _ schema: ServerJSON, example: ServerJSON? = nil) -> ServerJSON {
        var media: [String: ServerJSON] = ["schema": schema]
        if let example { media["example"] = example }
        return .object([
            "description": .string(description),
            "content": .object(["application/json": .object(media)]),
        ])
    }

    /// A teaching `{"error": "..."}` answer.
    static func error(_ description: String) -> ServerJSON { json(description, ref("Error")) }

    /// A query parameter.
    static func query(_ name: String, _ schema: ServerJSON, _ description: String) -> ServerJSON {
        .object([
            "name": .string(name), "in": .string("query"), "required": .bool(false), "schema": schema,
            "description": .string(description),
        ])
    }

    /// A path parameter.
    static func pathParameter(_ name: String, _ schema: ServerJSON, _ description: String) -> ServerJSON {
        .object([
            "name": .string(name), "in": .string("path"), "required": .bool(true), "schema": schema,
            "description": .string(description),
        ])
    }

    /// `{"type": type}` with extra members.
    static func type(_ type: String, _ extra: [String: ServerJSON] = [:]) -> ServerJSON {
        .object(extra.merging(["type": .string(type)]) { $1 })
    }

    // MARK: db.json

    private mutating func describe(_ database: Database) {
        let store = database.state.withLock { $0 }
        let names = store.collections.keys.sorted()
        for name in names {
            let items = store.collections[name] ?? []
            let shape = Shape.infer(items)
            let type = Self.typeName(name)
            schemas[type] = shape.schema()
            schemas[type + "Input"] = Self.input(shape.schema(), dropping: ["id"])
            schemas[type + "Patch"] = Self.input(shape.schema(), dropping: nil)
            let idSchema = Self.idSchema(items)
            let links = Self.links(of: name, in: store.collections)
            paths["/\(name)"] = collectionPath(name, type: type, shape: shape, links: links, items: items)
            paths["/\(name)/{id}"] = itemPath(name, type: type, id: idSchema, links: links, example: items.first)
        }
        for pair in database.nested {
            let child = store.collections[pair.child] ?? []
            let shape = Shape.infer(child)
            let type = Self.typeName(pair.child)
            let key = Relations.foreignKey(of: pair.parent)
            let idSchema = Self.idSchema(store.collections[pair.parent] ?? [])
            var operations: [String: ServerJSON] = [
                "get": listOperation(
                    pair.child, type: type, shape: shape, links: Self.links(of: pair.child, in: store.collections),
                    summary: "The \(pair.child) whose \(key) is the \(Relations.singular(pair.parent))'s id",
                    parent: (pair.parent, idSchema), items: child)
            ]
            if !readOnly {
                operations["post"] = .object([
                    "tags": .array([.string(pair.child)]),
                    "summary": .string("Create one of \(pair.child) with \(key) set to the path's id"),
                    "parameters": .array([
                        Self.pathParameter("id", idSchema, "The \(Relations.singular(pair.parent))'s id")
                    ]),
                    "requestBody": Self.body(type + "Input"),
                    "responses": .object([
                        "201": Self.json("Created, with its new id (Location names it)", Self.ref(type)),
                        "400": Self.error("The body is not an object, or a field has a kind other items do not have"),
                        "404": Self.error("No \(Relations.singular(pair.parent)) has this id"),
                        "409": Self.error("An item with this id exists"),
                    ]),
                ])
            }
            paths["/\(pair.parent)/{id}/\(pair.child)"] = .object(operations)
        }
        for name in store.singles.keys.sorted() {
            let value = store.singles[name] ?? .object([:])
            let shape = Shape.infer([value])
            let type = Self.typeName(name, singular: false)
            schemas[type] = shape.schema()
            var operations: [String: ServerJSON] = [
                "get": .object([
                    "tags": .array([.string(name)]), "summary": .string("The singular resource \(name)"),
                    "responses": .object(["200": Self.json("The resource", Self.ref(type), example: value)]),
                ])
            ]
            if !readOnly {
                schemas[type + "Patch"] = Self.input(shape.schema(), dropping: nil)
                for (method, verb, body) in [("put", "Replace", type), ("patch", "Merge fields into", type + "Patch")] {
                    operations[method] = .object([
                        "tags": .array([.string(name)]), "summary": .string("\(verb) \(name)"),
                        "requestBody": Self.body(body),
                        "responses": .object([
                            "200": Self.json("The resource as it is now", Self.ref(type)),
                            "400": Self.error("The body is not an object, or a field has another kind than before"),
                        ]),
                    ])
                }
            }
            paths["/\(name)"] = .object(operations)
        }
    }

    /// `schema` as a request body accepts it: the same members and kinds, `required` without `dropping`'s
    /// names (nil: nothing required, as a PATCH).
    static func input(_ schema: ServerJSON, dropping: Set<String>?) -> ServerJSON {
        guard var members = schema.objectValue else { return schema }
        if let dropping, case .array(let required)? = members["required"] {
            let kept = required.filter { !dropping.contains($0.stringValue ?? "") }
            members["required"] = kept.isEmpty ? nil : .array(kept)
        } else {
            members["required"] = nil
        }
        return .object(members)
    }

    /// A required JSON request body of the schema `name`.
    static func body(_ name: String) -> ServerJSON {
        .object([
            "required": .bool(true),
            "content": .object(["application/json": .object(["schema": ref(name)])]),
        ])
    }

    /// The schema of a collection's ids: integer when every id is one, else string.
    static func idSchema(_ items: [ServerJSON]) -> ServerJSON {
        let ids = items.compactMap { $0.objectValue?["id"] }
        let integers = !ids.isEmpty && ids.allSatisfy { if case .int = $0 { return true } else { return false } }
        return integers ? type("integer", Shape.int64) : type("string")
    }

    /// What `_embed` (children, parents) and `_expand` (parents) accept for `name`'s items.
    static func links(of name: String, in collections: [String: [ServerJSON]]) -> (embed: [String], expand: [String]) {
        let key = Relations.foreignKey(of: name)
        let children = collections.keys.sorted().filter { child in
            child != name && (collections[child] ?? []).contains { $0.objectValue?[key] != nil }
        }
        let items = collections[name] ?? []
        let parents = collections.keys.sorted().filter { parent in
            parent != name && items.contains { $0.objectValue?[Relations.foreignKey(of: parent)] != nil }
        }.map(Relations.singular)
        return (children + parents, parents)
    }

    private func collectionPath(
        _ name: String, type: String, shape: Shape, links: (embed: [String], expand: [String]), items: [ServerJSON]
    ) -> ServerJSON {
        var operations: [String: ServerJSON] = [
            "get": listOperation(
                name, type: type, shape: shape, links: links, summary: "List \(name)", parent: nil, items: items)
        ]
        if !readOnly {
            operations["post"] = .object([
                "tags": .array([.string(name)]), "summary": .string("Create one of \(name)"),
                "description": .string(
                    "Without an id the next one is given (one more than the largest integer id). Every field must "
                        + "have the kind the other items have there (null always fits)."),
                "requestBody": Self.body(type + "Input"),
                "responses": .object([
                    "201": Self.json("Created, with its id (Location names it)", Self.ref(type)),
                    "400": Self.error("The body is not an object, or a field has a kind the other items do not have"),
                    "409": Self.error("An item with this id exists, or no next id exists"),
                ]),
            ])
        }
        return .object(operations)
    }

    /// `GET /<name>` (or a nested list under `parent`): filters per field, `q`, `_sort`, slices, pages, embeds.
    private func listOperation(
        _ name: String, type: String, shape: Shape, links: (embed: [String], expand: [String]), summary: String,
        parent: (name: String, id: ServerJSON)?, items: [ServerJSON]
    ) -> ServerJSON {
        let page = CollectionQuery.maxPosition
        let size = CollectionQuery.maxPageSize
        var parameters: [ServerJSON] = []
        if let parent {
            parameters.append(Self.pathParameter("id", parent.id, "The \(Relations.singular(parent.name))'s id"))
        }
        parameters += [
            Self.query(
                "q", Self.type("string", ["maxLength": .int(200)]),
                "Full text: any string of the item contains it (case ignored)"),
            Self.query(
                "_sort", Self.type("string"),
                "Fields to sort by, comma-separated, - before one for descending (e.g. -year)"),
            Self.query(
                "_order", Self.type("string", ["enum": .array([.string("asc"), .string("desc")])]),
                "v0.17: the order of each _sort field"),
            Self.query(
                "_start", Self.type("integer", ["minimum": .int(0), "maximum": .int(page)]), "A slice's first index"),
            Self.query(
                "_end", Self.type("integer", ["minimum": .int(0), "maximum": .int(page)]), "A slice's end (excluded)"),
            Self.query(
                "_limit", Self.type("integer", ["minimum": .int(1), "maximum": .int(size)]),
                "A slice's or a v0.17 page's length"),
            Self.query(
                "_page", Self.type("integer", ["minimum": .int(1), "maximum": .int(page)]),
                "A page (v0.17 with _limit: Link header; v1 with _per_page: the envelope)"),
            Self.query(
                "_per_page", Self.type("integer", ["minimum": .int(1), "maximum": .int(size)]),
                "v1 page size: the answer is the envelope {first, prev, next, last, pages, items, data}"),
        ]
        if !links.embed.isEmpty {
            parameters.append(
                Self.query(
                    "_embed", Self.type("string", ["enum": .array(links.embed.map(ServerJSON.string))]),
                    "Adds related items: children as an array, a parent as an object"))
        }
        if !links.expand.isEmpty {
            parameters.append(
                Self.query(
                    "_expand", Self.type("string", ["enum": .array(links.expand.map(ServerJSON.string))]),
                    "v0.17: adds the parent object"))
        }
        for field in shape.properties.keys.sorted() {
            guard let property = shape.properties[field], let kind = property.kind,
                [.integer, .number, .string, .boolean].contains(kind)
            else { continue }
            let valueSchema = Self.type(kind.rawValue)
            parameters.append(Self.query(field, valueSchema, "Equal to (repeat it for any of)"))
            parameters.append(Self.query(field + "_ne", valueSchema, "Not equal to (also \(field):ne)"))
            guard kind != .boolean else { continue }
            for (suffix, meaning) in [
                ("gte", "At least"), ("lte", "At most"), ("gt", "Greater than"), ("lt", "Less than"),
            ] {
                parameters.append(Self.query("\(field)_\(suffix)", valueSchema, "\(meaning) (also \(field):\(suffix))"))
            }
            if kind == .string {
                parameters.append(
                    Self.query(
                        field + "_like", Self.type("string", ["maxLength": .int(100)]),
                        "Matches a regular expression, case ignored (no {m,n}, no back-references)"))
            }
        }
        let envelope = ServerJSON.object([
            "type": .string("object"),
            "required": .array(["first", "prev", "next", "last", "pages", "items", "data"].map(ServerJSON.string)),
            "properties": .object([
                "first": Self.type("integer"), "prev": Self.type("integer", ["nullable": .bool(true)]),
                "next": Self.type("integer", ["nullable": .bool(true)]), "last": Self.type("integer"),
                "pages": Self.type("integer"), "items": Self.type("integer"),
                "data": .object(["type": .string("array"), "items": Self.ref(type)]),
            ]),
        ])
        let array = ServerJSON.object(["type": .string("array"), "items": Self.ref(type)])
        var responses: [String: ServerJSON] = [
            "200": Self.json(
                "The items (X-Total-Count counts every match); with _per_page, the v1 envelope",
                .object(["oneOf": .array([array, envelope])]), example: .array(Array(items.prefix(2)))),
            "400": Self.error(
                "A parameter the server cannot read, with what would work (a typo, an unknown operator, a wrong kind)"),
        ]
        if parent != nil { responses["404"] = Self.error("No \(Relations.singular(parent!.name)) has this id") }
        return .object([
            "tags": .array([.string(name)]), "summary": .string(summary),
            "parameters": .array(parameters), "responses": .object(responses),
        ])
    }

    private func itemPath(
        _ name: String, type: String, id: ServerJSON, links: (embed: [String], expand: [String]), example: ServerJSON?
    ) -> ServerJSON {
        let idParameter = Self.pathParameter("id", id, "The item's id")
        let notFound = Self.error("No item of \(name) has this id")
        var getParameters = [idParameter]
        if !links.embed.isEmpty {
            getParameters.append(
                Self.query(
                    "_embed", Self.type("string", ["enum": .array(links.embed.map(ServerJSON.string))]),
                    "Adds related items"))
        }
        if !links.expand.isEmpty {
            getParameters.append(
                Self.query(
                    "_expand", Self.type("string", ["enum": .array(links.expand.map(ServerJSON.string))]),
                    "v0.17: adds the parent object"))
        }
        var operations: [String: ServerJSON] = [
            "get": .object([
                "tags": .array([.string(name)]), "summary": .string("One of \(name)"),
                "parameters": .array(getParameters),
                "responses": .object([
                    "200": Self.json("The item", Self.ref(type), example: example),
                    "400": Self.error("A parameter other than _embed and _expand, or a link that does not resolve"),
                    "404": notFound,
                ]),
            ])
        ]
        guard !readOnly else { return .object(operations) }
        for (method, verb, body) in [
            ("put", "Replace", type + "Input"), ("patch", "Merge fields into", type + "Patch"),
        ] {
            operations[method] = .object([
                "tags": .array([.string(name)]), "summary": .string("\(verb) one of \(name) (its id stays)"),
                "parameters": .array([idParameter]), "requestBody": Self.body(body),
                "responses": .object([
                    "200": Self.json("The item as it is now", Self.ref(type)),
                    "400": Self.error(
                        "The body is not an object, has another id, or a field has a kind other items do not have"),
                    "404": notFound,
                ]),
            ])
        }
        operations["delete"] = .object([
            "tags": .array([.string(name)]),
            "summary": .string("Delete one of \(name), and the items of other collections that point at it"),
            "parameters": .array([idParameter]),
            "responses": .object(["204": .object(["description": .string("Deleted")]), "404": notFound]),
        ])
        return .object(operations)
    }

    // MARK: routes.json

    private mutating func describe(_ mocks: MockRoutes) {
        for route in mocks.routes where !readOnly || route.method == "GET" {
            let template = Self.template(route.pattern)
            var operations = paths[template]?.objectValue ?? [:]
            operations[route.method.lowercased()] = Self.operation(route)
            paths[template] = .object(operations)
        }
    }

    /// `/movie/:id/credits` → `/movie/{id}/credits`.
    static func template(_ pattern: String) -> String {
        "/"
            + pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    /// A canned route: its path parameters, the query items its examples match on, a body schema from the
    /// bodies they match, and per status the inferred schema of the answers with every example.
    static func operation(_ route: MockRoute) -> ServerJSON {
        var parameters: [ServerJSON] = route.pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map {
            pathParameter(String($0.dropFirst()), type("string"), "A path segment")
        }
        let queryNames = Set(route.examples.flatMap { $0.match?.query.keys.map { $0 } ?? [] }).sorted()
        for name in queryNames {
            let values = route.examples.compactMap { $0.match?.query[name] }
            // `?page=1`: typed as the number its values all are, so a model or a client reads it as one.
            let numbers = values.compactMap { Int($0) }
            let schema =
                !values.isEmpty && numbers.count == values.count
                ? type("integer", ["example": .int(numbers[0])])
                : type("string", ["example": .string(values.first ?? "")])
            parameters.append(query(name, schema, "Picks an example: " + values.joined(separator: ", ")))
        }
        var operation: [String: ServerJSON] = [
            "tags": .array([.string("routes.json")]),
            "summary": .string(
                "Canned answers from routes.json (\(route.examples.count) example\(route.examples.count == 1 ? "" : "s"))"
            ),
            "description": .string(
                "The first example whose match holds answers, else the first without a match. The header "
                    + "X-Mock-Response: <name> picks an example by name: "
                    + route.examples.map { example in
                        "\(example.name ?? "(no name)") (\(example.status)\(example.fault.map { ", fault \($0)" } ?? ""))"
                    }.joined(separator: "; ") + "."),
        ]
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        let bodies = route.examples.compactMap { $0.match?.body }
        if !bodies.isEmpty || ["POST", "PUT", "PATCH"].contains(route.method) {
            let schema = Self.input(Shape.infer(bodies).schema(), dropping: nil)
            var media: [String: ServerJSON] = ["schema": schema]
            if let first = bodies.first { media["example"] = first }
            operation["requestBody"] = .object([
                "required": .bool(false), "content": .object(["application/json": .object(media)]),
            ])
        }
        var responses: [String: ServerJSON] = [:]
        let statuses = Array(Set(route.examples.map(\.status))).sorted()
        for status in statuses {
            let examples = route.examples.enumerated().filter { $0.element.status == status }
            let type = examples.first.flatMap { Self.mediaType($0.element) } ?? "application/json"
            var content: [String: ServerJSON] = [:]
            if type == "application/json" {
                let values = examples.compactMap { (try? JSONReader.parse($0.element.body))?.value }
                var named: [String: ServerJSON] = [:]
                for (index, example) in examples {
                    guard let value = try? JSONReader.parse(example.body).value else { continue }
                    named[example.name ?? "example \(index + 1)"] = .object([
                        "summary": .string(example.name ?? "example \(index + 1)"), "value": value,
                    ])
                }
                var media: [String: ServerJSON] = ["schema": Shape.infer(values).schema()]
                if !named.isEmpty { media["examples"] = .object(named) }
                content[type] = .object(media)
            } else if let stream = examples.lazy.compactMap({ $0.element.events }).first {
                // A stream (`"events"`): text/event-stream, its first example's events as written.
                content[type] = .object([
                    "schema": Self.type("string"), "example": .string(stream.events.map(\.text).joined()),
                ])
            } else if !examples.allSatisfy({ $0.element.body.isEmpty }) {
                content[type] = .object(["schema": Self.type("string")])
            }
            var response: [String: ServerJSON] = [
                "description": .string(
                    examples.map { $0.element.name ?? "example \($0.offset + 1)" }.joined(separator: ", "))
            ]
            if !content.isEmpty { response["content"] = .object(content) }
            responses[String(status)] = .object(response)
        }
        if responses["404"] == nil {
            responses["404"] = error("No example matches the request, or X-Mock-Response names none")
        }
        operation["responses"] = .object(responses)
        return .object(operation)
    }

    /// The media type (no parameters) an example answers with; nil without a body.
    static func mediaType(_ example: MockExample) -> String? {
        let header = example.headers.first { $0.name.lowercased() == "content-type" }?.value
        guard let full = header ?? example.contentType else { return nil }
        return full.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}
