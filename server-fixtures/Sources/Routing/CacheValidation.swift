import Foundation

// MARK: - HTTP caching: validators, conditional requests, and the hooks that change a resource

/// Adds `ETag`, `Last-Modified` and `Cache-Control` to the 200s of the cacheable GET routes, answers
/// `If-None-Match` / `If-Modified-Since` with `304 Not Modified` (RFC 9110 §13), counts responses by
/// status per path, and lets tests change a resource so that its validators change.
///
/// Cacheable routes: `/categories`, `/menu`, `/images/<n>.png`, `/api/users` and `/api/users/<id>`.
/// The `ETag` is strong: a quoted FNV-1a hash of the body bytes (plus the path's touch count after
/// ``touch(path:)``), so equal bodies get equal tags across runs.
final class CacheValidation: Sendable {
    /// `Cache-Control` on pictures: a day.
    static let imageCacheControl = "public, max-age=86400"
    /// `Cache-Control` on JSON: storable, but revalidated before every use.
    static let jsonCacheControl = "no-cache"

    private struct Counts {
        var byStatus: [Int: Int] = [:]
        var bytes = 0
    }

    private struct State {
        /// Per path: how often it was touched (0 when never).
        var generations: [String: Int] = [:]
        /// Per path: the `Last-Modified` date once touched; `startDate` otherwise.
        var modified: [String: Date] = [:]
        /// Per path: bodies that replace the route's (``FixtureServer/replaceImage(id:data:)``).
        var bodies: [String: Data] = [:]
        /// Per path: a `Cache-Control` value that replaces the default.
        var cacheControl: [String: String] = [:]
        var counts: [String: Counts] = [:]
    }

