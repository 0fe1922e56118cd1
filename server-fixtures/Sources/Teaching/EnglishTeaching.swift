import Foundation

// MARK: - The teaching answers in English

extension Teaching {
    /// The message in English: the default, and the language the other files follow.
    var english: String {
        switch self {
        case .notFound: "Not found"
        case .didYouMean(let sent, let meant, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? It answers \(methods)."
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? Drop \(dropped) from the front: the route "
                + "starts at \(start). It answers \(methods)."
        case .addRoot(let sent, let meant, let prefix, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? The route is under \(prefix)/: add "
                + "\(prefix) in front. It answers \(methods)."
        case .methodNotAllowed(let method, let path, let allowed):
            "Method not allowed: \(method) \(path). This path answers \(allowed) (see the Allow header)."
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "Field \(field) is \(Self.english(sent)), but the other items of \(collection) have "
                + "\(Self.english(expected)) there (e.g. \(example)). Send \(Self.english(expected)), or null."
        case .orderNeedsSort: "_order needs _sort, e.g. _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "Unknown operator \(word) in \(parameter); use one of \(known)"
        }
    }

    /// A JSON kind with its article: "a number", "an array", "null".
    static func english(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "null"
        case .boolean: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
