import Foundation

// MARK: - Reading the database

extension Database {
    /// `GET /<name>` (or `GET /<parent>/:id/<name>`): the query language applied, then embeds.
    func list(_ name: String, _ context: RouteContext, parent: String? = nil) -> HTTPResponse {
        let rawItems = CollectionQuery.items(ofTarget: context.request.target)
        let store = state.withLock { $0 }
        var items = store.collections[name] ?? []
        if let parent {
            let parentID = context.parameters["id"] ?? ""
            guard (store.collections[parent] ?? []).contains(where: { Self.id(of: $0) == parentID }) else {
                return Self.notFound(parent, parentID, for: context.request)
            }
            let key = Relations.foreignKey(of: parent)
            items = items.filter { Relations.refers($0.objectValue?[key], to: parentID) }
        }
        let query: CollectionQuery
        let links: [Relations.Link]
        do throws(CollectionQuery.QueryError) {
            query = try CollectionQuery.parse(
                rawItems, elements: store.collections[name] ?? [])
            guard query.dependents.isEmpty else {
                throw .init(.dependentOnGet(collection: name))
            }
            links = try Self.links(query, name, store)
        } catch {
            return error.response(for: context.request)
        }
        for filter in query.filters { items = items.filter(filter.holds) }
        if let text = query.text {
            let search = FullTextSearch(text)
            items = items.filter { $0.containsText(search) }
        }
        if !query.sort.isEmpty { items = Self.sorted(items, by: query.sort) }
        let (body, fields) = Pagination.cut(items, query, rawItems: rawItems, context: context)
        let embedded = Self.embedAll(body, links: links, store: store)
        return HTTPResponse(
            status: 200, contentType: HTTPResponse.jsonContentType, body: embedded.serialized(), fields: fields)
    }

    /// `GET /<name>/:id`, with `_embed` and `_expand` (any other parameter is a 400).
    func get(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let id = context.parameters["id"] ?? ""
        let store = state.withLock { $0 }
        guard let item = store.collections[name]?.first(where: { Self.id(of: $0) == id }) else {
            return Self.notFound(name, id, for: context.request)
        }
        var query = CollectionQuery()
        for (key, value) in CollectionQuery.items(ofTarget: context.request.target) {
            let names = value.split(separator: ",").map(String.init)
            switch key {
            case "_embed": query.embeds += names
            case "_expand": query.expands += names
            case "_": continue
            default:
                return .teaching(400, .itemReadsOnlyLinks(collection: name, parameter: key), for: context.request)
            }
        }
        switch Result(catching: { () throws(CollectionQuery.QueryError) in try Self.links(query, name, store) }) {
        case .failure(let error): return error.response(for: context.request)
        case .success(let links):
            let body = Relations.embed(item, links: links, collections: store.collections)
            return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: body.serialized())
        }
    }

    /// `GET /<name>` of a singular resource.
    func getSingle(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let value = state.withLock { $0.singles[name] } ?? .object([:])
        return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: value.serialized())
    }

    /// The links `_embed` and `_expand` ask for, or the error naming the one that does not resolve.
    static func links(_ query: CollectionQuery, _ name: String, _ store: Store) throws(CollectionQuery.QueryError)
        -> [Relations.Link]
    {
        var links: [Relations.Link] = []
        for embed in query.embeds {
            links.append(try Relations.link(embed, from: name, in: store.collections, allowChildren: true).get())
        }
        for expand in query.expands {
            links.append(try Relations.link(expand, from: name, in: store.collections, allowChildren: false).get())
        }
        return links
    }

    private static func embedAll(_ body: ServerJSON, links: [Relations.Link], store: Store) -> ServerJSON {
        guard !links.isEmpty else { return body }
        switch body {
        case .array(let items):
            return .array(items.map { Relations.embed($0, links: links, collections: store.collections) })
        case .object(var envelope):
            if case .array(let items)? = envelope["data"] {
                envelope["data"] = .array(
                    items.map { Relations.embed($0, links: links, collections: store.collections) })
            }
            return .object(envelope)
        default: return body
        }
    }

    /// Stable sort by several keys: numbers by value, strings by text, booleans; missing or null values last.
    static func sorted(_ items: [ServerJSON], by keys: [(path: FieldPath, descending: Bool)]) -> [ServerJSON] {
        func rank(_ value: ServerJSON?) -> (Int, Double, String) {
            switch value {
            case .int(let number)?: return (0, Double(number), "")
            case .double(let number)?: return (0, number, "")
            case .string(let text)?: return (1, 0, text)
            case .bool(let flag)?: return (2, flag ? 1 : 0, "")
            default: return (3, 0, "")
            }
        }
        let ranked = items.enumerated().map { entry in
            (offset: entry.offset, item: entry.element, ranks: keys.map { rank($0.path.value(in: entry.element)) })
        }
        return ranked.sorted { a, b in
            for (index, key) in keys.enumerated() {
                let x = a.ranks[index]
                let y = b.ranks[index]
                if x.0 != y.0 { return x.0 < y.0 }  // missing values last either way
                if x.1 != y.1 { return key.descending ? x.1 > y.1 : x.1 < y.1 }
                if x.2 != y.2 { return key.descending ? x.2 > y.2 : x.2 < y.2 }
            }
            return a.offset < b.offset
        }.map(\.item)
    }
}