    /// `Last-Modified` of every resource not touched since: a minute before the server's creation, whole
    /// seconds (so that the first touch moves it forward without going past the present).
    private let startDate = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) - 60)
    private let state = Locked(State())

    // MARK: Answering

    /// Whether GETs of `path` carry validators: the built-in cacheable routes, and any path `extraCacheable`
    /// accepts (the `--api` folder's GET routes).
    func isCacheable(_ path: String) -> Bool {
        if path == "/categories" || path == "/menu" || path == "/api/users" { return true }
        return path.hasPrefix("/images/") || path.hasPrefix("/api/users/") || extraCacheable(path)
    }

    private let extraCacheable: @Sendable (String) -> Bool

    /// Validation for the built-in routes plus the paths `extraCacheable` accepts (none by default).
    init(extraCacheable: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.extraCacheable = extraCacheable
    }

    /// `response` with validators and `Cache-Control` when the route is cacheable, turned into a 304
    /// when the request's preconditions say the client's copy is current.
    func finish(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        let path = request.routePath
        // An event stream (a routes.json "events" answer) is never the same twice: no validators.
        guard request.method == "GET" || request.method == "HEAD", response.status == 200, response.events == nil,
            isCacheable(path)
        else { return response }
        let current = representation(of: response, path: path)
        var full = current.response
        full.fields += current.validators
        guard Self.isNotModified(request, tag: current.tag, modified: current.modified) else { return full }
        var notModified = HTTPResponse(status: 304, contentType: nil, fields: current.validators)
        notModified.delay = full.delay
        return notModified
    }

    /// The selected representation of a cacheable `path` whose route answered `response` (200): the body
    /// served (a replaced one if set), its entity-tag, its modification date and the validator fields.
    private func representation(
        of response: HTTPResponse, path: String
    ) -> (response: HTTPResponse, tag: String, modified: Date, validators: [HTTPResponse.Field]) {
        let (generation, stored, body, control) = state.withLock { state in
            (
                state.generations[path] ?? 0, state.modified[path] ?? startDate, state.bodies[path],
                state.cacheControl[path]
            )
        }
        // RFC 9110 §8.8.2.1: never later than the response's `Date` (several touches in one second would be).
        let modified = min(stored, Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        var full = response
        if let body { full.body = body }
        let tag = Self.entityTag(for: full.body, generation: generation)
        // A route's own Cache-Control (a route file's "headers") is kept, unless a test set one for the path.
        let own = full.field("Cache-Control")
        full.fields.removeAll { HTTPResponse.sameName($0.name, "cache-control") }
        let cacheControl =
            control ?? own
            ?? (full.field("Content-Type")?.hasPrefix("image/") == true
                ? Self.imageCacheControl : Self.jsonCacheControl)
        let validators: [HTTPResponse.Field] = [
            .init(name: "ETag", value: tag), .init(name: "Last-Modified", value: HTTPDate.format(modified)),
            .init(name: "Cache-Control", value: cacheControl),
        ]
        return (full, tag, modified, validators)
    }

    /// RFC 9110 §13.1.1, §13.1.4 and §13.1.2: the 412 for a request whose `If-Match` (or, without it,
    /// `If-Unmodified-Since`) fails against the current representation of its path, or whose method is
    /// unsafe (not GET or HEAD) and whose `If-None-Match` fails; nil to go on.
    ///
    /// `current` is the answer of the path's GET route (nil when it has none); the resource exists when that
    /// answer is a 200. `If-Match: *` holds when it exists; a list of tags holds when one of them is strongly
    /// equal to the path's `ETag` (paths that are not cacheable have none, so only `*` can hold there).
    /// `If-Unmodified-Since` is evaluated on cacheable paths only (the others have no `Last-Modified`), and
    /// ignored when it is not an HTTP-date. On an unsafe method, `If-None-Match: *` fails when the resource
    /// exists (a "create only if absent" PUT, PATCH, POST or DELETE) and a list fails when one of its tags is
    /// weakly equal to the `ETag`. (On GET and HEAD a failing `If-None-Match` is a 304: ``finish(_:for:)``.)
    func failedPrecondition(_ request: HTTPRequest, current: HTTPResponse?) -> HTTPResponse? {
        let path = request.routePath
        let exists = current?.status == 200
        let selected = exists && isCacheable(path) ? current.map { representation(of: $0, path: path) } : nil
        if let header = request.headers["if-match"] {
            let trimmed = header.trimmingCharacters(in: .whitespaces)
            let holds =
                trimmed == "*"
                ? exists
                : Self.entityTags(in: trimmed).contains { !$0.hasPrefix("W/") && $0 == selected?.tag }
            if !holds { return Self.preconditionFailed(request) }
        } else if let text = request.headers["if-unmodified-since"], let since = HTTPDate.parse(text), let selected,
            selected.modified > since
        {
            return Self.preconditionFailed(request)
        }
        guard request.method != "GET", request.method != "HEAD", let header = request.headers["if-none-match"]
        else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" {
            return exists ? .teaching(412, .preconditionExists, for: request) : nil
        }
        guard let selected else { return nil }
        let own = Self.opaqueTag(selected.tag)
        return Self.entityTags(in: trimmed).contains { Self.opaqueTag($0) == own }
            ? Self.preconditionFailed(request) : nil
    }

    private static func preconditionFailed(_ request: HTTPRequest) -> HTTPResponse {
        .teaching(412, .preconditionChanged, for: request)
    }

    /// RFC 9110 §13.2.2: `If-None-Match` when present (weak comparison, lists and `*`), otherwise
    /// `If-Modified-Since` (ignored when it is not a valid IMF-fixdate).
    static func isNotModified(_ request: HTTPRequest, tag: String, modified: Date) -> Bool {
        if let header = request.headers["if-none-match"] {
            let trimmed = header.trimmingCharacters(in: .whitespaces)
            if trimmed == "*" { return true }
            let own = opaqueTag(tag)
            return entityTags(in: trimmed).contains { opaqueTag($0) == own }
        }
        guard let text = request.headers["if-modified-since"], let since = HTTPDate.parse(text) else { return false }
        return modified <= since
    }

    /// The entity-tags of an `If-None-Match` list, e.g. `"a", W/"b"` → `["\"a\"", "W/\"b\""]`.
    static func entityTags(in list: String) -> [String] {
        var tags: [String] = []
        var current = ""
        var inQuotes = false
        for character in list {
            if character == "\"" { inQuotes.toggle() }
            if character == "," && !inQuotes {
                tags.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        tags.append(current.trimmingCharacters(in: .whitespaces))
        return tags.filter { !$0.isEmpty }
    }

    /// The tag without a weak `W/` prefix (weak comparison compares what is left).
    static func opaqueTag(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }

    /// `"<16 hex digits>"` (FNV-1a 64 of `body`), with `-<generation>` before the closing quote once touched.
    static func entityTag(for body: Data, generation: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        body.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        let padded = String(repeating: "0", count: 16 - hex.count) + hex
        return generation == 0 ? "\"\(padded)\"" : "\"\(padded)-\(generation)\""
    }

    // MARK: Hooks

    /// Changes `path`'s ETag and moves its Last-Modified forward by at least a second.
    func touch(_ path: String) {
        let key = HTTPRequest.normalize(path)
        state.withLock { state in
            state.generations[key, default: 0] += 1
            let previous = state.modified[key] ?? startDate
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            state.modified[key] = max(now, previous.addingTimeInterval(1))
        }
    }

    /// Serves `body` instead of the route's body at `path` from now on, with new validators.
    func replaceBody(_ body: Data, path: String) {
        let key = HTTPRequest.normalize(path)
        state.withLock { $0.bodies[key] = body }
        touch(key)
    }

    /// Sends `value` (nil: the default) as `Cache-Control` on `path`'s 200s and 304s.
    func setCacheControl(_ value: String?, path: String) {
        let key = HTTPRequest.normalize(path)
        state.withLock { $0.cacheControl[key] = value }
    }

    // MARK: Counts

    /// Counts one response to `path` and the bytes written for it (head and body).
    func count(path: String, status: Int, bytes: Int) {
        state.withLock { state in
            state.counts[path, default: Counts()].byStatus[status, default: 0] += 1
            state.counts[path, default: Counts()].bytes += bytes
        }
    }

    /// Responses with `status` written for `path`.
    func count(path: String, status: Int) -> Int {
        let key = HTTPRequest.normalize(path)
        return state.withLock { $0.counts[key]?.byStatus[status] ?? 0 }
    }

    /// Bytes (head and body) written for `path`; every path when nil.
    func bytes(path: String?) -> Int {
        state.withLock { state in
            guard let path else { return state.counts.values.reduce(0) { $0 + $1.bytes } }
            return state.counts[HTTPRequest.normalize(path)]?.bytes ?? 0
        }
    }

    /// Forgets every count (the changed resources stay changed).
    func resetCounts() {
        state.withLock { $0.counts = [:] }
    }
}
