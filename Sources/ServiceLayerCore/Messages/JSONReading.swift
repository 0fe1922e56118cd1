import Foundation

/// Readings of a value `JSONSerialization` made (`Any`: dictionaries, arrays, strings, numbers,
/// `NSNull`), for the decoding diagnosis: the value at a coding path, its kind, its first characters.
enum JSONReading {
    /// The value at `path` (keys and indices), or `nil`.
    static func value(at path: [any CodingKey], in root: Any) -> Any? {
        var current: Any = root
        for key in path {
            if let object = current as? [String: Any], let next = object[key.stringValue] {
                current = next
            } else if let array = current as? [Any], let index = key.intValue, array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// The JSON kind of `value`; `nil` for something `JSONSerialization` never makes.
    static func kind(of value: Any) -> DecodingFailure.JSONKind? {
        switch value {
        case is NSNull: return .null
        case is String: return .string
        case is [Any]: return .array
        case is [String: Any]: return .object
        case let number as NSNumber: return CFGetTypeIDIsBool(number) ? .bool : .number
        default: return nil
        }
    }

    /// The JSON kind a Swift type is read from.
    static func kind(ofType type: Any.Type) -> DecodingFailure.JSONKind {
        let name = "\(type)"
        if name.hasPrefix("Array") || name.hasPrefix("[") || name.hasPrefix("Set") { return .array }
        if name.hasPrefix("Dictionary") { return .object }
        if name == "String" || name == "URL" || name == "UUID" { return .string }
        if name == "Bool" { return .bool }
        let numbers = ["Int", "Double", "Float", "Decimal", "Date", "UInt", "CGFloat"]
        if numbers.contains(where: { name.hasPrefix($0) }) { return .number }
        return .object
    }

    /// The value as compact JSON, at most 40 characters.
    static func text(_ value: Any) -> String {
        if let string = value as? String { return firstBytes("\"" + string + "\"") }
        if value is NSNull { return "null" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        else { return "" }
        return firstBytes(String(decoding: data, as: UTF8.self))
    }

    /// The first 40 characters of `text`, on one line.
    static func firstBytes(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 40 ? String(line.prefix(40)) + "…" : line
    }

    /// `releaseDate` → `release_date`.
    /// `release_date` → `releaseDate`, as `.convertFromSnakeCase` renames a key (leading and trailing
    /// underscores kept).
    static func camelCase(_ key: String) -> String {
        let core = key.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        guard !core.isEmpty, let start = key.range(of: core) else { return key }
        let words = core.split(separator: "_", omittingEmptySubsequences: true)
        let joined = words.enumerated().map {
            $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst().lowercased()
        }
        .joined()
        return String(key[..<start.lowerBound]) + joined + String(key[start.upperBound...])
    }

    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                if !result.isEmpty { result.append("_") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A key lowercased without `_` or `-`, to find the same name spelled otherwise.
    static func loose(_ key: String) -> String {
        key.lowercased().filter { $0 != "_" && $0 != "-" }
    }

    /// The first string in `root` (depth first, keys in order) that looks like a date, with its key.
    static func firstDateLike(in root: Any) -> (key: String, value: String)? {
        if let object = root as? [String: Any] {
            for key in object.keys.sorted() {
                if let string = object[key] as? String, DateFormatGuess.format(of: string) != nil {
                    return (key, string)
                }
                if let found = firstDateLike(in: object[key] as Any) { return found }
            }
        } else if let array = root as? [Any] {
            for element in array { if let found = firstDateLike(in: element) { return found } }
        }
        return nil
    }

    private static func CFGetTypeIDIsBool(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        return String(cString: number.objCType) == "c"
        #endif
    }
}

/// Recognises the date formats APIs send, for the `dateDecodingStrategy` a message names.
enum DateFormatGuess {
    /// The format of a date in `string`; `nil` when it looks like none.
    static func format(of string: String) -> DecodingFailure.DateFormat? {
        let text = string.trimmingCharacters(in: .whitespaces)
        let digits = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index < digits.count && (48...57).contains(digits[index]) }
        let datePart =
            digits.count >= 10 && (0..<4).allSatisfy(isDigit) && digits[4] == 45 && isDigit(5) && isDigit(6)
            && digits[7] == 45 && isDigit(8) && isDigit(9)
        if datePart && digits.count == 10 { return .yearMonthDay }
        if datePart && digits.count >= 16 && (digits[10] == 84 || digits[10] == 32) && isDigit(11) { return .iso8601 }
        if !text.isEmpty, text.allSatisfy(\.isNumber) {
            if (9...10).contains(text.count) { return .secondsSince1970 }
            if (12...13).contains(text.count) { return .millisecondsSince1970 }
        }
        return nil
    }
}
