import Foundation

// MARK: - The shape of JSON values, inferred from all of them

/// What every value seen at one place of the data had in common: its kinds, whether `null` was seen, the
/// members of objects (and which every object had), the elements of arrays, and a string enum when the data
/// clearly is one. Inferred from all the values, never from the first alone.
struct Shape: Sendable, Equatable {
    /// A JSON kind, with `integer` apart from `number` (a number with a fraction or exponent).
    enum Kind: String, Sendable, Comparable {
        case boolean, integer, number, string, array, object

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The kinds seen (never `null`); both `integer` and `number` are read as `number`.
    var kinds: Set<Kind> = []
    /// Whether `null` was seen here.
    var nullable = false
    /// How many values were seen (nulls included).
    var count = 0
    /// The members of the objects seen, each with its own shape.
    var properties: [String: Shape] = [:]
    /// The members every object seen had (a member missing from one object is optional).
    var required: Set<String> = []
    /// The shape of every element of every array seen; nil when no array had an element.
    var items: Box?
    /// The distinct strings seen, up to ``maxEnumValues`` + 1 (more means "not an enum").
    var strings: Set<String> = []
    /// How many strings were seen.
    var stringCount = 0
    /// How many objects were seen.
    var objectCount = 0

    /// At most this many distinct strings make an enum.
    static let maxEnumValues = 8
    /// At least this many strings must be seen before they are read as an enum.
    static let minEnumSamples = 5

    /// A reference to an element shape (a struct cannot hold itself).
    final class Box: Sendable, Equatable {
        let shape: Shape
        init(_ shape: Shape) { self.shape = shape }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.shape == rhs.shape }
    }

    /// Whether a member named `key` refers to an item (`id`, `movieId`, `author_id`): its values are ids, not
    /// a closed set.
    static func isReference(_ key: String?) -> Bool {
        guard let key else { return false }
        return key == "id" || key.hasSuffix("Id") || key.lowercased().hasSuffix("_id") || key.hasSuffix("ID")
    }

    /// The members of an integer schema: 64 bits, as the server holds integers.
    static let int64: [String: ServerJSON] = [
        "format": .string("int64"), "minimum": .int(Int.min), "maximum": .int(Int.max),
    ]

    /// The shape of `values`, all of them.
    static func infer(_ values: [ServerJSON]) -> Shape {
        var shape = Shape()
        for value in values { shape.add(value) }
        return shape
    }

    /// Widens this shape so that it also describes `value`.
    mutating func add(_ value: ServerJSON) {
        count += 1
        switch value {
        case .null: nullable = true
        case .bool: kinds.insert(.boolean)
        case .int: kinds.insert(.integer)
        case .double: kinds.insert(.number)
        case .string(let text):
            kinds.insert(.string)
            stringCount += 1
            if strings.count <= Self.maxEnumValues { strings.insert(text) }
        case .array(let elements):
            kinds.insert(.array)
            guard !elements.isEmpty else { return }
            var element = items?.shape ?? Shape()
            for item in elements { element.add(item) }
            items = Box(element)
        case .object(let members):
            kinds.insert(.object)
            required = objectCount == 0 ? Set(members.keys) : required.intersection(members.keys)
            objectCount += 1
            for (key, member) in members { properties[key, default: Shape()].add(member) }
        }
    }

    /// The one kind of the values, `integer` and `number` together read as `number`; nil when none was
    /// seen (only nulls) or kinds differ (`"1"` and `1`).
    var kind: Kind? {
        let merged = kinds.contains(.number) ? kinds.subtracting([.integer]) : kinds
        return merged.count == 1 ? merged.first : nil
    }

    /// The strings as an enum (sorted) when the data clearly is one: only strings, at least
    /// ``minEnumSamples`` of them, at most ``maxEnumValues`` distinct, and some value repeated.
    var enumValues: [String]? {
        guard kind == .string, stringCount >= Self.minEnumSamples, strings.count <= Self.maxEnumValues,
            strings.count < stringCount
        else { return nil }
        return strings.sorted()
    }

    /// This shape as an OpenAPI 3.0 schema object: `type`, `nullable`, `enum`, `properties` with
    /// `required`, `items`. Values of differing kinds get no `type` (any value), with a description.
    /// `key` is the member this shape is the value of: an `id` or a reference (`movieId`, `author_id`) is
    /// never an enum.
    func schema(key: String? = nil) -> ServerJSON {
        var schema: [String: ServerJSON] = [:]
        if nullable { schema["nullable"] = .bool(true) }
        guard let kind else {
            if !kinds.isEmpty {
                let names = kinds.sorted().map(\.rawValue).joined(separator: ", ")
                schema["description"] = .string("Values of several kinds were seen: \(names).")
            }
            return .object(schema)
        }
        schema["type"] = .string(kind.rawValue)
        switch kind {
        case .string:
            if let values = enumValues, !Self.isReference(key) {
                schema["enum"] = .array(values.map(ServerJSON.string) + (nullable ? [.null] : []))
            }
        case .array:
            schema["items"] = items?.shape.schema() ?? .object([:])
        case .object:
            schema["properties"] = .object(
                Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0.value.schema(key: $0.key)) }))
            if !required.isEmpty { schema["required"] = .array(required.sorted().map(ServerJSON.string)) }
        case .integer:
            // The server holds integers in 64 bits: a larger one is read as a number with a fraction.
            schema.merge(Self.int64) { $1 }
        case .boolean, .number:
            break
        }
        return .object(schema)
    }
}
