import Foundation

/// The repository's DocC articles and the function names they write in code voice.
enum DocArticles {
    /// The repository's root (this file is `Tests/ServiceLayerTests/Docs/CodeVoiceNames.swift`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where the package's Swift sources are: the declarations an article may name.
    static let sourceFolders = ["Sources", "server-fixtures"]

    /// Every `*.md` of every `*.docc` catalog under `Sources/`: (path relative to the root, text).
    static func all() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        var articles: [(path: String, text: String)] = []
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return []
        }
        for case let file as URL in walker
        where file.pathExtension == "md" && file.deletingLastPathComponent().pathExtension == "docc" {
            let path = String(file.path.dropFirst(root.path.count + 1))
            articles.append((path, try String(contentsOf: file, encoding: .utf8)))
        }
        return articles.sorted { $0.path < $1.path }
    }

    /// The package's Swift sources scanned once per test run (the scan reads and tokenizes every file of
    /// `sourceFolders`; `ArticleFunctionNamesTests` and `SourceCommentFunctionNamesTests` both need it).
    static let scanned = Result { try SwiftDeclarationScanner.scan(under: sourceFolders, root: root) }

    /// Every function-like declaration of the package's sources (see ``scanned``).
    static func packageDeclarations() throws -> [SwiftDeclaration] {
        try scanned.get().declarations
    }

    /// Every type name the package's sources declare (see ``scanned``).
    static func packageTypes() throws -> Set<String> {
        try scanned.get().typeNames
    }

    /// The text outside fenced code blocks (their Swift is compiled, and checked by `.ci/readme.py`).
    static func prose(_ text: String) -> String {
        var inFence = false
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// Every code span of the prose: `` `x` `` and ``` ``x`` ``` (a DocC symbol link), trimmed.
    static func codeSpans(_ text: String) -> [String] {
        let prose = prose(text)
        let pattern = try! NSRegularExpression(pattern: "(``|`)([^`]+?)\\1")
        let range = NSRange(prose.startIndex..., in: prose)
        return pattern.matches(in: prose, range: range).compactMap { match in
            Range(match.range(at: 2), in: prose).map {
                prose[$0].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
        }
    }
}

/// A function named in code voice: `name(label:other:)`, `Type.name(label:)`, `Type/name(_:)` (a DocC
/// link), `Type/init(label:)`, `Type(label:)` (an initializer), `variable.name(label:)`.
struct CodeVoiceName: Hashable {
    /// As the article writes it.
    let text: String
    /// The words before the name: `["APIClient"]` for `APIClient/send(_:)`, `["server"]` for
    /// `server.inject(...)`, `["APIClient", "Options"]` for `APIClient.Options(decoder:)`.
    let qualifier: [String]
    /// `send`, or `init` for an initializer.
    let baseName: String
    /// The argument labels, `_` for an unlabeled argument.
    let labels: [String]

    private static let shape = try! NSRegularExpression(
        pattern: #"^([A-Za-z_]\w*(?:[./][A-Za-z_]\w*)*)\(((?:[A-Za-z_]\w*:)*)\)(?:-[\w.]+)?$"#)

    /// The name a code span spells, or nil when the span is not a function's name (an expression, a
    /// type, a value...).
    init?(_ span: String) {
        let range = NSRange(span.startIndex..., in: span)
        guard let match = Self.shape.firstMatch(in: span, range: range),
            let path = Range(match.range(at: 1), in: span), let list = Range(match.range(at: 2), in: span)
        else { return nil }
        var words = span[path].split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
        let last = words.removeLast()
        if last == "init" {
            baseName = "init"
        } else if last.first?.isUppercase == true {
            words.append(last)  // `Type(label:)`: that type's initializer
            baseName = "init"
        } else {
            baseName = last
        }
        text = span
        qualifier = words
        labels = span[list].split(separator: ":").map(String.init)
    }

    /// The type whose member this must be, when the qualifier is all type names (`APIClient.Options`
    /// gives `Options`); nil for a free name or one reached through a variable (`server.inject`).
    var enclosingType: String? {
        guard let last = qualifier.last, qualifier.allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        return last
    }

    /// Whether the name belongs to another module: its qualifier starts with a type that the package
    /// does not declare (`Double(_:)`, `UIImage(data:)`, `RunLoop.main.run()`).
    func isForeign(packageTypes: Set<String>) -> Bool {
        guard let first = qualifier.first, first.first?.isUppercase == true else { return false }
        return !packageTypes.contains(first)
    }

    /// Whether one of `declarations` is this name: same base name, a call with these labels reaches it,
    /// and it is a member of the named type when there is one.
    func isDeclared(in declarations: [SwiftDeclaration]) -> Bool {
        declarations.contains { declaration in
            declaration.baseName == baseName && declaration.accepts(labels)
                && (enclosingType == nil || declaration.enclosingType == enclosingType)
        }
    }
}
