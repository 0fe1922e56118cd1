import Foundation

// MARK: - The server's one JSON value type

/// A JSON value, as the `--api` folder's files hold it, as the database keeps it and as a recording writes it:
/// the server's one JSON type (``LocatedJSON`` adds the line each value starts on). Named apart from the
/// client's `JSONValue`, which the server does not share.
enum ServerJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits an `Int`.
    case int(Int)
    case double(Double)
    case string(String)
    case array([ServerJSON])
    /// Members by name (written with sorted keys, like every other JSON body of the server).
    case object([String: ServerJSON])

    /// The object's members, or nil for any other value.
    var objectValue: [String: ServerJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string of a string, or nil.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A word for the kind of value, for messages: "null", "a boolean", "a number", "a string", "an array",
    /// "an object".
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// How a query parameter compares with this value: strings as they are, numbers and booleans as
    /// written in JSON, anything else nil (never equal to a query value).
    var queryText: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    /// Equality that treats `1` and `1.0` as the same number (used by body matches).
    func matches(_ other: ServerJSON) -> Bool {
        switch (self, other) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map(value.matches) ?? false }
        default: return self == other
        }
    }

    /// Whether every member of `pattern` (an object) is in this object with a matching value; any other
    /// pattern must match the whole value.
    func contains(_ pattern: ServerJSON) -> Bool {
        guard case .object(let wanted) = pattern else { return matches(pattern) }
        guard case .object(let members) = self else { return false }
        return wanted.allSatisfy { key, value in members[key].map { $0.contains(value) } ?? false }
    }

    // MARK: Writing

    /// Compact JSON with sorted keys and unescaped slashes; `pretty` indents by two spaces.
    func serialized(pretty: Bool = false) -> Data {
        var text = ""
        write(into: &text, pretty: pretty, indent: "")
        if pretty { text += "\n" }
        return Data(text.utf8)
    }

    private func write(into text: inout String, pretty: Bool, indent: String) {
        let inner = indent + "  "
        let newline = pretty ? "\n" : ""
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number):
            text +=
                number.isFinite
                ? (number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)") : "null"
        case .string(let string): Self.writeString(string, into: &text)
        case .array(let elements):
            guard !elements.isEmpty else { return text += "[]" }
            text += "[" + newline
            for (index, element) in elements.enumerated() {
                if pretty { text += inner }
                element.write(into: &text, pretty: pretty, indent: inner)
                text += (index < elements.count - 1 ? "," : "") + newline
            }
            text += (pretty ? indent : "") + "]"
        case .object(let members):
            guard !members.isEmpty else { return text += "{}" }
            text += "{" + newline
            for (index, key) in members.keys.sorted().enumerated() {
                if pretty { text += inner }
                Self.writeString(key, into: &text)
                text += pretty ? ": " : ":"
                members[key]!.write(into: &text, pretty: pretty, indent: inner)
                text += (index < members.count - 1 ? "," : "") + newline
            }
            text += (pretty ? indent : "") + "}"
        }
    }

    private static func writeString(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
