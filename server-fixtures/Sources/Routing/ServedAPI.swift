import Foundation

// MARK: - The APIs a server answers, for its index page and its start-up listing

/// One API the server answers and its routes: a built-in backend, or the `--api` folder.
struct ServedAPI: Sendable {
    /// Its name, e.g. "Apple's OpenRestaurant API".
    let name: String
    /// Where its routes start, e.g. `/` or `/api/`.
    let root: String
    /// Its routes, in the order the router tries them.
    let routes: [Route]

    /// Every method of every route (HEAD and OPTIONS, which every GET route and every route answer, left
    /// out), in route order: e.g. `("GET", "/movies")`, `("POST", "/movies")`.
    var endpoints: [(method: String, path: String)] {
        routes.flatMap { route in
            let path = "/" + route.segments.joined(separator: "/")
            return route.handlers.map(\.method).filter { $0 != "HEAD" && $0 != "OPTIONS" }.map { ($0, path) }
        }
    }

    /// The heading of its part of the start-up listing, e.g. `Apple's OpenRestaurant API, at /:`.
    var heading: String { "\(name), at \(root):" }

    /// One start-up listing line per endpoint, e.g. `  GET    /categories`.
    var listing: [String] {
        endpoints.map {
            "  " + $0.method.padding(toLength: max(7, $0.method.count + 1), withPad: " ", startingAt: 0) + $0.path
        }
    }
}
