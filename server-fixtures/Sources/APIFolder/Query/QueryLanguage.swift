import Foundation

// MARK: - json-server's query language, both versions

/// What a `GET /<collection>` query asks for, read from the raw query so that repeated names (`id=1&id=2`)
/// are all kept. Both json-server spellings are understood where they do not conflict:
///
/// - filters: `genre=drama` (repeat for "any of"), `year_gte=2019` / `year:gte=2019` (`lt lte gt gte ne`),
///   `title_like=^the` (see ``SafePattern``), nested paths `author.name=`, `tags[0]=`;
/// - `q=` full text; `_sort=year,-rating` with `_order=asc,desc`;
/// - `_start`/`_end`/`_limit` (slice), `_page`/`_limit` (v0.17 pages: `Link` and `X-Total-Count`),
///   `_page`/`_per_page` (v1 pages: the envelope `{first, prev, next, last, pages, items, data}`);
/// - `_embed=reviews` (children), `_embed=movie` / `_expand=movie` (the parent named by `movieId`).
///
/// Anything it cannot read is a ``QueryError`` naming the parameter and what would work: a learner never
/// gets a silent `[]` for a typo.
struct CollectionQuery: Sendable {
    var filters: [QueryFilter] = []
    /// `q`: full-text search.
    var text: String?
    var sort: [(path: FieldPath, descending: Bool)] = []
    var start: Int?
    var end: Int?
    var limit: Int?
    var page: Int?
    var perPage: Int?
    /// `_embed` and `_expand` names, in order.
    var embeds: [String] = []
    var expands: [String] = []
    /// `_dependent` names (v1 `DELETE /posts/1?_dependent=comments`).
    var dependents: [String] = []

    /// The largest `_limit` / `_per_page`.
    static let maxPageSize = 1000
    /// The largest `_page`, `_start` or `_end`: beyond any collection in memory, far from overflow.
    static let maxPosition = 1_000_000_000
    /// The parameters that start with `_`.
    static let reserved = [
        "_sort", "_order", "_start", "_end", "_limit", "_page", "_per_page", "_embed", "_expand", "_dependent",
    ]

    /// A parameter that could not be read, with what would work.
    struct QueryError: Error, Sendable {
        /// What is wrong, written in each language by ``Teaching``.
        let teaching: Teaching

        init(_ teaching: Teaching) { self.teaching = teaching }

        /// The message in English.
        var message: String { teaching.english }
    }

    /// Query items an app written for a real API sends on every request, which a mock has no use for:
    /// they are read past, so that the app works unchanged against `--api` (TMDB's `api_key`, say).
    static let apiKeyItems: Set<String> = ["api_key", "apikey", "api-key", "access_token"]

