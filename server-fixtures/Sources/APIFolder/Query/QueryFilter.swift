import Foundation

// MARK: - Field paths and filters of the query language

/// A path into an item, as a query names it: `genre`, `author.name`, `tags[0]`.
struct FieldPath: Sendable, Equatable, CustomStringConvertible {
    /// One step: an object member or an array index.
    enum Step: Sendable, Equatable {
        case member(String)
        case index(Int)
    }

    /// The steps, first to last.
    let steps: [Step]
    /// The path as written in the query.
    let description: String

    /// Reads `text` (at most 200 characters, 16 steps, indexes up to 100,000); nil when it is not a path.
    init?(_ text: String) {
        guard !text.isEmpty, text.count <= 200 else { return nil }
        var steps: [Step] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let name = rest.prefix { $0 != "[" }
            guard !name.isEmpty else { return nil }
            steps.append(.member(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let digits = rest[rest.index(after: rest.startIndex)..<close]
                guard (1...6).contains(digits.count), digits.allSatisfy(\.isASCII), let index = Int(digits),
                    index <= 100_000
                else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        guard steps.count <= 16 else { return nil }
        self.steps = steps
        description = text
    }

    /// The value at this path in `item`, or nil when a step is missing.
    func value(in item: ServerJSON) -> ServerJSON? {
        var current = item
        for step in steps {
            switch (step, current) {
            case (.member(let name), .object(let members)):
                guard let next = members[name] else { return nil }
                current = next
            case (.index(let index), .array(let elements)):
                guard index < elements.count else { return nil }
                current = elements[index]
            default: return nil
            }
        }
        return current
    }
}

/// One condition on items: a field path, an operator and the values of every query item that named it.
struct QueryFilter: Sendable {
    /// The comparison, in both json-server spellings: `views_gte=` (v0.17) and `views:gte=` (v1).
    enum Operator: String, Sendable, CaseIterable {
        case eq, ne, lt, lte, gt, gte, like
    }

    /// The query item's name as sent, for error messages (`views_gte`).
    let parameter: String
    let path: FieldPath
    let op: Operator
    /// The values (`id=1&id=2` is two): equality holds when any one matches; other operators need each to hold.
    let values: [String]
    /// The compiled pattern of a `_like` filter.
    let pattern: SafePattern?

    /// Whether `item` passes. Arrays match when one of their elements does (`tags=space`).
    func holds(for item: ServerJSON) -> Bool {
        guard let value = path.value(in: item) else { return op == .ne }
        if case .array(let elements) = value, op != .ne {
            return elements.contains { holds(value: $0) }
        }
        return holds(value: value)
    }

    private func holds(value: ServerJSON) -> Bool {
        switch op {
        case .eq: return values.contains { Self.equals(value, $0) }
        case .ne: return values.allSatisfy { !Self.equals(value, $0) }
        case .like: return value.queryText.map { pattern?.matches($0) ?? false } ?? false
        case .lt, .lte, .gt, .gte:
            return values.allSatisfy { wanted in
                guard let order = Self.compare(value, wanted) else { return false }
                switch op {
                case .lt: return order < 0
                case .lte: return order <= 0
                case .gt: return order > 0
                default: return order >= 0
                }
            }
        }
    }

    /// `value` as a query compares it: `null` equals the word `null`, numbers compare by value (`7` = `7.0`).
    private static func equals(_ value: ServerJSON, _ wanted: String) -> Bool {
        if case .null = value { return wanted == "null" }
        if let number = value.numberValue, let other = Double(wanted), other.isFinite { return number == other }
        return value.queryText == wanted
    }

    /// -1, 0 or 1: numbers by value when the query value is a number, strings by text; nil when not comparable.
    private static func compare(_ value: ServerJSON, _ wanted: String) -> Int? {
        if let number = value.numberValue {
            guard let other = Double(wanted), other.isFinite else { return nil }
            return number < other ? -1 : number > other ? 1 : 0
        }
        guard case .string(let text) = value else { return nil }
        return text < wanted ? -1 : text > wanted ? 1 : 0
    }
}

extension ServerJSON {
    /// The number of an integer or a double, else nil.
    var numberValue: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// Whether any string in this value (objects and arrays searched through) contains the search's text,
    /// ignoring case: json-server's `q` full-text search. Numbers are searched as written.
    func containsText(_ search: FullTextSearch) -> Bool {
        switch self {
        case .string(let string): return search.isFound(in: string)
        case .int, .double: return queryText.map(search.isFound(in:)) ?? false
        case .array(let elements): return elements.contains { $0.containsText(search) }
        case .object(let members): return members.values.contains { $0.containsText(search) }
        case .null, .bool: return false
        }
    }
}

/// The text of a `q` search, lowercased once per request, found in a string once that is lowercased too,
/// compared byte by byte in UTF-8 (as json-server lowercases both and compares code units). Not Foundation's
/// `range(of:options:)` nor its `contains(_:)`: on Linux both trap ("String index is out of bounds") for a
/// text that ends in NUL characters (`?q=l%00%00%00`, found by the `query` fuzz target), which would take the
/// whole server down; not the standard library's `firstRange(of:)` either, new in macOS 13.
struct FullTextSearch {
    private let needle: [UInt8]

    init(_ text: String) {
        needle = Array(text.lowercased().utf8)
    }

    /// Whether the text occurs in `string`, ignoring case.
    func isFound(in string: String) -> Bool {
        guard !needle.isEmpty else { return true }
        let haystack = Array(string.lowercased().utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
