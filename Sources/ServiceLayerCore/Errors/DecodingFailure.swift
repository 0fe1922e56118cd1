import Foundation

/// A body that did not decode as the model: the payload of ``APIError/decoding(_:)``.
///
/// It holds what the client found, as values: the URL that answered (without secrets), the status, the
/// problem with the coding path exactly as Foundation gave it, what was expected and what was found, the
/// model fix the body points at, and the body itself. The messages are written from it in every language;
/// `print(failure)` shows that sentence.
public struct DecodingFailure: Sendable, Equatable, CustomStringConvertible {
    /// The URL that answered, without secrets (scheme, host, port and path); `nil` for a file the app reads.
    public let url: URL?
    /// The answer's status; `nil` for a file the app reads.
    public let status: Int?
    /// What did not decode, and where.
    public let problem: Problem
    /// The change to the model (or to the URL) the body points at; `nil` when none is clear.
    public let fix: Fix?
    /// The body as the server sent it (secret JSON fields redacted when the client was told to).
    public let body: Data

    /// A failure with these facts.
    /// - Parameters:
    ///   - url: The URL that answered; kept without its user, password, query and fragment; `nil` by default.
    ///   - status: The status; `nil` (a file) by default.
    ///   - problem: What did not decode.
    ///   - fix: The fix the body points at; `nil` by default.
    ///   - body: The body; empty by default.
    public init(url: URL? = nil, status: Int? = nil, problem: Problem, fix: Fix? = nil, body: Data = Data()) {
        self.url = APIError.shown(url)
        self.status = status
        self.problem = problem
        self.fix = fix
        self.body = body
    }

    /// The failure of `error`, thrown by a `JSONDecoder` that read `body`: the coding path Foundation gave,
    /// what was expected and found there, and the fix the body points at.
    /// - Parameters:
    ///   - error: What the decoder threw.
    ///   - body: The bytes it read.
    ///   - url: The URL they came from; `nil` (a file the app reads) by default.
    ///   - status: The answer's status; `nil` (a file) by default.
    public init(_ error: any Error, body: Data, url: URL? = nil, status: Int? = nil) {
        let (problem, fix) = DecodingDiagnosis.diagnose(error, body: body)
        self.init(url: url, status: status, problem: problem, fix: fix, body: body)
    }

    /// The coding path Foundation gave (`results[0].title`): `""` for the top-level value, `nil` when
    /// Foundation gave none or the problem has no place (an empty body, an HTML page).
    public var codingPath: String? {
        switch problem {
        case .typeMismatch(let path, _, _), .valueNotFound(let path, _), .keyNotFound(_, let path),
            .dataCorrupted(let path, _, _):
            return path
        case .emptyBody, .htmlPage, .notJSON, .other: return nil
        }
    }

    /// What did not decode, and what went wrong and where, one payload per problem.
    public enum Problem: Sendable, Equatable {
        /// The body was empty (or only whitespace) where JSON was expected.
        case emptyBody
        /// The body is an HTML page: its `<title>` (when it has one) and its first words.
        case htmlPage(title: String?, firstWords: String)
        /// The body is not JSON; `beginning` is its first 40 characters.
        case notJSON(beginning: String)
        /// The value at `codingPath` is not of the `expected` Swift type (as Foundation named it:
        /// `Double`, `Array<Any>`); `found` is what is there, when the body shows it.
        case typeMismatch(codingPath: String?, expected: String, found: FoundValue?)
        /// The value at `codingPath` is `null` where a non-optional `expected` was required.
        case valueNotFound(codingPath: String?, expected: String)
        /// The object at `codingPath` has no `key` the model requires.
        case keyNotFound(key: String, codingPath: String?)
        /// The value at `codingPath` is not valid for its type (a date in another format, a bad URL);
        /// `detail` is Foundation's text; `found` is the value, when the body shows it.
        case dataCorrupted(codingPath: String?, detail: String, found: FoundValue?)
        /// Something else went wrong: `detail` is the error's own text.
        case other(detail: String)
    }

    /// A value the body holds where decoding failed.
    public struct FoundValue: Sendable, Equatable {
        /// The value's JSON kind.
        public let kind: JSONKind
        /// Its first 40 characters as JSON (secret fields redacted).
        public let text: String
        /// The body's key that holds it, when Foundation gave no coding path and the client found the value
        /// itself (Linux gives none for a date); `nil` otherwise.
        public let bodyKey: String?

