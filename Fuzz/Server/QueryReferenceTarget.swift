import Foundation

// MARK: - The --api query language against a slow, plain reference

/// A query built from the input out of known pieces (filters in both spellings with every operator,
/// `q`, `_sort`/`_order`, `_start`/`_end`/`_limit`, `_page`), answered by the server on the six movies
/// of ``fuzzMoviesJSON`` and by ``ReferenceQuery``, a plain reading of the README's rules: the same
/// status, the same items in the same order, the same `X-Total-Count`.
let queryReferenceFuzzTarget = FuzzTarget(name: "query-reference") { data in
    var bytes = data.makeIterator()
    var items: [(name: String, value: String)] = []
    for _ in 0..<6 {
        guard let kind = bytes.next(), let a = bytes.next(), let b = bytes.next() else { break }
        items.append(ReferenceQuery.item(kind: kind, a, b))
    }
    let target =
        "/movies?"
        + items.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }
        .joined(separator: "&")
    let response = fuzzMovies.list("movies", fuzzContext(target: target))
    let movies = (try? JSONReader.parse(Data(fuzzMoviesJSON.utf8)).value.objectValue?["movies"]) ?? nil
    guard case .array(let all)? = movies else { fatalError("the fuzz movies do not read") }
    let expected = ReferenceQuery.answer(items, all)
    switch expected {
    case nil:
        fuzzCheck(response.status == 400, "\(target): \(response.status), expected 400")
    case (let ids, let total)?:
        fuzzCheck(
            response.status == 200,
            "\(target): \(response.status) \(String(decoding: response.body, as: UTF8.self)), expected 200")
        guard case .array(let shown)? = try? JSONReader.parse(response.body).value else {
            fatalError("fuzz property failed: \(target): not an array")
        }
        let got = shown.map { Database.id(of: $0) ?? "?" }
        let count = response.fields.first { $0.name == "X-Total-Count" }?.value
        fuzzCheck(
            got == ids && count == String(total), "\(target): \(got) of \(count ?? "-"), expected \(ids) of \(total)")
    }
}

private func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "_-.:[]")))
        ?? text
}

/// The query language read plainly, for small collections and the pieces ``item(kind:_:_:)`` builds.
enum ReferenceQuery {
    static let fields = ["id", "title", "year", "rating", "genre", "tags", "director.name", "tags[0]"]
    static let values = [
        "1", "2", "2010", "2005", "6.9", "7.5", "8", "8.0", "drama", "Drama", "action", "sea", "space", "Bay",
        "Lee", "null", "the end", "42", "5a", "", "zz", "-1", "1e3", "2001.5", "The Island",
    ]
    static let patterns = ["dr", "^the", "a$", "SEA", "", "^42$", "e", "island", "^ä"]
    static let operators = ["lt", "lte", "gt", "gte", "ne", "like", "eq"]
    static let sortKeys = ["year", "-year", "title", "rating", "-rating", "id", "genre", "tags"]

    /// One query item from three input bytes.
    static func item(kind: UInt8, _ a: UInt8, _ b: UInt8) -> (name: String, value: String) {
        switch kind % 10 {
        case 0...3:
            let field = fields[Int(a) % fields.count]
            let op = operators[Int(a / 16) % operators.count]
            let value = op == "like" ? patterns[Int(b) % patterns.count] : values[Int(b) % values.count]
            if op == "eq" { return (kind % 2 == 0 ? field : field + ":eq", value) }
            return (kind % 2 == 0 ? field + "_" + op : field + ":" + op, value)
        case 4: return ("q", ["sea", "BAY", "20", "x", "e", "Ä"][Int(a) % 6])
        case 5:
            let keys = [sortKeys[Int(a) % sortKeys.count], sortKeys[Int(b) % sortKeys.count]]
            return ("_sort", b % 3 == 0 ? keys.joined(separator: ",") : keys[0])
        case 6: return (a % 4 == 0 ? "_order" : "_start", a % 4 == 0 ? ["asc", "desc"][Int(b) % 2] : String(b % 10))
        case 7: return ("_end", String(a % 10))
        case 8: return ("_limit", String(1 + a % 5))
        default: return ("_page", String(1 + a % 4))
        }
    }

    /// The ids shown and the total before cutting, or nil for a 400.
    static func answer(_ items: [(name: String, value: String)], _ all: [ServerJSON]) -> ([String], Int)? {
        var names: [String] = []
        var valuesByName: [String: [String]] = [:]
        for (name, value) in items {
            if valuesByName[name] == nil { names.append(name) }
            valuesByName[name, default: []].append(value)
        }
        func last(_ name: String) -> String? { valuesByName[name]?.last }
        var kept = all
        for name in names where !name.hasPrefix("_") && name != "q" {
            let (field, op) = split(name)
            let wanted = valuesByName[name]!
            if ["lt", "lte", "gt", "gte"].contains(op) {
                if wanted.contains("") { return nil }
                let present = all.compactMap { value(at: field, in: $0) }.filter { $0 != .null }
                let numeric = !present.isEmpty && present.allSatisfy { $0.numberValue != nil }
                if numeric && wanted.contains(where: { Double($0)?.isFinite != true }) { return nil }
            }
            kept = kept.filter { holds(value(at: field, in: $0), op, wanted) }
        }
        if let text = last("q") { kept = kept.filter { contains($0, text) } }
        if valuesByName["_order"] != nil && valuesByName["_sort"] == nil { return nil }
        if let sort = last("_sort") {
            let orders = last("_order")?.split(separator: ",").map(String.init) ?? []
            let keys = sort.split(separator: ",").map(String.init)
            if orders.count > keys.count { return nil }
            kept = sorted(
                kept,
                keys.enumerated().map { index, key in
                    (
                        key.hasPrefix("-") ? String(key.dropFirst()) : key,
                        key.hasPrefix("-") || (index < orders.count && orders[index] == "desc")
                    )
                })
        }
        let total = kept.count
        let start = last("_start").map { Int($0)! }
        let end = last("_end").map { Int($0)! }
        let limit = last("_limit").map { Int($0)! }
        let page = last("_page").map { Int($0)! }
        if page != nil && (start != nil || end != nil) { return nil }
        if let start, let end, end < start { return nil }
        var window = kept
        if page != nil || (limit != nil && start == nil && end == nil) {
            let size = limit ?? 10
            let first = ((page ?? 1) - 1) * size
            window = Array(kept.dropFirst(first).prefix(size))
        } else if start != nil || end != nil || limit != nil {
            let from = start ?? 0
            let to = end ?? limit.map { from + $0 } ?? total
            window = Array(kept.dropFirst(from).prefix(max(0, to - from)))
        }
        return (window.map { Database.id(of: $0) ?? "?" }, total)
    }

