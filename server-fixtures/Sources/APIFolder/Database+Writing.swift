import Foundation

// MARK: - Writing the database

extension Database {
    /// The request body as a JSON object, or the 400 to answer.
    static func object(_ context: RouteContext) -> Outcome<[String: ServerJSON]> {
        let parsed: LocatedJSON
        do throws(JSONSyntaxError) {
            parsed = try JSONReader.parse(context.request.body)
        } catch {
            return .answer(
                .teaching(400, .bodyNotJSON(line: error.line, problem: error.problem), for: context.request))
        }
        guard case .object(let members) = parsed.value else {
            return .answer(.teaching(400, .bodyNotObject(kind: JSONKind(of: parsed.value)), for: context.request))
        }
        return .value(members)
    }

    /// `POST /<name>` (or `POST /<parent>/:id/<name>`, which sets the parent's key, e.g. `movieId`).
    func create(_ name: String, _ context: RouteContext, parent: String? = nil) -> HTTPResponse {
        var members: [String: ServerJSON]
        switch Self.object(context) {
        case .value(let value): members = value
        case .answer(let response): return response
        }
        if let id = members["id"], Self.idText(id) == nil {
            return .teaching(400, .invalidID, for: context.request)
        }
        let result = state.withLock { store -> Outcome<ServerJSON> in
            var items = store.collections[name] ?? []
            if let parent {
                let parentID = context.parameters["id"] ?? ""
                guard let owner = store.collections[parent]?.first(where: { Self.id(of: $0) == parentID }) else {
                    return .answer(Self.notFound(parent, parentID, for: context.request))
                }
                members[Relations.foreignKey(of: parent)] = owner.objectValue?["id"]
            }
            if let message = Relations.typeMismatch(members, others: items, collection: name) {
                return .answer(.teaching(400, message, for: context.request))
            }
            if let id = members["id"].flatMap(Self.idText) {
                guard !items.contains(where: { Self.id(of: $0) == id }) else {
                    return .answer(.teaching(409, .alreadyExists(collection: name, id: id), for: context.request))
                }
            } else {
                guard let next = Self.nextID(items, strings: stringIDs.contains(name)) else {
                    return .answer(
                        .teaching(409, .noNextID(collection: name, largest: Int.max), for: context.request))
                }
                members["id"] = next
            }
            items.append(.object(members))
            store.collections[name] = items
            save(store)
            return .value(.object(members))
        }
        switch result {
        case .answer(let response): return response
        case .value(let object):
            let id = Self.id(of: object) ?? ""
            notify(name, object, id: id)
            return HTTPResponse(
                status: 201, contentType: HTTPResponse.jsonContentType, body: object.serialized(),
                fields: [.init(name: "Location", value: "/\(name)/\(Self.pathSegment(id))")])
        }
    }