        /// A value found in the body.
        /// - Parameters:
        ///   - kind: Its JSON kind.
        ///   - text: Its first characters as JSON.
        ///   - bodyKey: The key that holds it when no coding path was given; `nil` by default.
        public init(kind: JSONKind, text: String, bodyKey: String? = nil) {
            (self.kind, self.text, self.bodyKey) = (kind, text, bodyKey)
        }
    }

    /// The kinds of JSON value.
    public enum JSONKind: String, Sendable, Equatable, CaseIterable {
        /// A string.
        case string
        /// A number.
        case number
        /// `true` or `false`.
        case bool
        /// `null`.
        case null
        /// An array.
        case array
        /// An object.
        case object
    }

    /// The date formats the client recognises in a body.
    public enum DateFormat: String, Sendable, Equatable, CaseIterable {
        /// ISO 8601 with a time (`2024-05-01T12:00:00Z`): `.iso8601`.
        case iso8601
        /// A day alone (`2024-05-01`): a `DateFormatter` with `yyyy-MM-dd`.
        case yearMonthDay
        /// Whole seconds since 1970 (10 digits): `.secondsSince1970`.
        case secondsSince1970
        /// Milliseconds since 1970 (13 digits): `.millisecondsSince1970`.
        case millisecondsSince1970
    }

    /// The change to the model (or to the URL) the body points at.
    public enum Fix: Sendable, Equatable {
        /// The JSON spells `property` in snake_case (`jsonKey`): `.convertFromSnakeCase` or `CodingKeys`.
        case convertFromSnakeCase(property: String, jsonKey: String)
        /// The JSON spells `property` otherwise (`jsonKey`): a `CodingKeys` case.
        case codingKeys(property: String, jsonKey: String)
        /// The object holds an unread key that is likely `property` under another name (`name` and
        /// `title`): a `CodingKeys` case, if it is.
        case likelyKey(property: String, jsonKey: String)
        /// `CodingKeys` spell `jsonKey` in snake_case, but `.convertFromSnakeCase` renamed it to `renamed`
        /// before they were matched.
        case snakeCaseTwice(jsonKey: String, renamed: String)
        /// An array was expected, and the object holds it in its `field`: a wrapper type.
        case wrapper(field: String)
        /// One object was expected, and the answer is an array: decode an array.
        case decodeArray
        /// The key is absent or `null`: make `property` (of Swift type `type`, when known) optional.
        case optional(property: String, type: String?)
        /// A number arrived as a string.
        case numberInString(property: String)
        /// The value's type differs from the model's: change `property`'s type (the server sends `serverSends`).
        case changeType(property: String, serverSends: JSONKind?)
        /// A date arrived in `format`: set the decoder's `dateDecodingStrategy`.
        case dateStrategy(DateFormat)
        /// An HTML page, an empty body or something not JSON: the URL is likely wrong.
        case checkURL
    }

    /// What did not decode and the fix, in ``APIError/messageLanguage``: for a file the app reads itself
    /// (a saved document that no longer decodes) as for an answer.
    public var description: String {
        let explanation = APIError.decoding(self).explanation()
        return explanation.what + explanation.joiner + explanation.fix
    }

    /// This failure with `transform` applied to every text taken from the body, and to the body.
    func mapTexts(_ transform: (String) -> String, body transformBody: (Data) -> Data) -> DecodingFailure {
        func found(_ value: FoundValue?) -> FoundValue? {
            value.map { FoundValue(kind: $0.kind, text: transform($0.text), bodyKey: $0.bodyKey) }
        }
        let problem: Problem
        switch self.problem {
        case .htmlPage(let title, let words):
            problem = .htmlPage(title: title.map(transform), firstWords: transform(words))
        case .notJSON(let beginning): problem = .notJSON(beginning: transform(beginning))
        case .typeMismatch(let path, let expected, let value):
            problem = .typeMismatch(codingPath: path, expected: expected, found: found(value))
        case .dataCorrupted(let path, let detail, let value):
            problem = .dataCorrupted(codingPath: path, detail: transform(detail), found: found(value))
        case .other(let detail): problem = .other(detail: transform(detail))
        case .emptyBody, .valueNotFound, .keyNotFound: problem = self.problem
        }
        return DecodingFailure(url: url, status: status, problem: problem, fix: fix, body: transformBody(body))
    }
}
