import Foundation

/// Finds the ``DecodingFailure/Problem`` and ``DecodingFailure/Fix`` of a decoding failure by inspecting
/// the `DecodingError` and the body: the key path Foundation gave (never an invented one), what was
/// expected and found, the first bytes of the value found, and the model fix the body points at.
enum DecodingDiagnosis {
    typealias Problem = DecodingFailure.Problem
    typealias Fix = DecodingFailure.Fix

    /// - Parameters:
    ///   - error: What the decoder threw.
    ///   - body: The body it read.
    static func diagnose(_ error: any Error, body: Data) -> (Problem, Fix?) {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return (.emptyBody, .checkURL)
        }
        guard let root = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            if let page = HTMLPage(body) {
                return (.htmlPage(title: page.title, firstWords: page.firstWords), .checkURL)
            }
            let beginning = JSONReading.firstBytes(String(decoding: body.prefix(200), as: UTF8.self))
            return (.notJSON(beginning: beginning), .checkURL)
        }
        guard let decodingError = error as? DecodingError else {
            return (.other(detail: String(describing: error)), nil)
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return mismatch(expected: type, context: context, root: root)
        case .valueNotFound(let type, let context):
            let path = context.codingPath.isEmpty ? "" : path(context.codingPath)
            let property = context.codingPath.last?.stringValue ?? "value"
            let expected = "\(type)"
            return (.valueNotFound(codingPath: path, expected: expected), .optional(property: property, type: expected))
        case .keyNotFound(let key, let context):
            return missingKey(key.stringValue, context: context, root: root)
        case .dataCorrupted(let context):
            return corrupted(context, root: root)
        @unknown default:
            return (.other(detail: String(describing: decodingError)), nil)
        }
    }

    // MARK: - Each problem

    private static func mismatch(expected type: Any.Type, context: DecodingError.Context, root: Any) -> (Problem, Fix?)
    {
        let expectedKind = JSONReading.kind(ofType: type)
        var place: String?
        var value: Any?
        if context.codingPath.isEmpty {
            // Foundation gave no path: it is the root value only if the root is not what was expected.
            if JSONReading.kind(of: root) != expectedKind {
                place = ""
                value = root
            }
        } else {
            place = path(context.codingPath)
            value = JSONReading.value(at: context.codingPath, in: root)
        }
        let secret = isSecret(context.codingPath)
        let foundValue = value.flatMap { Self.found($0, secret: secret) }
        let property = context.codingPath.last.flatMap { $0.intValue == nil ? $0.stringValue : nil } ?? "value"
        let problem = Problem.typeMismatch(codingPath: place, expected: "\(type)", found: foundValue)
        return (problem, fix(expected: expectedKind, value: value, property: property))
    }

    private static func fix(expected: DecodingFailure.JSONKind, value: Any?, property: String) -> Fix? {
        switch (expected, value) {
        case (.array, let object as [String: Any]):
            let arrays = object.filter { $0.value is [Any] }.map(\.key).sorted()
            let named = arrays.first { ["results", "data", "items"].contains($0) }
            if let field = named ?? (arrays.count == 1 ? arrays[0] : nil) { return .wrapper(field: field) }
            return .changeType(property: property, serverSends: .object)
        case (.object, is [Any]):
            return .decodeArray
        case (.number, let string as String):
            if let format = DateFormatGuess.format(of: string) { return .dateStrategy(format) }
            if Double(string.trimmingCharacters(in: .whitespaces)) != nil { return .numberInString(property: property) }
            return .changeType(property: property, serverSends: .string)
        case (.string, let number as NSNumber) where JSONReading.kind(of: number) == .number:
            // A `Date` read with a string strategy (`.iso8601`, `.formatted`) meeting a timestamp.
            let digits = String(number.int64Value).count
            let dateLike = ["date", "time", "_at", "At", "created", "updated", "released", "expires"].contains {
                property.contains($0)
            }
            if dateLike, [9, 10, 12, 13].contains(digits) {
                return .dateStrategy(digits <= 10 ? .secondsSince1970 : .millisecondsSince1970)
            }
            return .changeType(property: property, serverSends: .number)
        case (_, is NSNull):
            return .optional(property: property, type: nil)
        case (_, let value?):
            return .changeType(property: property, serverSends: JSONReading.kind(of: value))
        case (_, nil):
            return nil
        }
    }

    private static func missingKey(_ key: String, context: DecodingError.Context, root: Any) -> (Problem, Fix?) {
        let container = JSONReading.value(at: context.codingPath, in: root) as? [String: Any]
        // The key is in the body, yet missing: `.convertFromSnakeCase` renamed it before the model's
        // `CodingKeys`, which spell it in snake_case too, were matched.
        if let container, container[key] != nil, key.contains("_"), JSONReading.camelCase(key) != key {
            let problem = Problem.keyNotFound(key: key, codingPath: path(context.codingPath))
            return (problem, .snakeCaseTwice(jsonKey: key, renamed: JSONReading.camelCase(key)))
        }
        // The container Foundation named must be an object without the key; otherwise its path is not trusted.
        guard let container, container[key] == nil else { return (.keyNotFound(key: key, codingPath: nil), nil) }
        let problem = Problem.keyNotFound(key: key, codingPath: path(context.codingPath))
        let snake = JSONReading.snakeCase(key)
        if snake != key, container[snake] != nil {
            return (problem, .convertFromSnakeCase(property: key, jsonKey: snake))
        }
        if let loose = container.keys.first(where: { JSONReading.loose($0) == JSONReading.loose(key) }) {
            return (problem, .codingKeys(property: key, jsonKey: loose))
        }
        if let field = container.keys.sorted().first(where: { ["results", "data", "items"].contains($0) }),
            container[field] is [Any]
        {
            return (problem, .wrapper(field: field))
        }
        if let likely = LikelyKey.match(for: key, among: Array(container.keys)) {
            return (problem, .likelyKey(property: key, jsonKey: likely))
        }
        return (problem, .optional(property: key, type: nil))
    }

    private static func corrupted(_ context: DecodingError.Context, root: Any) -> (Problem, Fix?) {
        let detail = self.detail(context)
        var place: String?
        var found: DecodingFailure.FoundValue?
        var string: String?
        if !context.codingPath.isEmpty {
            place = path(context.codingPath)
            let value = JSONReading.value(at: context.codingPath, in: root)
            found = value.flatMap { self.found($0, secret: isSecret(context.codingPath)) }
            string = value as? String
        }
        let aboutDates = context.debugDescription.lowercased().contains("date")
        if found == nil, aboutDates, let (key, date) = JSONReading.firstDateLike(in: root) {
            // Foundation gave no path (Linux does so for a date): name the value the body shows, as a guess.
            found = DecodingFailure.FoundValue(kind: .string, text: JSONReading.text(date), bodyKey: key)
            string = date
        }
        let fix = string.flatMap(DateFormatGuess.format(of:)).map { Fix.dateStrategy($0) }
        return (.dataCorrupted(codingPath: place, detail: detail, found: found), fix)
    }

    // MARK: - Helpers

    private static func found(_ value: Any, secret: Bool) -> DecodingFailure.FoundValue? {
        guard let kind = JSONReading.kind(of: value) else { return nil }
        return DecodingFailure.FoundValue(kind: kind, text: secret ? Redaction.placeholder : JSONReading.text(value))
    }

    private static func isSecret(_ codingPath: [any CodingKey]) -> Bool {
        codingPath.contains { Redaction.secretFields.contains($0.stringValue.lowercased()) }
    }

    /// Foundation's explanation, without a trailing period.
    private static func detail(_ context: DecodingError.Context) -> String {
        var text = context.debugDescription.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix(".") { text.removeLast() }
        return text
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

/// The unread key of an object that is likely a missing property under another name: `title` for
/// `name`, `_id` for `id`, `image_url` for `image`.
enum LikelyKey {
    /// Names APIs give the same thing, each group one meaning.
    static let synonyms: [Set<String>] = [
        ["name", "title", "label", "display_name", "displayname", "fullname", "full_name"],
        ["id", "_id", "uuid", "identifier", "key"],
        ["description", "details", "detail", "overview", "summary", "body", "text", "content"],
        ["image", "imageurl", "image_url", "picture", "photo", "thumbnail", "poster_path", "avatar", "icon"],
        ["price", "cost", "amount"],
        ["createdat", "created_at", "created", "creationdate", "date"],
        ["email", "mail", "email_address"],
        ["count", "total", "total_results", "totalcount"],
    ]

    /// The key of `keys` that means what `missing` means, when exactly one does.
    static func match(for missing: String, among keys: [String]) -> String? {
        let wanted = JSONReading.loose(missing)
        guard let group = synonyms.first(where: { group in group.contains { JSONReading.loose($0) == wanted } })
        else { return nil }
        let loose = Set(group.map(JSONReading.loose))
        let matches = keys.filter { loose.contains(JSONReading.loose($0)) }.sorted()
        return matches.count == 1 ? matches[0] : nil
    }
}
