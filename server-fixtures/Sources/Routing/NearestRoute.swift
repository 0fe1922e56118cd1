import Foundation

// MARK: - "Did you mean ...?"

/// Levenshtein distance, for suggestions: the nearest known name to what a request sent.
enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions between `a` and `b`
    /// (case-insensitive); both are cut to 200 characters, so the cost is bounded.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().prefix(200))
        let b = Array(b.lowercased().prefix(200))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
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
    /// `{"error": "Not found: /movis. Did you mean GET /movies?"}` when a route is a few edits away
    /// (`:name` segments match any segment); the plain `{"error": "Not found"}` otherwise.
    static func notFound(_ request: HTTPRequest, among routes: [Route]) -> HTTPResponse {
        let path = request.routePath
        let sent = path.split(separator: "/").map(String.init)
        var best: (pattern: String, methods: String, distance: Int)?
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
            if distance < (best?.distance ?? Int.max) {
                best = ("/" + route.segments.joined(separator: "/"), route.allowHeader, distance)
            }
        }
        guard let best, best.distance <= limit, best.distance > 0 || path != best.pattern else {
            return .error(404, "Not found")
        }
        let shown = path.count > 100 ? String(path.prefix(100)) + "…" : path
        return .error(
            404,
            "Not found: no route matches \(shown). Did you mean \(best.pattern)? It answers \(best.methods).")
    }

    /// `{"error": "Method not allowed: POST /movies/1. This path answers GET, HEAD, PUT, ..."}` (the
    /// router adds `Allow`).
    static func methodNotAllowed(_ request: HTTPRequest, route: Route) -> HTTPResponse {
        let path = request.routePath.count > 100 ? String(request.routePath.prefix(100)) + "…" : request.routePath
        return .error(
            405,
            "Method not allowed: \(request.method) \(path). This path answers \(route.allowHeader) (see the Allow header)."
        )
    }
}
