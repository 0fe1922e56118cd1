import Foundation

// MARK: - How collections refer to each other (json-server's conventions)

/// json-server's naming rule for relations: an item of `reviews` points at a movie with `movieId` (the
/// singular of the parent collection + `Id`). It drives `_embed` (children, or the parent by its singular
/// name), `_expand` (the parent), nested routes (`/movies/1/reviews`) and cascade deletes.
enum Relations {
    /// Plurals the simple rule gets wrong.
    static let irregular: [String: String] = [
        "movies": "movie", "cookies": "cookie", "calories": "calorie", "pies": "pie", "ties": "tie",
        "zombies": "zombie", "selfies": "selfie", "series": "series", "species": "species", "news": "news",
        "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse",
    ]

    /// The singular of a collection name: `movies` → `movie`, `categories` → `category`, `posts` → `post`
    /// (the English rule and the ``irregular`` table, as json-server's pluralize library would).
    static func singular(_ collection: String) -> String {
        if let known = irregular[collection] { return known }
        if collection.hasSuffix("ies"), collection.count > 3 { return String(collection.dropLast(3)) + "y" }
        if collection.hasSuffix("s"), collection.count > 1 { return String(collection.dropLast()) }
        return collection
    }

    /// The field a child of `parent` uses to point at it: `movies` → `movieId`.
    static func foreignKey(of parent: String) -> String {
        singular(parent) + "Id"
    }

    /// The collection whose singular is `name` (`movie` → `movies`), if any.
    static func collection(named name: String, in collections: [String: [ServerJSON]]) -> String? {
        collections.keys.sorted().first { singular($0) == name && $0 != name }
    }

    /// Whether an id value (`1` or `"1"`) designates the item whose id is written `id` in a path.
    static func refers(_ value: ServerJSON?, to id: String) -> Bool {
        guard let value else { return false }
        return value.queryText == id
    }

    /// What an `_embed`/`_expand` name resolves to in `collection`: children (another collection) or a parent
    /// (the singular of another collection); nil with the message otherwise.
    enum Link: Sendable {
        case children(collection: String, key: String)
        case parent(collection: String, key: String, name: String)
    }

    /// Resolves `name` for items of `collection`; `allowChildren` is false for `_expand`.
    static func link(
        _ name: String, from collection: String, in collections: [String: [ServerJSON]], allowChildren: Bool
    ) -> Result<Link, CollectionQuery.QueryError> {
        if allowChildren, collections[name] != nil, name != collection {
            return .success(.children(collection: name, key: foreignKey(of: collection)))
        }
        if let parent = Self.collection(named: name, in: collections) {
            return .success(.parent(collection: parent, key: name + "Id", name: name))
        }
        let children = collections.keys.filter { $0 != collection }.sorted()
        let parents = children.map(singular)
        let options = (allowChildren ? children + parents : parents)
        return .failure(
            .init(
                .noLink(
                    parameter: allowChildren ? "_embed" : "_expand", name: name, collection: collection,
                    suggestion: EditDistance.closest(to: name, among: options), options: options)))
    }

    /// `item` with each link added: children as an array under the collection's name, a parent as an
    /// object under its singular name (left out when the parent does not exist).
    static func embed(_ item: ServerJSON, links: [Link], collections: [String: [ServerJSON]]) -> ServerJSON {
        guard case .object(var members) = item, !links.isEmpty else { return item }
        let id = members["id"].flatMap(Database.idText) ?? ""
        for link in links {
            switch link {
            case .children(let collection, let key):
                members[collection] = .array(
                    (collections[collection] ?? []).filter { refers($0.objectValue?[key], to: id) })
            case .parent(let collection, let key, let name):
                guard let wanted = members[key]?.queryText,
                    let parent = collections[collection]?.first(where: { refers($0.objectValue?["id"], to: wanted) })
                else { continue }
                members[name] = parent
            }
        }
        return .object(members)
    }

    /// The first field of `body` whose kind differs from what every other item has there (ignoring nulls and
    /// `id`), as a message naming the field, the kind expected and an example; nil when all fit.
    static func typeMismatch(_ body: [String: ServerJSON], others: [ServerJSON], collection: String) -> Teaching? {
        for key in body.keys.sorted() where key != "id" {
            guard let sent = body[key], sent != .null else { continue }
            let seen = others.compactMap { $0.objectValue?[key] }.filter { $0 != .null }
            guard let example = seen.first, Set(seen.map(JSONKind.init)).count == 1,
                JSONKind(of: example) != JSONKind(of: sent)
            else { continue }
            var shown = String(decoding: example.serialized(), as: UTF8.self)
            if shown.count > 60 { shown = String(shown.prefix(60)) + "…" }
            return .wrongFieldType(
                field: key, sent: JSONKind(of: sent), collection: collection, expected: JSONKind(of: example),
                example: shown)
        }
        return nil
    }
}
