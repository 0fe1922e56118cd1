import Foundation

// MARK: - Reading JSON with lines

/// A parsed JSON value that remembers the line each value starts on, for error messages that name a line.
/// The value itself is a ``ServerJSON`` (the server's one JSON type); arrays and objects also keep their
/// children located, so a message about a member names the member's line.
struct LocatedJSON: Sendable {
    /// The 1-based line the value starts on.
    let line: Int
    /// The plain value, without lines.
    let value: ServerJSON
    /// An array's elements with their lines; nil for any other value.
    let elements: [LocatedJSON]?
    /// An object's members with their lines; nil for any other value.
    let members: [String: LocatedJSON]?

    /// A value with no children: null, a boolean, a number or a string.
    init(line: Int, scalar: ServerJSON) {
        self.line = line
        value = scalar
        elements = nil
        members = nil
    }

    /// An array of located elements.
    init(line: Int, elements: [LocatedJSON]) {
        self.line = line
        value = .array(elements.map(\.value))
        self.elements = elements
        members = nil
    }

    /// An object of located members.
    init(line: Int, members: [String: LocatedJSON]) {
        self.line = line
        value = .object(members.mapValues(\.value))
        elements = nil
        self.members = members
    }

    /// A word for the kind of value, for messages ("an object", "a string"...): ``ServerJSON/kindName``.
    var kindName: String { value.kindName }
}

/// A JSON syntax error and the line it is on.
struct JSONSyntaxError: Error, Sendable {
    /// The 1-based line.
    let line: Int
    /// What is wrong, as facts each language writes (a request body's error is a `Teaching`).
    let problem: Problem

    /// What the reader found wrong.
    enum Problem: Sendable, Equatable {
        case textAfterValue, unexpectedEnd, unexpectedEndInObject, unexpectedEndInArray, unexpectedCharacter
        /// `tru`, `nul`...: the literal that was expected.
        case invalidLiteral(expected: String)
        /// Arrays and objects nested deeper than `limit`.
        case nestedTooDeep(limit: Int)
        case expectedMemberName, expectedColon, expectedCommaOrBrace, expectedCommaOrBracket
        /// A member name used twice in one object.
        case duplicateMember(String)
        case invalidSurrogatePair, invalidUnicodeEscape, invalidEscape, controlCharacterInString
        case unterminatedString, leadingZero, digitsAfterPoint, digitsInExponent, invalidNumber
        /// A number beyond ±1.8e308 (its first 40 characters).
        case numberOutOfRange(String)
    }
}

/// A small strict JSON parser (RFC 8259) that records lines; nesting deeper than 200 levels is an error.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0

    /// Parses all of `data` as one JSON value.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> LocatedJSON {
        var reader = JSONReader(bytes: [UInt8](data))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.parseValue()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.error(.textAfterValue) }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
        JSONSyntaxError(line: line, problem: problem)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> LocatedJSON {
        skipSpace()
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        let start = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return LocatedJSON(line: start, members: try parseObject())
        case UInt8(ascii: "["): return LocatedJSON(line: start, elements: try parseArray())
        case UInt8(ascii: "\""): return LocatedJSON(line: start, scalar: .string(try parseString()))
        case UInt8(ascii: "t"): try literal("true"); return LocatedJSON(line: start, scalar: .bool(true))
        case UInt8(ascii: "f"): try literal("false"); return LocatedJSON(line: start, scalar: .bool(false))
        case UInt8(ascii: "n"): try literal("null"); return LocatedJSON(line: start, scalar: .null)
        default: return LocatedJSON(line: start, scalar: try parseNumber())
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error(.invalidLiteral(expected: word))
        }
        index += expected.count
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        if depth > 200 { throw error(.nestedTooDeep(limit: 200)) }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [String: LocatedJSON] {
        try nest()
        defer { depth -= 1 }
        index += 1
        var members: [String: LocatedJSON] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error(.expectedMemberName) }
            let key = try parseString()
            if members[key] != nil { throw error(.duplicateMember(key)) }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
            index += 1
            members[key] = try parseValue()
            skipSpace()
            guard index < bytes.count else { throw error(.unexpectedEndInObject) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            } else {
                throw error(.expectedCommaOrBrace)
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [LocatedJSON] {
        try nest()
        defer { depth -= 1 }
        index += 1
        var elements: [LocatedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try parseValue())
            skipSpace()
            guard index < bytes.count else { throw error(.unexpectedEndInArray) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            } else {
                throw error(.expectedCommaOrBracket)
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error(.invalidSurrogatePair) }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error(.invalidUnicodeEscape) }
                    scalars.append(scalar)
                default: throw error(.invalidEscape)
                }
            case 0x00..<0x20: throw error(.controlCharacterInString)
            default: raw.append(byte)
            }
        }
        throw error(.unterminatedString)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4,
            let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { throw error(.invalidUnicodeEscape) }
        index += 4
        return code
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> ServerJSON {
        let start = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw error(.unexpectedCharacter) }
        if index - digitsStart > 1, bytes[digitsStart] == 0x30 { throw error(.leadingZero) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fraction = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw error(.digitsAfterPoint) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponent = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > exponent else { throw error(.digitsInExponent) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text), number.isFinite else {
            throw error(Double(text) == nil ? .invalidNumber : .numberOutOfRange(String(text.prefix(40))))
        }
        return .double(number)
    }
}
