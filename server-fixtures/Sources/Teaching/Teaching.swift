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
    /// The plain 404 of a server started without `--api`: the path sent, and the command that serves an API
    /// folder (``apiExample``).
    case notFoundWithoutAPI(sent: String, command: String)
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

    // MARK: The router and the validators

    /// The 501 for a method the server does not know (`BREW`, `PROPFIND`, lowercase `get`).
    case methodNotImplemented
    /// The 405 of a `--read-only` server: the method and path sent, the methods it answers.
    case readOnly(method: String, path: String, allowed: String)
    /// The 405 of a `--static` file: the method and path sent.
    case staticFileMethod(method: String, path: String)
    /// The 412 of `If-None-Match: *` on a resource that exists.
    case preconditionExists
    /// The 412 of an `If-Match` or `If-Unmodified-Since` the resource no longer fits.
    case preconditionChanged

    // MARK: The database (`db.json`)

    /// A body that is not JSON: the line and what the reader found there.
    case bodyNotJSON(line: Int, problem: JSONSyntaxError.Problem)
    /// A body that is JSON but not an object: its kind.
    case bodyNotObject(kind: JSONKind)
    /// An `id` in a body that cannot be one (not an integer, nor a plain string of 1 to 200 characters).
    case invalidID
    /// A `POST` whose `id` is taken: the collection, the id.
    case alreadyExists(collection: String, id: String)
    /// A `POST` to a collection whose largest id is `Int.max`: the collection, that id.
    case noNextID(collection: String, largest: Int)
    /// A `PUT` or `PATCH` whose body's `id` is another: the id sent (nil when it is no id at all), the path's.
    case idMismatch(sent: String?, id: String)
    /// A `DELETE` with a parameter other than `_dependent`: the collection, the parameter.
    case deleteReadsOnlyDependent(collection: String, parameter: String)
    /// `_dependent=name` without such a collection: the name, the nearest collection.
    case noDependentCollection(name: String, suggestion: String?)
    /// A `GET /name/:id` with a parameter other than `_embed`/`_expand`: the collection, the parameter.
    case itemReadsOnlyLinks(collection: String, parameter: String)
    /// The 404 of an item: the collection, the id (cut to 60 characters).
    case itemNotFound(collection: String, id: String)

    // MARK: Relations (`_embed`, `_expand`)

    /// A link that does not resolve: `_embed` or `_expand`, the name, the collection, the nearest option,
    /// the options there are.
    case noLink(parameter: String, name: String, collection: String, suggestion: String?, options: [String])

    // MARK: The query language

    /// `q` empty or longer than 200 characters.
    case searchLength
    /// An unknown `_` parameter: the name, the nearest one, the reserved ones.
    case unknownParameter(name: String, suggestion: String?, reserved: [String])
    /// `_dependent` on a `GET` of a collection: the collection.
    case dependentOnGet(collection: String)
    /// `_per_page` with `_limit`.
    case perPageWithLimit
    /// `_page` with `_start` or `_end`.
    case pageWithSlice
    /// `_end` before `_start`.
    case endBeforeStart(end: Int, start: Int)
    /// A parameter that is not a whole number in its range: the name, the range, the value (cut).
    case notWholeNumber(parameter: String, lowest: Int, highest: Int, value: String)
    /// `_embed`, `_expand` or `_dependent` with no names or too many.
    case namesCount(parameter: String)
    /// `_sort` with no fields or more than 8.
    case sortFieldCount
    /// `_order` with a word other than `asc`/`desc`, or more words than `_sort` has fields.
    case orderWords
    /// A `_sort` field that is not a field path.
    case sortFieldNotPath(field: String)
    /// A filter whose name is not a field path.
    case filterNotPath(parameter: String)
    /// A filter value longer than 1,000 characters.
    case valueTooLong(parameter: String)
    /// A `_like` pattern outside the supported subset: the parameter, what is wrong.
    case unsupportedPattern(parameter: String, problem: PatternProblem)
    /// A comparison (`_gte`...) without a value.
    case comparisonNeedsValue(parameter: String)
    /// A comparison with a value that is not a number, on a field that holds numbers: the parameter, the
    /// value, the field path.
    case comparisonNeedsNumber(parameter: String, value: String, path: String)
    /// A field no item has: the parameter, the path, the nearest top-level field, the fields there are.
    case noSuchField(parameter: String, path: String, suggestion: String?, fields: [String])

    // MARK: `routes.json`'s mock routes

    /// `X-Mock-Response-Code` that is not a status code.
    case mockCodeInvalid
    /// No example with the name or status asked for: the name, the status, the route, its examples.
    case noMockExample(name: String?, status: Int?, method: String, pattern: String, examples: [MockExampleName])
    /// No example's `match` holds: the route.
    case noMockMatch(method: String, pattern: String)

    // MARK: Recording (`--record`)

    /// A path that makes no URL with the upstream: the path, the upstream.
    case cannotForward(path: String, upstream: String)
    /// The upstream did not answer: the method, where, why (the system's words, quoted verbatim; nil when
    /// there was no answer at all).
    case recordingFailed(method: String, place: String, reason: String?)

    // MARK: The connection

    /// A response whose head could not be written safely (the route echoed a control character).
    case unsafeResponseHead
    /// More connections than the server takes at once (answered before a request is read: in English).
    case tooManyConnections
    /// A request the parser refused before routing.
    case unreadableRequest(HTTPParseError)

    // MARK: The inspector's own words

    /// The `Allow` of a 405, in the inspector's reason.
    case inspectorAllowed(methods: String)
    /// The `WWW-Authenticate` of an answer, in the inspector's reason.
    case inspectorChallenge(String)
    /// A 4xx whose body says nothing: the status and its reason phrase.
    case inspectorNoReason(status: Int, phrase: String)

    /// The command that serves the movies example, quoted verbatim in every language.
    static let apiExample = "swift run fixture-server --api server-fixtures/Examples/movies"

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

/// One example of a mock route as an error names it: its name (if any) and its status.
struct MockExampleName: Sendable, Equatable {
    let name: String?
    let status: Int
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

extension HTTPParseError {
    /// The message in English (the answer follows the request's `Accept-Language` where it can be read).
    var message: String { Teaching.unreadableRequest(self).english }
}

extension JSONSyntaxError {
    /// What is wrong in English, e.g. "expected ',' or '}'" (the words of a broken `--api` folder's error).
    var message: String { Teaching.english(problem) }
}
