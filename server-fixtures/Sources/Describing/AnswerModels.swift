import Foundation

// MARK: - Models for the answers that have no schema of their own

/// The Swift models `/docs` shows for answers that are not one of the document's schemas: a `routes.json`
/// route's answer (`GET /movie/popular` → `MoviePopularAnswer`, inferred from all of its 2xx examples), and
/// a collection's `_per_page` envelope (`MovieListPage`, whose `data` holds the collection's model). An
/// answer that is a schema, or an array of one, needs no model of its own: `Movie`, `[Movie]`.
struct AnswerModel: Equatable {
    /// The struct's name.
    let name: String
    /// The operation it decodes, e.g. `GET /movie/popular`.
    let method: String
    let path: String
    /// The answer's status (the lowest 2xx the operation documents).
    let status: Int
    /// `struct <name>: Codable { ... }`, with `JSONValue` after it when needed.
    let source: String

    /// Type names a nested struct must not take: it would hide the standard type inside the model.
    static let reserved: Set<String> = [
        "Any", "Array", "Bool", "Data", "Date", "Dictionary", "Double", "Error", "Int", "Optional", "Protocol",
        "Result", "Self", "Set", "String", "Type", "URL",
    ]

    /// Every answer model of `document`, in path order, names unique and distinct from its schemas'.
    static func all(_ document: ServerJSON) -> [AnswerModel] {
        let components = document.objectValue?["components"]?.objectValue?["schemas"]?.objectValue ?? [:]
        let paths = document.objectValue?["paths"]?.objectValue ?? [:]
        var used = Set(components.keys)
        var models: [AnswerModel] = []
        for path in paths.keys.sorted() {
            let operations = paths[path]?.objectValue ?? [:]
            for method in ["get", "post", "put", "patch", "delete"] {
                guard let responses = operations[method]?.objectValue?["responses"]?.objectValue,
                    let status = responses.keys.compactMap(Int.init).filter({ (200..<300).contains($0) }).min(),
                    let schema = responses[String(status)]?.objectValue?["content"]?.objectValue?["application/json"]?
                        .objectValue?["schema"]
                else { continue }
                let canned = operations[method]?.objectValue?["tags"] == .array([.string("routes.json")])
                for (base, object) in named(schema, method: method, path: path, canned: canned) {
                    var name = base
                    if used.contains(name) {
                        name = method.prefix(1).uppercased() + method.dropFirst().lowercased() + name
                    }
                    guard !used.contains(name) else { continue }
                    used.insert(name)
                    var writer = SwiftModel(schemas: components)
                    var source = writer.structure(name, object, indent: "")
                    if writer.needsJSONValue { source += "\n" + SwiftModel.jsonValueSource }
                    models.append(
                        AnswerModel(name: name, method: method.uppercased(), path: path, status: status, source: source)
                    )
                }
            }
        }
        return models
    }

    /// The object schemas of an answer that need a model, each with its name: the envelope of a collection's
    /// `oneOf` (`<Model>ListPage`), or a `routes.json` answer's object (`<Path words>Answer`, when `canned`;
    /// the built-in APIs' answers are the client library's models).
    static func named(_ schema: ServerJSON, method: String, path: String, canned: Bool) -> [(String, ServerJSON)] {
        let members = schema.objectValue ?? [:]
        if case .array(let choices)? = members["oneOf"] {
            return choices.compactMap { choice in
                guard let data = choice.objectValue?["properties"]?.objectValue?["data"],
                    let ref = data.objectValue?["items"]?.objectValue?["$ref"]?.stringValue
                else { return nil }
                return (String(ref.split(separator: "/").last ?? "Item") + "ListPage", choice)
            }
        }
        guard canned, members["type"]?.stringValue == "object", members["properties"]?.objectValue?.isEmpty == false
        else {
            return []
        }
        return [(name(of: path), schema)]
    }

    /// `/movie/{id}/credits` → `MovieCreditsAnswer`; `/` → `RootAnswer`.
    static func name(of path: String) -> String {
        let words = path.split(separator: "/").filter { !$0.hasPrefix("{") }.map { segment in
            let word = SwiftModel.propertyName(String(segment))
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        let joined = words.joined().trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        return (joined.isEmpty || joined.first?.isNumber == true ? "Root" + joined : joined) + "Answer"
    }
}
