import Foundation

/// The facts of a body that did not decode, found by inspecting the `DecodingError` and the body kept:
/// the key path Foundation gave (never an invented one), what was expected and found, the first bytes
/// of the value found, and the model fix the body points at.
///
/// They travel in ``APIError/decoding(description:body:)``'s `description` as compact JSON (the case's
/// shape cannot change), so that every language's table can write them; a description the client did
/// not write is shown as it is.
struct DecodingFacts: Sendable, Codable, Equatable {
    enum Problem: String, Sendable, Codable {
        case typeMismatch, valueNotFound, keyNotFound, dataCorrupted, emptyBody, notJSON, html, other
    }

    /// The change to the model (or the URL) the body points at.
    enum Fix: String, Sendable, Codable {
        /// The JSON has `fixKey` in snake_case where the model expects `key` in camelCase.
        case convertFromSnakeCase
        /// The JSON's key differs from the property's name in another way (`fixKey`).
        case codingKeys
        /// The JSON has `key` (snake_case), and so do the model's `CodingKeys`, but the decoder's
        /// `.convertFromSnakeCase` renamed the JSON's key to `fixKey` (camelCase) before they were matched.
        case snakeCaseTwice
        /// An array was expected, and the object holds it in its `fixKey` field.
        case wrapper
        /// The model expects an object, and the answer is an array.
        case decodeArray
        /// The key is absent or `null`: an optional or a default.
        case optional
        /// A number arrived as a string.
        case numberInString
        /// A string or number arrived where the other was expected.
        case changeType
        /// A date arrived in `dateFormat`.
        case dateStrategy
        /// An HTML page, an empty body or something not JSON: the URL is likely wrong.
        case checkURL
    }

    var problem: Problem
    /// The coding path Foundation gave (`results[0].title`); `""` for the root value; `nil` when
    /// Foundation gave none and the error is not about the root value.
    var path: String?
    var key: String?
    var expected: String?
    /// What was found there: `a string`, `a number`, `an object`, `an array`, `null`, ...
    var foundKind: String?
    /// The first bytes of the value found (secrets redacted).
    var foundText: String?
    /// Foundation's own explanation.
    var detail: String?
    var url: String?
    var status: Int?
    var fix: Fix?
    /// The JSON key or field the fix names (`release_date`, `results`).
    var fixKey: String?
    /// The date format recognised: `ISO-8601`, `yyyy-MM-dd`, `seconds since 1970`, `milliseconds since 1970`.
    var dateFormat: String?
    var htmlTitle: String?
    var htmlWords: String?
    /// A description the client did not write, shown as it is.
    var raw: String?

    init(problem: Problem) { self.problem = problem }

    /// The facts in a ``APIError/decoding(description:body:)``: the client's JSON, or `description`
    /// as it is (an HTML body is still recognised).
    init(description: String, body: Data) {
        if description.hasPrefix("{"), let facts = try? JSONDecoder().decode(Self.self, from: Data(description.utf8)) {
            self = facts
            return
        }
        self.init(problem: .other)
        raw = description
        if let page = HTMLPage(body) {
            problem = .html
            htmlTitle = page.title
            htmlWords = page.firstWords
            fix = .checkURL
        }
    }

    /// The text that goes in the `description` payload.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? (detail ?? "not decodable")
    }
}

/// Finds the ``DecodingFacts`` of a decoding failure.
enum DecodingDiagnosis {
    /// - Parameters:
    ///   - error: What the decoder threw.
    ///   - body: The body it read.
    ///   - url: The URL of the answer (shown without secrets); `nil` for a file.
    ///   - status: The answer's status.
    static func diagnose(_ error: any Error, body: Data, url: URL?, status: Int) -> DecodingFacts {
        var facts = inspect(error, body: body)
        facts.url = url.map(ShownURL.text)
        facts.status = status
        return facts
    }

