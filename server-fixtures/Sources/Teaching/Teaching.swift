import Foundation

// MARK: - What a teaching answer says, in facts

/// One teaching answer of the server: what went wrong with the request and how to fix it, as facts (paths,
/// methods, field names, numbers: verbatim in every language). Each ``TeachingLanguage`` writes every case in
/// one flat `switch` of its own file (`EnglishTeaching.swift`, `TraditionalChineseTeaching.swift`,
/// `SimplifiedChineseTeaching.swift`, `SwedishTeaching.swift`); the compiler checks that none is missing.
/// The emulated backends (reqres, accounts, the Restaurant) answer in English, as the real services do, and
/// never use this type.
enum Teaching: Sendable, Equatable {
    /// The plain 404: no route is near the path.
    case notFound
    /// A 404 with a route a few edits away: the path sent, the pattern meant, its methods.
    case didYouMean(sent: String, meant: String, methods: String)
    /// A 404 whose path has leading segments too many: the path sent, the path meant, what to drop, where the
    /// route starts, its methods.
    case dropRoot(sent: String, meant: String, dropped: String, start: String, methods: String)
    /// A 404 whose path lacks a route's leading segments: the path sent, the path meant, the prefix to add,
    /// its methods.
    case addRoot(sent: String, meant: String, prefix: String, methods: String)
    /// The 405: the method and path sent, the methods the path answers.
    case methodNotAllowed(method: String, path: String, allowed: String)
    /// A body field of another JSON kind than the other items': the field, the kind sent, the collection, the
    /// kind expected, an example value.
    case wrongFieldType(field: String, sent: JSONKind, collection: String, expected: JSONKind, example: String)
    /// `_order` without `_sort`.
    case orderNeedsSort
    /// An unknown operator (`:word` or `_word`) in a query parameter, and the operators there are.
    case unknownOperator(operator: String, parameter: String, known: String)

    /// The message in `language`.
    func text(_ language: TeachingLanguage) -> String {
        switch language {
        case .english: english
        case .traditionalChinese: traditionalChinese
        case .simplifiedChinese: simplifiedChinese
        case .swedish: swedish
        }
    }
}

/// The kind of a JSON value, which each language names in its own words ("a number", 「數字」, "ett tal").
enum JSONKind: Sendable, Hashable, CaseIterable {
    case null, boolean, number, string, array, object

    /// The kind of `value`.
    init(of value: ServerJSON) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .int, .double: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }
}

extension HTTPResponse {
    /// `{"error": ...}` with `status`, the message in the language of `request`'s `Accept-Language`, and
    /// `Vary: Accept-Language` (the body depends on it).
    static func teaching(_ status: Int, _ message: Teaching, for request: HTTPRequest) -> HTTPResponse {
        var response = error(status, message.text(TeachingLanguage(for: request)))
        response.fields.append(Field(name: "Vary", value: "Accept-Language"))
        return response
    }
}
