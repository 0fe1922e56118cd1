import Foundation

// MARK: - A paste-ready Swift Codable model from a schema

/// Writes Swift `Codable` structs from the OpenAPI schemas of a document: a property per member, optional
/// when a member is not required or may be null, `Int` / `Double` / `String` / `Bool`, arrays, a nested
/// struct per nested object, and `CodingKeys` when a key is not a Swift identifier or is snake_case
/// (`first_name` → `firstName`). Values of several kinds (or only nulls) are `JSONValue`, a small enum the
/// source then defines.
struct SwiftModel {
    /// The schemas the models refer to (`#/components/schemas/<name>`).
    let schemas: [String: ServerJSON]
    /// Whether a model written so far needs ``jsonValueSource``.
    var needsJSONValue = false

    /// A writer for `schemas`.
    init(schemas: [String: ServerJSON]) {
        self.schemas = schemas
    }

    /// The schemas of `document` a learner decodes answers into: every one but the request bodies
    /// (`…Input`, `…Patch`) and `Error`.
    static func modelNames(_ document: ServerJSON) -> [String] {
        let schemas = document.objectValue?["components"]?.objectValue?["schemas"]?.objectValue ?? [:]
        return schemas.keys.sorted().filter { !$0.hasSuffix("Input") && !$0.hasSuffix("Patch") && $0 != "Error" }
    }

    /// The source of `struct <name>: Codable` for the schema `name` (with `JSONValue` after it when needed).
    static func source(for name: String, in document: ServerJSON) -> String {
        let schemas = document.objectValue?["components"]?.objectValue?["schemas"]?.objectValue ?? [:]
        var writer = SwiftModel(schemas: schemas)
        var text = writer.structure(name, schemas[name] ?? .object([:]), indent: "")
        if writer.needsJSONValue { text += "\n" + jsonValueSource }
        return text
    }

    /// Swift's keywords, which a property name must be written in backticks for.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "Any", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// The Swift property name for a JSON key: lowerCamelCase words (split on `_`, `-`, spaces and other
    /// non-identifier characters), `_` in front of a leading digit; "value" for a key without letters or digits.
    static func propertyName(_ key: String) -> String {
        let words = key.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII }).map(String.init)
        guard let first = words.first else { return "value" }
        var name = first.prefix(1).lowercased() + first.dropFirst()
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// A type name from a key: UpperCamelCase of its singular (`tags` → `Tag`, `director` → `Director`).
    static func typeName(_ key: String) -> String {
        let name = propertyName(Relations.singular(key)).trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        let upper = name.prefix(1).uppercased() + name.dropFirst()
        return upper.isEmpty || upper.first?.isNumber == true ? "Value" + upper : upper
    }

    /// `name` in backticks when it is a keyword.
    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// The schema a `$ref` names, or `schema` itself.
    private func resolved(_ schema: ServerJSON) -> (schema: ServerJSON, ref: String?) {
        if let ref = schema.objectValue?["$ref"]?.stringValue {
            let name = String(ref.split(separator: "/").last ?? "")
            return (schemas[name] ?? .object([:]), name)
        }
        return (schema, nil)
    }

    /// `struct name: Codable { ... }` for an object schema, nested structs inside it.
    mutating func structure(_ name: String, _ schema: ServerJSON, indent: String) -> String {
        let members = schema.objectValue ?? [:]
        let properties = members["properties"]?.objectValue ?? [:]
        var required: Set<String> = []
        if case .array(let names)? = members["required"] { required = Set(names.compactMap(\.stringValue)) }
        let keys = properties.keys.sorted { ($0 == "id" ? 0 : 1, $0) < ($1 == "id" ? 0 : 1, $1) }
        var lines: [String] = []
        var nested: [String] = []
        var codingKeys: [(property: String, key: String)] = []
        var used: Set<String> = []
        for key in keys {
            var property = Self.propertyName(key)
            while used.contains(property) { property += "_" }
            used.insert(property)
            codingKeys.append((property, key))
            let (type, nestedSource) = swiftType(for: properties[key]!, key: key, parent: name, indent: indent + "    ")
            if let nestedSource { nested.append(nestedSource) }
            let nullable = resolved(properties[key]!).schema.objectValue?["nullable"] == .bool(true)
            let optional = !required.contains(key) || nullable || type == "JSONValue"
            lines.append(
                "\(indent)    let \(Self.escaped(property)): \(type)\(optional && !type.hasSuffix("?") ? "?" : "")")
        }
        var text = "\(indent)struct \(name): Codable {\n" + lines.map { $0 + "\n" }.joined()
        if codingKeys.contains(where: { $0.property != $0.key }) {
            text += "\n\(indent)    enum CodingKeys: String, CodingKey {\n"
            for (property, key) in codingKeys {
                let raw = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                text +=
                    property == key
                    ? "\(indent)        case \(Self.escaped(property))\n"
                    : "\(indent)        case \(Self.escaped(property)) = \"\(raw)\"\n"
            }
            text += "\(indent)    }\n"
        }
        for source in nested { text += "\n" + source }
        return text + "\(indent)}\n"
    }

    /// The Swift type of a member's schema, and the source of a nested struct when it is an object.
    private mutating func swiftType(
        for schema: ServerJSON, key: String, parent: String, indent: String
    ) -> (type: String, nested: String?) {
        let (target, ref) = resolved(schema)
        if let ref { return (ref, nil) }
        let members = target.objectValue ?? [:]
        switch members["type"]?.stringValue {
        case "integer": return ("Int", nil)
        case "number": return ("Double", nil)
        case "string": return ("String", nil)
        case "boolean": return ("Bool", nil)
        case "array":
            let items = members["items"] ?? .object([:])
            let (element, nested) = swiftType(for: items, key: key, parent: parent, indent: indent)
            let nullable = items.objectValue?["nullable"] == .bool(true) && element != "JSONValue"
            return ("[\(element)\(nullable ? "?" : "")]", nested)
        case "object":
            guard let properties = members["properties"]?.objectValue, !properties.isEmpty else {
                needsJSONValue = true
                return ("[String: JSONValue]", nil)
            }
            var typeName = Self.typeName(key)
            if typeName == parent { typeName += "Info" }
            // `results` → `ResultItem`: a nested `Result` would hide Swift's own inside the model.
            if AnswerModel.reserved.contains(typeName) { typeName += "Item" }
            return (typeName, structure(typeName, target, indent: indent))
        default:
            needsJSONValue = true
            return ("JSONValue", nil)
        }
    }

    /// Any JSON value, for members whose values have several kinds.
    static let jsonValueSource = """
        /// Any JSON value (a member whose values have several kinds, or were only null).
        enum JSONValue: Codable {
            case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() { self = .null }
                else if let value = try? container.decode(Bool.self) { self = .bool(value) }
                else if let value = try? container.decode(Double.self) { self = .number(value) }
                else if let value = try? container.decode(String.self) { self = .string(value) }
                else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
                else { self = .object(try container.decode([String: JSONValue].self)) }
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .null: try container.encodeNil()
                case .bool(let value): try container.encode(value)
                case .number(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .array(let value): try container.encode(value)
                case .object(let value): try container.encode(value)
                }
            }
        }

        """
}