    /// `year_gte` and `year:gte` → (`year`, `gte`); a plain field is `eq`.
    static func split(_ name: String) -> (String, String) {
        if let colon = name.lastIndex(of: ":") {
            return (String(name[..<colon]), String(name[name.index(after: colon)...]))
        }
        for op in operators where name.hasSuffix("_" + op) { return (String(name.dropLast(op.count + 1)), op) }
        return (name, "eq")
    }

    /// The value at a dotted path with `[n]` indexes; nil when a step is missing.
    static func value(at field: String, in item: ServerJSON) -> ServerJSON? {
        var current: ServerJSON? = item
        for part in field.split(separator: ".") {
            let name = part.prefix { $0 != "[" }
            current = current?.objectValue?[String(name)]
            if part.contains("["), let index = Int(part.drop { $0 != "[" }.dropFirst().dropLast()) {
                guard case .array(let elements)? = current, index < elements.count else { return nil }
                current = elements[index]
            }
        }
        return current
    }

    static func text(_ value: ServerJSON) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: return nil
        }
    }

    static func holds(_ value: ServerJSON?, _ op: String, _ wanted: [String]) -> Bool {
        guard let value else { return op == "ne" }
        if case .array(let elements) = value, op != "ne" { return elements.contains { holds($0, op, wanted) } }
        func equal(_ w: String) -> Bool {
            if value == .null { return w == "null" }
            if let number = value.numberValue, let other = Double(w), other.isFinite { return number == other }
            return text(value) == w
        }
        switch op {
        case "eq": return wanted.contains(where: equal)
        case "ne": return !wanted.contains(where: equal)
        case "like":
            guard let text = text(value)?.lowercased(), let pattern = wanted.last?.lowercased() else { return false }
            let core = pattern.trimmingCharacters(in: CharacterSet(charactersIn: "^$"))
            if pattern.hasPrefix("^") && pattern.hasSuffix("$") && pattern.count > 1 { return text == core }
            if pattern.hasPrefix("^") { return text.hasPrefix(core) }
            if pattern.hasSuffix("$") { return text.hasSuffix(core) }
            return core.isEmpty || text.contains(core)
        default:
            return wanted.allSatisfy { w in
                let order: Int
                if let number = value.numberValue {
                    guard let other = Double(w), other.isFinite else { return false }
                    order = number < other ? -1 : number > other ? 1 : 0
                } else if case .string(let text) = value {
                    order = text < w ? -1 : text > w ? 1 : 0
                } else {
                    return false
                }
                switch op {
                case "lt": return order < 0
                case "lte": return order <= 0
                case "gt": return order > 0
                default: return order >= 0
                }
            }
        }
    }

    static func contains(_ value: ServerJSON, _ text: String) -> Bool {
        switch value {
        case .string(let string): return scalars(of: string, contain: text)
        case .int, .double: return scalars(of: self.text(value)!, contain: text)
        case .array(let elements): return elements.contains { contains($0, text) }
        case .object(let members): return members.values.contains { contains($0, text) }
        default: return false
        }
    }

    /// json-server's `String(value).toLowerCase().indexOf(q.toLowerCase())`: code points, not characters
    /// (and not Foundation's `contains`, which traps on Linux for a text that ends in NUL characters).
    static func scalars(of string: String, contain text: String) -> Bool {
        let haystack = Array(string.lowercased().unicodeScalars)
        let needle = Array(text.lowercased().unicodeScalars)
        return needle.isEmpty
            || haystack.indices.contains { start in
                haystack[start...].starts(with: needle)
            }
    }

    /// Stable; numbers before strings before booleans, missing and null last either way.
    static func sorted(_ items: [ServerJSON], _ keys: [(String, Bool)]) -> [ServerJSON] {
        func before(_ a: ServerJSON, _ b: ServerJSON) -> Bool {
            for (field, descending) in keys {
                let x = rank(value(at: field, in: a))
                let y = rank(value(at: field, in: b))
                if x.0 != y.0 { return x.0 < y.0 }
                if x.1 != y.1 { return descending ? x.1 > y.1 : x.1 < y.1 }
                if x.2 != y.2 { return descending ? x.2 > y.2 : x.2 < y.2 }
            }
            return false
        }
        var result: [ServerJSON] = []
        for item in items {
            let index = result.firstIndex { before(item, $0) } ?? result.endIndex
            result.insert(item, at: index)
        }
        return result
    }

    static func rank(_ value: ServerJSON?) -> (Int, Double, String) {
        switch value {
        case .int(let number)?: return (0, Double(number), "")
        case .double(let number)?: return (0, number, "")
        case .string(let text)?: return (1, 0, text)
        case .bool(let flag)?: return (2, flag ? 1 : 0, "")
        default: return (3, 0, "")
        }
    }
}