    /// The query items of a raw request-target, decoded, in order (names and values kept as sent when
    /// their escapes are invalid), without the API keys of ``apiKeyItems``.
    static func items(ofTarget target: String) -> [(name: String, value: String)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: mark)...].split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0]) ?? String(parts[0])
            let value = parts.count > 1 ? (PercentDecoding.decode(parts[1]) ?? String(parts[1])) : ""
            return apiKeyItems.contains(name.lowercased()) ? nil : (name, value)
        }
    }

    /// Reads `items` for a list whose items are `elements` (to tell a typo from a field).
    static func parse(
        _ items: [(name: String, value: String)], elements: [ServerJSON]
    ) throws(QueryError) -> CollectionQuery {
        var query = CollectionQuery()
        var grouped: [(name: String, values: [String])] = []
        for (name, value) in items {
            if let index = grouped.firstIndex(where: { $0.name == name }) {
                grouped[index].values.append(value)
            } else {
                grouped.append((name, [value]))
            }
        }
        let fields = FieldCatalog(elements)
        for (name, values) in grouped {
            let value = values.last ?? ""
            switch name {
            case "_": continue  // a cache buster (jQuery's `_=<time>`)
            case "q":
                guard !value.isEmpty, value.count <= 200 else {
                    throw QueryError(.searchLength)
                }
                query.text = value
            case "_sort":
                query.sort = try sortKeys(value, order: grouped.first { $0.name == "_order" }?.values.last, fields)
            case "_order":
                guard grouped.contains(where: { $0.name == "_sort" }) else {
                    throw QueryError(.orderNeedsSort)
                }
            case "_start": query.start = try whole(name, value, 0...maxPosition)
            case "_end": query.end = try whole(name, value, 0...maxPosition)
            case "_limit": query.limit = try whole(name, value, 1...maxPageSize)
            case "_page": query.page = try whole(name, value, 1...maxPosition)
            case "_per_page": query.perPage = try whole(name, value, 1...maxPageSize)
            case "_embed": query.embeds += try names(name, values)
            case "_expand": query.expands += try names(name, values)
            case "_dependent": query.dependents += try names(name, values)
            default:
                if name.hasPrefix("_") {
                    let suggestion = EditDistance.closest(to: name, among: reserved)
                    throw QueryError(.unknownParameter(name: name, suggestion: suggestion, reserved: reserved))
                }
                query.filters.append(try filter(name, values, fields))
            }
        }
        if query.perPage != nil, query.limit != nil {
            throw QueryError(.perPageWithLimit)
        }
        if query.page != nil || query.perPage != nil, query.start != nil || query.end != nil {
            throw QueryError(.pageWithSlice)
        }
        if let start = query.start, let end = query.end, end < start {
            throw QueryError(.endBeforeStart(end: end, start: start))
        }
        return query
    }

    /// A whole number in `range`, or an error naming the parameter, the range and the value.
    static func whole(_ name: String, _ value: String, _ range: ClosedRange<Int>) throws(QueryError) -> Int {
        guard value.count <= 19, !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(value),
            range.contains(number)
        else {
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            throw QueryError(
                .notWholeNumber(parameter: name, lowest: range.lowerBound, highest: range.upperBound, value: shown))
        }
        return number
    }

    private static func names(_ name: String, _ values: [String]) throws(QueryError) -> [String] {
        let list = values.flatMap { $0.split(separator: ",").map(String.init) }
        guard !list.isEmpty, list.count <= 10, list.allSatisfy({ !$0.isEmpty && $0.count <= 100 }) else {
            throw QueryError(.namesCount(parameter: name))
        }
        return list
    }

    private static func sortKeys(_ value: String, order: String?, _ fields: FieldCatalog) throws(QueryError) -> [(
        path: FieldPath, descending: Bool
    )] {
        let keys = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let orders = order?.split(separator: ",", omittingEmptySubsequences: false).map { $0.lowercased() } ?? []
        guard (1...8).contains(keys.count) else {
            throw QueryError(.sortFieldCount)
        }
        guard orders.count <= keys.count, orders.allSatisfy({ $0 == "asc" || $0 == "desc" }) else {
            throw QueryError(.orderWords)
        }
        var result: [(path: FieldPath, descending: Bool)] = []
        for (index, key) in keys.enumerated() {
            let descendingPrefix = key.hasPrefix("-")
            let name = descendingPrefix ? String(key.dropFirst()) : key
            guard let path = FieldPath(name) else {
                throw QueryError(.sortFieldNotPath(field: key))
            }
            try fields.check(path, parameter: "_sort")
            result.append((path, descendingPrefix || (index < orders.count && orders[index] == "desc")))
        }
        return result
    }

    private static func filter(_ name: String, _ values: [String], _ fields: FieldCatalog) throws(QueryError)
        -> QueryFilter
    {
        var fieldText = name
        var op = QueryFilter.Operator.eq
        if let colon = name.lastIndex(of: ":") {
            fieldText = String(name[..<colon])
            let word = String(name[name.index(after: colon)...])
            guard let known = QueryFilter.Operator(rawValue: word) else {
                throw QueryError(
                    .unknownOperator(operator: ":" + word, parameter: name, known: ":lt :lte :gt :gte :ne"))
            }
            op = known
        } else if FieldPath(name).map({ !fields.knows($0) }) ?? true, let underscore = name.lastIndex(of: "_") {
            let word = String(name[name.index(after: underscore)...])
            let stem = String(name[..<underscore])
            if let known = QueryFilter.Operator(rawValue: word), known != .eq {
                fieldText = stem
                op = known
            } else if let path = FieldPath(stem), fields.knows(path) {
                throw QueryError(
                    .unknownOperator(operator: "_" + word, parameter: name, known: "_lt _lte _gt _gte _ne _like"))
            }
        }
        guard let path = FieldPath(fieldText) else {
            throw QueryError(.filterNotPath(parameter: name))
        }
        try fields.check(path, parameter: name)
        guard values.allSatisfy({ $0.count <= 1000 }) else {
            throw QueryError(.valueTooLong(parameter: name))
        }
        var pattern: SafePattern?
        switch op {
        case .like:
            do {
                pattern = try SafePattern(values.last ?? "")
            } catch {
                throw QueryError(.unsupportedPattern(parameter: name, problem: error.problem))
            }
        case .lt, .lte, .gt, .gte:
            guard values.allSatisfy({ !$0.isEmpty }) else {
                throw QueryError(.comparisonNeedsValue(parameter: name))
            }
            if fields.isNumeric(path), let bad = values.first(where: { Double($0)?.isFinite != true }) {
                throw QueryError(.comparisonNeedsNumber(parameter: name, value: bad, path: path.description))
            }
        case .eq, .ne: break
        }
        return QueryFilter(parameter: name, path: path, op: op, values: values, pattern: pattern)
    }
}

/// The field paths the items of a collection have, to tell a typo from a field no item has yet.
struct FieldCatalog {
    private let elements: [ServerJSON]
    private let topFields: [String]

    init(_ elements: [ServerJSON]) {
        self.elements = elements
        topFields = Set(elements.flatMap { $0.objectValue.map { Array($0.keys) } ?? [] }).sorted()
    }

    /// Whether some item has a value at `path`.
    func knows(_ path: FieldPath) -> Bool {
        elements.contains { path.value(in: $0) != nil }
    }

    /// Whether every item's non-null value at `path` is a number (and at least one has one).
    func isNumeric(_ path: FieldPath) -> Bool {
        let values = elements.compactMap { path.value(in: $0) }.filter { $0 != .null }
        return !values.isEmpty && values.allSatisfy { $0.numberValue != nil }
    }

    /// Throws when the collection has items but none has `path`, naming the nearest field.
    func check(_ path: FieldPath, parameter: String) throws(CollectionQuery.QueryError) {
        guard !elements.isEmpty, !knows(path) else { return }
        let first: String
        if case .member(let name)? = path.steps.first { first = name } else { first = path.description }
        throw CollectionQuery.QueryError(
            .noSuchField(
                parameter: parameter, path: path.description,
                suggestion: EditDistance.closest(to: first, among: topFields), fields: topFields))
    }
}

extension CollectionQuery.QueryError {
    /// The 400 answering `request`: the message in its `Accept-Language` (with `Vary: Accept-Language`).
    func response(for request: HTTPRequest) -> HTTPResponse {
        .teaching(400, teaching, for: request)
    }
}
