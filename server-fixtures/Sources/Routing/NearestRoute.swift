import Foundation

// MARK: - "Did you mean ...?"

/// Optimal string alignment distance (Damerau–Levenshtein without moving a letter twice), for suggestions:
/// the nearest known name to what a request sent. Two adjacent letters swapped (`popluar` for `popular`)
/// count as one edit, as a learner would count them.
enum EditDistance {
    /// The number of single-character insertions, deletions, substitutions and swaps of two adjacent
    /// characters that turn `a` into `b` (case-insensitive); both are cut to 200 characters, so the cost is
    /// bounded.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().prefix(200))
        let b = Array(b.lowercased().prefix(200))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }

    /// How many edits still look like a typo of `text`: 1 up to 3 characters, then a third of its length,
    /// at least 2 and at most 3.
    static func typoLimit(_ text: String) -> Int {
        text.count <= 3 ? 1 : min(3, max(2, text.count / 3))
    }

    /// The candidate nearest to `text`, when it is within ``typoLimit(_:)``; nil otherwise.
    static func closest(to text: String, among candidates: [String]) -> String? {
        let limit = typoLimit(text)
        let scored = candidates.map { (candidate: $0, distance: between(text, $0)) }.filter { $0.distance <= limit }
        return scored.min { $0.distance < $1.distance }?.candidate
    }
}

/// The teaching 404 and 405 of the router: what was not found, and what exists nearby.
enum NearestRoute {
    /// `{"error": "Not found: no route matches /movis. Did you mean /movies? It answers ..."}` when a route is
    /// a few edits away (`:name` segments match any segment; of two routes as near, the one with fewer `:name`
    /// segments), or when the path is a route with a wrong root (`/api/movies` for `/movies`, `/users` for
    /// `/api/users`); the plain `{"error": "Not found"}` otherwise, which on a server without `--api`
    /// (`ownAPI` false) for a path whose first segment starts no route names the path and says how to serve
    /// one's own API (the browser's own requests, ``BrowserNoise``, keep the plain one).
    static func notFound(_ request: HTTPRequest, among routes: [Route], ownAPI: Bool = true) -> HTTPResponse {
        let path = request.routePath
        let shown = clipped(path)
        let sent = path.split(separator: "/").map(String.init)
        if let (route, meant, root) = wrongRoot(sent, among: routes) {
            let message: Teaching =
                switch root {
                case .drop(let dropped, let start):
                    .dropRoot(sent: shown, meant: meant, dropped: dropped, start: start, methods: route.allowHeader)
                case .add(let prefix):
                    .addRoot(sent: shown, meant: meant, prefix: prefix, methods: route.allowHeader)
                }
            return .teaching(404, message, for: request)
        }
        var best: (pattern: String, methods: String, distance: Int, parameters: Int)?
        let limit = EditDistance.typoLimit(path)
        for route in routes {
            // Edits are at least the length difference: skip patterns that cannot be near (cheap, bounded work).
            let length = route.segments.reduce(0) { $0 + $1.count + 1 }
            guard abs(length - path.count) <= limit || route.segments.contains(where: { $0.hasPrefix(":") }) else {
                continue
            }
            let concrete = route.segments.enumerated().map { index, segment in
                segment.hasPrefix(":") && index < sent.count ? sent[index] : segment
            }
            let distance = EditDistance.between(
                "/" + sent.joined(separator: "/"), "/" + concrete.joined(separator: "/"))
            let parameters = route.segments.filter { $0.hasPrefix(":") }.count
            if let best, (best.distance, best.parameters) <= (distance, parameters) { continue }
            best = ("/" + route.segments.joined(separator: "/"), route.allowHeader, distance, parameters)
        }
        guard let best, best.distance <= limit, best.distance > 0 || path != best.pattern else {
            // Own-API-looking: its first segment starts no route (`/movie/popular`, not `/api/nothing`).
            let known = sent.first.map { first in routes.contains { $0.segments.first == first } } ?? true
            let plain: Teaching =
                ownAPI || known || BrowserNoise.isNoise(path)
                ? .notFound : .notFoundWithoutAPI(sent: shown, command: Teaching.apiExample)
            return .teaching(404, plain, for: request)
        }
        return .teaching(404, .didYouMean(sent: shown, meant: best.pattern, methods: best.methods), for: request)
    }

    /// The route `sent` names under a wrong root: `sent` with leading segments dropped (`/api/movies` →
    /// `/movies`) or with a route's literal leading segments added (`/users` → `/api/users`), matched exactly
    /// (`:name` segments match any segment, and the matched part has a literal one). Returns the route, the
    /// path meant (with the values sent) and what is wrong with its root; nil when none fits.
    static func wrongRoot(_ sent: [String], among routes: [Route]) -> (Route, String, WrongRoot)? {
        guard !sent.isEmpty else { return nil }
        func matches(_ pattern: ArraySlice<String>, _ segments: ArraySlice<String>) -> Bool {
            pattern.count == segments.count && pattern.contains { !$0.hasPrefix(":") }
                && zip(pattern, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
        }
        var found: (route: Route, meant: [String], note: WrongRoot, parameters: Int)?
        for route in routes where !route.segments.isEmpty {
            let pattern = route.segments
            var candidate: ([String], WrongRoot)?
            if pattern.count < sent.count, matches(pattern[...], sent.suffix(pattern.count)) {
                let dropped = clipped("/" + sent.prefix(sent.count - pattern.count).joined(separator: "/"))
                let meant = Array(sent.suffix(pattern.count))
                candidate = (meant, .drop(dropped, start: "/" + meant[0]))
            } else if pattern.count > sent.count, matches(pattern.suffix(sent.count), sent[...]) {
                let added = pattern.prefix(pattern.count - sent.count)
                guard !added.contains(where: { $0.hasPrefix(":") }) else { continue }
                let prefix = "/" + added.joined(separator: "/")
                candidate = (Array(added) + sent, .add(prefix))
            }
            guard let (meant, note) = candidate else { continue }
            let parameters = pattern.filter { $0.hasPrefix(":") }.count
            if let found, found.parameters <= parameters { continue }
            found = (route, meant, note, parameters)
        }
        guard let found else { return nil }
        return (found.route, clipped("/" + found.meant.joined(separator: "/")), found.note)
    }

    /// What is wrong with the root of a path that names a route under another root.
    enum WrongRoot: Sendable, Equatable {
        /// Leading segments too many: the prefix to drop, and where the route starts (`/movies`).
        case drop(String, start: String)
        /// A route's literal leading segments missing: the prefix to add (`/api`).
        case add(String)
    }

    /// `path`, cut to 100 characters and an ellipsis when longer, for a message.
    static func clipped(_ path: String) -> String {
        path.count > 100 ? String(path.prefix(100)) + "…" : path
    }

    /// `{"error": "Method not allowed: POST /movies/1. This path answers GET, HEAD, PUT, ..."}` (the
    /// router adds `Allow`).
    static func methodNotAllowed(_ request: HTTPRequest, route: Route) -> HTTPResponse {
        let path = clipped(request.routePath)
        return .teaching(
            405, .methodNotAllowed(method: request.method, path: path, allowed: route.allowHeader), for: request)
    }
}