    private static func inspect(_ error: any Error, body: Data) -> DecodingFacts {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            var facts = DecodingFacts(problem: .emptyBody)
            facts.fix = .checkURL
            return facts
        }
        guard let root = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            if let page = HTMLPage(body) {
                var facts = DecodingFacts(problem: .html)
                facts.htmlTitle = page.title
                facts.htmlWords = page.firstWords
                facts.fix = .checkURL
                return facts
            }
            var facts = DecodingFacts(problem: .notJSON)
            facts.path = ""
            facts.foundText = JSONValue.firstBytes(String(decoding: body.prefix(200), as: UTF8.self))
            facts.detail = (error as? DecodingError).map(detail)
            facts.fix = .checkURL
            return facts
        }
        guard let decodingError = error as? DecodingError else {
            var facts = DecodingFacts(problem: .other)
            facts.detail = String(describing: error)
            return facts
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return mismatch(.typeMismatch, expected: type, context: context, root: root)
        case .valueNotFound(let type, let context):
            var facts = mismatch(.valueNotFound, expected: type, context: context, root: root)
            facts.fix = .optional
            facts.key = context.codingPath.last?.stringValue
            return facts
        case .keyNotFound(let key, let context):
            return missingKey(key.stringValue, context: context, root: root)
        case .dataCorrupted(let context):
            return corrupted(context, root: root)
        @unknown default:
            var facts = DecodingFacts(problem: .other)
            facts.detail = String(describing: decodingError)
            return facts
        }
    }

    // MARK: - Each problem

    private static func mismatch(
        _ problem: DecodingFacts.Problem, expected type: Any.Type, context: DecodingError.Context, root: Any
    ) -> DecodingFacts {
        var facts = DecodingFacts(problem: problem)
        facts.expected = JSONValue.typeName(type)
        facts.detail = detail(context)
        let expectedKind = JSONValue.kind(ofType: type)
        var value: Any?
        if context.codingPath.isEmpty {
            // Foundation gave no path: it is the root value only if the root is not what was expected.
            if problem == .valueNotFound || JSONValue.kind(of: root) != expectedKind {
                facts.path = ""
                value = root
            }
        } else {
            facts.path = path(context.codingPath)
            value = JSONValue.value(at: context.codingPath, in: root)
        }
        let secret = context.codingPath.contains { Redaction.secretFields.contains($0.stringValue.lowercased()) }
        if let value {
            facts.foundKind = JSONValue.kind(of: value)
            facts.foundText = secret ? Redaction.placeholder : JSONValue.text(value)
        }
        facts.key = context.codingPath.last.flatMap { $0.intValue == nil ? $0.stringValue : nil }
        chooseFix(&facts, expectedKind: expectedKind, value: value, root: root)
        return facts
    }

    private static func chooseFix(_ facts: inout DecodingFacts, expectedKind: String, value: Any?, root: Any) {
        switch (expectedKind, value) {
        case ("array", let object as [String: Any]):
            let arrays = object.filter { $0.value is [Any] }.map(\.key).sorted()
            let named = arrays.first { ["results", "data", "items"].contains($0) }
            if let field = named ?? (arrays.count == 1 ? arrays[0] : nil) {
                facts.fix = .wrapper
                facts.fixKey = field
            } else {
                facts.fix = .changeType
            }
        case ("object", is [Any]):
            facts.fix = .decodeArray
        case ("number", let string as String):
            if let format = DateFormatGuess.format(of: string) {
                facts.fix = .dateStrategy
                facts.dateFormat = format
            } else if Double(string.trimmingCharacters(in: .whitespaces)) != nil {
                facts.fix = .numberInString
            } else {
                facts.fix = .changeType
            }
        case ("string", let number as NSNumber) where JSONValue.kind(of: number) == "number":
            // A `Date` read with a string strategy (`.iso8601`, `.formatted`) meeting a timestamp.
            let digits = String(number.int64Value).count
            let dateLike = ["date", "time", "_at", "At", "created", "updated", "released", "expires"].contains {
                (facts.key ?? "").contains($0)
            }
            if dateLike, [9, 10, 12, 13].contains(digits) {
                facts.fix = .dateStrategy
                facts.dateFormat = digits <= 10 ? "seconds since 1970" : "milliseconds since 1970"
            } else {
                facts.fix = .changeType
            }
        case (_, is NSNull):
            facts.fix = .optional
        case (_, .some):
            facts.fix = .changeType
        case (_, nil):
            break
        }
    }

    private static func missingKey(_ key: String, context: DecodingError.Context, root: Any) -> DecodingFacts {
        var facts = DecodingFacts(problem: .keyNotFound)
        facts.key = key
        facts.detail = detail(context)
        let container = JSONValue.value(at: context.codingPath, in: root) as? [String: Any]
        // The key is in the body, yet missing: `.convertFromSnakeCase` renamed it before the model's
        // `CodingKeys`, which spell it in snake_case too, were matched.
        if let container, container[key] != nil, key.contains("_"), JSONValue.camelCase(key) != key {
            facts.path = path(context.codingPath)
            facts.fix = .snakeCaseTwice
            facts.fixKey = JSONValue.camelCase(key)
            return facts
        }
        // The container Foundation named must be an object without the key; otherwise its path is not trusted.
        guard let container, container[key] == nil else { return facts }
        facts.path = path(context.codingPath)
        let snake = JSONValue.snakeCase(key)
        let loose = container.keys.first { JSONValue.loose($0) == JSONValue.loose(key) }
        let arrays = container.filter { $0.value is [Any] }.map(\.key).sorted()
        if snake != key, container[snake] != nil {
            facts.fix = .convertFromSnakeCase
            facts.fixKey = snake
        } else if let loose {
            facts.fix = .codingKeys
            facts.fixKey = loose
        } else if let field = arrays.first(where: { ["results", "data", "items"].contains($0) }) {
            facts.fix = .wrapper
            facts.fixKey = field
        } else {
            facts.fix = .optional
        }
        return facts
    }

    private static func corrupted(_ context: DecodingError.Context, root: Any) -> DecodingFacts {
        var facts = DecodingFacts(problem: .dataCorrupted)
        facts.detail = detail(context)
        var value: Any?
        if !context.codingPath.isEmpty {
            facts.path = path(context.codingPath)
            facts.key = context.codingPath.last.flatMap { $0.intValue == nil ? $0.stringValue : nil }
            value = JSONValue.value(at: context.codingPath, in: root)
        }
        let aboutDates = context.debugDescription.lowercased().contains("date")
        if value == nil, aboutDates, let (key, string) = JSONValue.firstDateLike(in: root) {
            // Foundation gave no path (Linux does so for a date): name the value the body shows, as a guess.
            facts.fixKey = key
            value = string
        }
        if let value {
            facts.foundKind = JSONValue.kind(of: value)
            facts.foundText = JSONValue.text(value)
        }
        if let string = value as? String, let format = DateFormatGuess.format(of: string) {
            facts.fix = .dateStrategy
            facts.dateFormat = format
        }
        return facts
    }

    // MARK: - Helpers

    /// Foundation's explanation, without a trailing period.
    private static func detail(_ context: DecodingError.Context) -> String {
        var text = context.debugDescription.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func detail(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return detail(context)
        @unknown default: return String(describing: error)
        }
    }

    /// A coding path as `items[0].price`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

extension DecodingFacts {
    /// An empty 2xx body from `url` where bytes were expected.
    static func emptyBody(url: URL) -> DecodingFacts {
        var facts = DecodingFacts(problem: .emptyBody)
        facts.url = ShownURL.text(url)
        facts.fix = .checkURL
        return facts
    }
}
