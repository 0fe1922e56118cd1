import Foundation

// MARK: - Slices and pages of a list

/// Cuts a filtered, sorted list the way the query asks, with overflow-checked arithmetic throughout:
///
/// - `_page` + `_per_page` (json-server v1): the envelope `{"first", "prev", "next", "last", "pages",
///   "items", "data"}` (`prev`/`next` are null at the ends);
/// - `_page` and/or `_limit` (v0.17): the page's items, with `Link` (`first`, `prev`, `next`, `last`);
/// - `_start`, `_end`, `_limit` (both): the items from `_start` up to `_end` (or `_start + _limit`);
///
/// and `X-Total-Count` (the count before cutting) on every list.
enum Pagination {
    /// The body and header fields for `items` under `query`; `query` values are already range-checked.
    static func cut(
        _ items: [ServerJSON], _ query: CollectionQuery, rawItems: [(name: String, value: String)],
        context: RouteContext
    ) -> (body: ServerJSON, fields: [HTTPResponse.Field]) {
        let total = items.count
        var fields = [HTTPResponse.Field(name: "X-Total-Count", value: String(total))]
        if let perPage = query.perPage {
            let page = query.page ?? 1
            let pages = max(1, pageCount(total, perPage))
            let data = window(items, from: offset(page: page, size: perPage), count: perPage)
            let envelope: [String: ServerJSON] = [
                "first": .int(1), "prev": page > 1 ? .int(min(page - 1, pages)) : .null,
                "next": page < pages ? .int(page + 1) : .null, "last": .int(pages), "pages": .int(pages),
                "items": .int(total), "data": .array(data),
            ]
            return (.object(envelope), fields)
        }
        if query.page != nil || (query.limit != nil && query.start == nil && query.end == nil) {
            let page = query.page ?? 1
            let limit = query.limit ?? 10
            let pages = max(1, pageCount(total, limit))
            fields.append(
                .init(name: "Link", value: links(context, rawItems, page: page, pages: pages, limit: limit)))
            return (.array(window(items, from: offset(page: page, size: limit), count: limit)), fields)
        }
        if query.start != nil || query.end != nil || query.limit != nil {
            let start = query.start ?? 0
            let end: Int
            if let last = query.end {
                end = last
            } else if let limit = query.limit {
                let (sum, overflow) = start.addingReportingOverflow(limit)
                end = overflow ? Int.max : sum
            } else {
                end = total
            }
            return (.array(window(items, from: start, count: max(0, end - start))), fields)
        }
        return (.array(items), fields)
    }

    /// How many pages of `size` hold `total` items (0 for none).
    static func pageCount(_ total: Int, _ size: Int) -> Int {
        total / size + (total % size == 0 ? 0 : 1)
    }

    /// The index of page `page`'s first item; `Int.max` (past any list) when it would overflow.
    static func offset(page: Int, size: Int) -> Int {
        let (value, overflow) = (page - 1).multipliedReportingOverflow(by: size)
        return overflow ? Int.max : value
    }

    /// Up to `count` items from index `from`, clamped to the list.
    static func window(_ items: [ServerJSON], from: Int, count: Int) -> [ServerJSON] {
        let start = min(items.count, max(0, from))
        let (sum, overflow) = start.addingReportingOverflow(max(0, count))
        let end = overflow ? items.count : min(items.count, sum)
        return Array(items[start..<end])
    }

    /// RFC 8288 `Link` with `first`, `prev` (when not on the first page), `next` (when not on the last) and `last`.
    private static func links(
        _ context: RouteContext, _ rawItems: [(name: String, value: String)], page: Int, pages: Int, limit: Int
    ) -> String {
        let other = rawItems.filter { $0.name != "_page" && $0.name != "_limit" }.enumerated().sorted {
            $0.element.name != $1.element.name ? $0.element.name < $1.element.name : $0.offset < $1.offset
        }.map(\.element)
        func url(_ page: Int) -> String {
            var items = other.map { "\(encode($0.name))=\(encode($0.value))" }
            items += ["_page=\(page)", "_limit=\(limit)"]
            return "<http://\(context.authority)\(context.request.path)?\(items.joined(separator: "&"))>"
        }
        var links = ["\(url(1)); rel=\"first\""]
        if page > 1 { links.append("\(url(min(page - 1, pages))); rel=\"prev\"") }
        if page < pages { links.append("\(url(page + 1)); rel=\"next\"") }
        links.append("\(url(pages)); rel=\"last\"")
        return links.joined(separator: ", ")
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }
}