    /// `id` percent-encoded for a path segment (`Location`): only unreserved characters stay.
    static func pathSegment(_ id: String) -> String {
        id.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))
            ?? id
    }

    /// One more than the largest integer id (1 for an empty collection); a string id when the collection uses
    /// strings, or used them when it was loaded (`strings`: emptied, it stays a collection of string ids, as
    /// its OpenAPI description says); nil when the largest is `Int.max` (no overflow, ever).
    static func nextID(_ items: [ServerJSON], strings: Bool = false) -> ServerJSON? {
        let ids = items.compactMap { $0.objectValue?["id"] }
        let usesStrings = strings || ids.contains { $0.stringValue != nil }
        let numbers = ids.compactMap { id -> Int? in
            switch id {
            case .int(let number): return number
            case .string(let text): return usesStrings ? Int(text) : nil
            default: return nil
            }
        }
        let (next, overflow) = max(0, numbers.max() ?? 0).addingReportingOverflow(1)
        guard !overflow else { return nil }
        return usesStrings ? .string(String(next)) : .int(next)
    }

    /// `PUT` (replace) or `PATCH` (merge) of `/<name>/:id`; the id stays.
    func replace(_ name: String, _ context: RouteContext, merging: Bool) -> HTTPResponse {
        let id = context.parameters["id"] ?? ""
        let members: [String: ServerJSON]
        switch Self.object(context) {
        case .value(let value): members = value
        case .answer(let response): return response
        }
        let result = state.withLock { store -> HTTPResponse? in
            guard var items = store.collections[name], let index = items.firstIndex(where: { Self.id(of: $0) == id })
            else { return nil }
            let oldID = items[index].objectValue?["id"] ?? .string(id)
            if let sent = members["id"], !sent.matches(oldID) {
                return .teaching(400, .idMismatch(sent: Self.idText(sent), id: id), for: context.request)
            }
            var others = items
            others.remove(at: index)
            if let message = Relations.typeMismatch(members, others: others, collection: name) {
                return .teaching(400, message, for: context.request)
            }
            var object = merging ? (items[index].objectValue ?? [:]) : [:]
            object.merge(members) { _, new in new }
            object["id"] = oldID
            items[index] = .object(object)
            store.collections[name] = items
            save(store)
            return HTTPResponse(
                status: 200, contentType: HTTPResponse.jsonContentType, body: ServerJSON.object(object).serialized())
        }
        guard let result else { return Self.notFound(name, id, for: context.request) }
        if result.status == 200 { notify(name, try? JSONReader.parse(result.body).value, id: id) }
        return result
    }

    /// `DELETE /<name>/:id`, and every item of another collection that points at it (`movieId` for a movie):
    /// json-server's cascade. v1's `?_dependent=reviews` is accepted and names collections that must exist.
    func delete(_ name: String, _ context: RouteContext) -> HTTPResponse {
        let id = context.parameters["id"] ?? ""
        for (key, value) in CollectionQuery.items(ofTarget: context.request.target) where key != "_" {
            guard key == "_dependent" else {
                return .teaching(
                    400, .deleteReadsOnlyDependent(collection: name, parameter: key), for: context.request)
            }
            for dependent in value.split(separator: ",").map(String.init) where collections[dependent] == nil {
                let suggestion = EditDistance.closest(to: dependent, among: Array(collections.keys))
                return .teaching(
                    400, .noDependentCollection(name: dependent, suggestion: suggestion), for: context.request)
            }
        }
        let key = Relations.foreignKey(of: name)
        let removed = state.withLock { store -> (ServerJSON, [(String, ServerJSON)])? in
            guard var items = store.collections[name], let index = items.firstIndex(where: { Self.id(of: $0) == id })
            else { return nil }
            let item = items.remove(at: index)
            store.collections[name] = items
            var dependents: [(String, ServerJSON)] = []
            for (other, children) in store.collections where other != name {
                let (gone, kept) = children.reduce(into: ([ServerJSON](), [ServerJSON]())) { parts, child in
                    if Relations.refers(child.objectValue?[key], to: id) {
                        parts.0.append(child)
                    } else {
                        parts.1.append(child)
                    }
                }
                guard !gone.isEmpty else { continue }
                store.collections[other] = kept
                dependents += gone.map { (other, $0) }
            }
            save(store)
            return (item, dependents)
        }
        guard let removed else { return Self.notFound(name, id, for: context.request) }
        notify(name, removed.0, id: id)
        for (other, child) in removed.1 { notify(other, child, id: Self.id(of: child) ?? "") }
        return HTTPResponse(status: 204, contentType: nil)
    }

    /// `PUT` or `PATCH` of a singular resource.
    func replaceSingle(_ name: String, _ context: RouteContext, merging: Bool) -> HTTPResponse {
        let members: [String: ServerJSON]
        switch Self.object(context) {
        case .value(let value): members = value
        case .answer(let response): return response
        }
        let result = state.withLock { store -> HTTPResponse in
            let current = store.singles[name] ?? .object([:])
            if let message = Relations.typeMismatch(members, others: [current], collection: name) {
                return .teaching(400, message, for: context.request)
            }
            var object = merging ? (current.objectValue ?? [:]) : [:]
            object.merge(members) { _, new in new }
            store.singles[name] = .object(object)
            save(store)
            return HTTPResponse(
                status: 200, contentType: HTTPResponse.jsonContentType, body: ServerJSON.object(object).serialized())
        }
        if result.status == 200 { notifySingle(name) }
        return result
    }
}
