import Foundation

/// A function-like declaration of the package's Swift sources: a `func`, an `init` or an enum `case`
/// with associated values, with its argument labels.
struct SwiftDeclaration: Equatable {
    /// `send`, `init`, `httpStatus`.
    let baseName: String
    /// One per parameter: its argument label, `_` when it has none.
    let labels: [String]
    /// One per parameter: whether it has a default value (a call may leave it out).
    let hasDefault: [Bool]
    /// The innermost type or extension the declaration is in (`Options` for `extension APIClient.Options`).
    let enclosingType: String?
    /// The file, relative to the repository.
    let file: String

    /// Whether a call spelled with `labels`, in order, reaches this declaration: every label of the
    /// declaration named, or left out only where the parameter has a default.
    func accepts(_ named: [String]) -> Bool {
        var next = named[...]
        for (label, optional) in zip(labels, hasDefault) {
            if next.first == label {
                next = next.dropFirst()
            } else if !optional {
                return false
            }
        }
        return next.isEmpty
    }
}

/// Finds declarations in Swift source text: comments and string literals are blanked first (string
/// interpolations included), then `func`, `init` and enum `case` declarations are read with their
/// parameter lists, over any number of lines, with generics, attributes, closures and default values.
enum SwiftDeclarationScanner {
    /// The declarations of every `.swift` file under `folders` (relative to `root`), and the names of the
    /// types they declare: each file read and scanned once.
    static func scan(under folders: [String], root: URL) throws -> (
        declarations: [SwiftDeclaration], typeNames: Set<String>
    ) {
        var found: [SwiftDeclaration] = []
        var names: Set<String> = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walker where file.pathExtension == "swift" {
                let relative = String(file.path.dropFirst(root.path.count + 1))
                let tokens = tokenize(blankingCommentsAndStrings(try String(contentsOf: file, encoding: .utf8)))
                found += declarations(tokens: tokens, file: relative)
                names.formUnion(typeNames(tokens: tokens))
            }
        }
        return (found, names)
    }

    /// The names of the types the sources declare (`struct`, `class`, `enum`, `actor`, `protocol`,
    /// `typealias`), read from the same scan.
    static func typeNames(in source: String) -> Set<String> {
        typeNames(tokens: tokenize(blankingCommentsAndStrings(source)))
    }

    private static func typeNames(tokens: [String]) -> Set<String> {
        var names: Set<String> = []
        for (index, token) in tokens.enumerated().dropLast()
        where token != "extension" && (typeKeywords.contains(token) || token == "typealias") {
            let name = tokens[index + 1]
            if isIdentifier(name) { names.insert(name) }
        }
        return names
    }

    /// The declarations of one file's text.
    static func declarations(in source: String, file: String) -> [SwiftDeclaration] {
        declarations(tokens: tokenize(blankingCommentsAndStrings(source)), file: file)
    }

    private static func declarations(tokens: [String], file: String) -> [SwiftDeclaration] {
        var found: [SwiftDeclaration] = []
        // One entry per open brace: the type it opens (name and keyword), or nil for any other block.
        var scopes: [(name: String, keyword: String)?] = []
        var pendingType: (name: String, keyword: String)?
        var index = 0
        func declared(_ name: String, _ parameters: [[String]]) {
            // A function declared inside a function or a closure is no API: only type members and
            // top-level functions count.
            if let innermost = scopes.last, innermost == nil { return }
            found.append(
                SwiftDeclaration(
                    baseName: name,
                    labels: parameters.map(label(of:)),
                    hasDefault: parameters.map { $0.contains("=") },
                    enclosingType: scopes.last(where: { $0 != nil })??.name,
                    file: file))
        }
        while index < tokens.count {
            let token = tokens[index]
            let previous = index > 0 ? tokens[index - 1] : ""
            switch token {
            case "{":
                scopes.append(pendingType)
                pendingType = nil
            case "}":
                _ = scopes.popLast()
            case _ where typeKeywords.contains(token) && previous != ".":
                // `class func` and `class var` are members, not types.
                var next = index + 1
                guard next < tokens.count, isIdentifier(tokens[next]), !memberKeywords.contains(tokens[next]) else {
                    break
                }
                var name = tokens[next]
                while next + 2 < tokens.count, tokens[next + 1] == ".", isIdentifier(tokens[next + 2]) {
                    next += 2
                    name = tokens[next]
                }
                pendingType = (name, token)
                index = next
            case "func" where index + 1 < tokens.count && isIdentifier(tokens[index + 1]):
                var next = skipGenerics(tokens, from: index + 2)
                if next < tokens.count, tokens[next] == "(" {
                    let (parameters, end) = parameterList(tokens, openingAt: next)
                    declared(unquoted(tokens[index + 1]), parameters)
                    next = end
                }
                index = next - 1
            case "init" where previous != ".":
                var next = index + 1
                if next < tokens.count, tokens[next] == "?" || tokens[next] == "!" { next += 1 }
                next = skipGenerics(tokens, from: next)
                if next < tokens.count, tokens[next] == "(" {
                    let (parameters, end) = parameterList(tokens, openingAt: next)
                    declared("init", parameters)
                    next = end
                }
                index = next - 1
            case "case" where scopes.last??.keyword == "enum":
                // `case a(x: Int), b(String), c` declares a and b as function-like cases.
                var next = index + 1
                while next < tokens.count, isIdentifier(tokens[next]) {
                    let name = unquoted(tokens[next])
                    next += 1
                    if next < tokens.count, tokens[next] == "(" {
                        let (parameters, end) = parameterList(tokens, openingAt: next)
                        declared(name, parameters)
                        next = end
                    }
                    guard next < tokens.count, tokens[next] == "," else { break }
                    next += 1
                }
                index = next - 1
            default:
                break
            }
            index += 1
        }
        return found
    }

    // MARK: - Declarations

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let memberKeywords: Set<String> = [
        "func", "var", "let", "init", "subscript", "static", "final", "override", "public", "private",
        "internal", "fileprivate", "open", "package", "nonisolated", "convenience", "required", "mutating",
    ]

    /// The argument label of one parameter's tokens: its first word before the top-level colon, or `_`
    /// for an enum case's unlabeled associated value.
    private static func label(of parameter: [String]) -> String {
        var depth = 0
        for token in parameter {
            depth += bracketChange(token)
            if token == ":" && depth == 0 {
                // `@ViewBuilder content:`: an attribute may stand before the name.
                return parameter.first(where: { !$0.hasPrefix("@") }).map(unquoted) ?? "_"
            }
        }
        return "_"
    }

    /// The parameters (each its tokens) of the list whose `(` is at `start`, split at top-level commas,
    /// and the index after its `)`.
    private static func parameterList(_ tokens: [String], openingAt start: Int) -> ([[String]], Int) {
        var parameters: [[String]] = []
        var current: [String] = []
        var depth = 0
        var index = start + 1
        while index < tokens.count {
            let token = tokens[index]
            if token == ")" && depth == 0 { break }
            if token == "," && depth == 0 {
                parameters.append(current)
                current = []
            } else {
                depth += bracketChange(token)
                current.append(token)
            }
            index += 1
        }
        if !current.isEmpty { parameters.append(current) }
        return (parameters, index + 1)
    }

    /// After a name, the index past its generic parameter clause `<...>` if it has one.
    private static func skipGenerics(_ tokens: [String], from start: Int) -> Int {
        guard start < tokens.count, tokens[start].hasPrefix("<") else { return start }
        var depth = 0
        var index = start
        repeat {
            depth += angleChange(tokens[index])
            index += 1
        } while index < tokens.count && depth > 0
        return index
    }

    /// How a token changes the nesting of (), [], {} and <> (`->` is not a bracket).
    private static func bracketChange(_ token: String) -> Int {
        switch token {
        case "(", "[", "{": return 1
        case ")", "]", "}": return -1
        default: return angleChange(token)
        }
    }

    private static func angleChange(_ token: String) -> Int {
        guard isOperator(token) else { return 0 }
        var change = 0
        var previous: Character = " "
        for character in token {
            if character == "<" { change += 1 }
            if character == ">" && previous != "-" { change -= 1 }
            previous = character
        }
        return change
    }

    // MARK: - Tokens

    private static let operatorCharacters = Set("/=-+!*%<>&|^~?")

    private static func isOperator(_ token: String) -> Bool {
        token.allSatisfy(operatorCharacters.contains)
    }

    private static func isIdentifier(_ token: String) -> Bool {
        guard let first = token.first else { return false }
        return first == "`" || first == "_" || first.isLetter
    }

    private static func unquoted(_ token: String) -> String {
        token.hasPrefix("`") ? String(token.dropFirst().dropLast()) : token
    }

    /// Identifiers (backquoted ones whole), numbers, runs of operator characters, and every other
    /// character alone. `@` and `#` stay on their word (`@escaping`, `#if`).
    private static func tokenize(_ code: String) -> [String] {
        var tokens: [String] = []
        let characters = Array(code)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            var end = index + 1
            if character.isWhitespace {
                index += 1
                continue
            } else if character == "`" {
                while end < characters.count && characters[end] != "`" { end += 1 }
                end = min(end + 1, characters.count)
            } else if character.isLetter || character.isNumber || "_@#$".contains(character) {
                while end < characters.count
                    && (characters[end].isLetter || characters[end].isNumber || characters[end] == "_")
                {
                    end += 1
                }
            } else if character == "." && index + 1 < characters.count && characters[index + 1] == "." {
                // `...` and `..<`: one token, which is not a bracket.
                while end < characters.count && (characters[end] == "." || operatorCharacters.contains(characters[end]))
                {
                    end += 1
                }
            } else if operatorCharacters.contains(character) {
                while end < characters.count && operatorCharacters.contains(characters[end]) { end += 1 }
            }
            tokens.append(String(characters[index..<end]))
            index = end
        }
        return tokens
    }

    // MARK: - Comments and strings

    /// The source with every comment and every string literal's content replaced by spaces (newlines
    /// kept): line, block (nested) and doc comments; plain, multi-line and raw strings, with their
    /// interpolations.
    static func blankingCommentsAndStrings(_ source: String) -> String {
        var blanker = Blanker(Array(source))
        _ = blanker.code(from: 0, untilClosingParenthesis: false)
        return String(blanker.characters)
    }

    private struct Blanker {
        var characters: [Character]

        init(_ characters: [Character]) { self.characters = characters }

        private func at(_ index: Int) -> Character? {
            index < characters.count ? characters[index] : nil
        }

        private mutating func blank(_ range: Range<Int>) {
            for index in range where index < characters.count && characters[index] != "\n" {
                characters[index] = " "
            }
        }

        /// Code from `start`; returns the index after the `)` that closes an interpolation, or the end.
        mutating func code(from start: Int, untilClosingParenthesis: Bool) -> Int {
            var index = start
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                if character == "/" && at(index + 1) == "/" {
                    var end = index
                    while end < characters.count && characters[end] != "\n" { end += 1 }
                    blank(index..<end)
                    index = end
                } else if character == "/" && at(index + 1) == "*" {
                    var end = index + 2
                    var nesting = 1
                    while end < characters.count && nesting > 0 {
                        if characters[end] == "/" && at(end + 1) == "*" {
                            nesting += 1
                            end += 1
                        } else if characters[end] == "*" && at(end + 1) == "/" {
                            nesting -= 1
                            end += 1
                        }
                        end += 1
                    }
                    blank(index..<end)
                    index = end
                } else if let end = string(at: index) {
                    index = end
                } else {
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if untilClosingParenthesis && depth == 0 { return index + 1 }
                        depth -= 1
                    }
                    index += 1
                }
            }
            return index
        }

        /// When a string literal starts at `start` (`"`, `"""`, `#"`...), blanks its content and returns the
        /// index after it; nil otherwise.
        private mutating func string(at start: Int) -> Int? {
            var hashes = 0
            while at(start + hashes) == "#" { hashes += 1 }
            guard at(start + hashes) == "\"" else { return nil }
            let open = start + hashes
            let multiline = at(open + 1) == "\"" && at(open + 2) == "\""
            let quotes = multiline ? 3 : 1
            var index = open + quotes
            let closing = Array(String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes))
            while index < characters.count {
                if characters[index] == "\\" && (0..<hashes).allSatisfy({ at(index + 1 + $0) == "#" }) {
                    let next = index + 1 + hashes
                    if at(next) == "(" {
                        let end = code(from: next + 1, untilClosingParenthesis: true)
                        blank(index..<end)
                        index = end
                    } else {
                        blank(index..<(next + 1))
                        index = next + 1
                    }
                } else if characters[index...].starts(with: closing) {  // no copy a character
                    return index + closing.count
                } else if !multiline && characters[index] == "\n" {
                    return index  // unterminated: never swallow the rest of the file
                } else {
                    blank(index..<(index + 1))
                    index += 1
                }
            }
            return index
        }
    }
}
