import Foundation

// MARK: - GET /: what this server answers, for a browser and for a program

/// The index at the server's root: the APIs it serves, each with its first routes, and the links to its
/// other pages. HTML for a browser (an `Accept` that prefers `text/html`), JSON otherwise
/// (`Accept: application/json`, `*/*`, none). `--static`'s `index.html` and a recording's upstream come first.
enum RootPage {
    /// A page of the server the index links to, e.g. `("API documentation", "/docs")`.
    struct Link: Sendable, Equatable {
        /// What the page is, in a few words.
        let title: String
        /// Its path on this server, starting with `/`.
        let path: String
    }

    /// The links the index shows under the APIs: the self-describing mock's `/docs`, `/openapi.json` and
    /// `/_inspector` (``ServerPages/links(inspector:)``; the router leaves the inspector out with it off).
    static let links: [Link] = ServerPages.links(inspector: true)

    /// How many routes of each API the index shows (the start-up listing shows them all).
    static let routesShown = 6

    /// The route of `/` (GET and HEAD), showing what `apis` returns when asked.
    static func route(apis: @escaping @Sendable () -> [ServedAPI], links: [Link] = links) -> Route {
        Route("/", [("GET", { context in answer(context.request, apis: apis(), links: links) })])
    }

    /// The index for `request`: HTML or JSON as its `Accept` prefers, with `Vary: Accept`.
    static func answer(_ request: HTTPRequest, apis: [ServedAPI], links: [Link]) -> HTTPResponse {
        let vary = [HTTPResponse.Field(name: "Vary", value: "Accept")]
        guard prefersHTML(request.headers["accept"]) else {
            return HTTPResponse(
                status: 200, contentType: HTTPResponse.jsonContentType, body: json(apis: apis, links: links),
                fields: vary)
        }
        return HTTPResponse(
            status: 200, contentType: "text/html; charset=utf-8", body: Data(html(apis: apis, links: links).utf8),
            fields: vary)
    }

    /// Whether `accept` ranks `text/html` above `application/json` (a browser's `text/html,...,*/*;q=0.8`
    /// does; `application/json`, `*/*` and no `Accept` do not).
    static func prefersHTML(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var html: Double?
        var json: Double?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch parts.first {
            case "text/html": html = quality
            case "application/json": json = quality
            default: continue
            }
        }
        guard let html, html > 0 else { return false }
        return html > (json ?? 0)
    }

    /// `{"apis": [{"name", "root", "routes": ["GET /movies", ...], "routeCount"}], "links": [{"title", "href"}]}`.
    static func json(apis: [ServedAPI], links: [Link]) -> Data {
        let entries: [ServerJSON] = apis.map { api in
            let endpoints = api.endpoints
            return .object([
                "name": .string(api.name), "root": .string(api.root), "routeCount": .int(endpoints.count),
                "routes": .array(endpoints.prefix(routesShown).map { .string("\($0.method) \($0.path)") }),
            ])
        }
        let linkList: [ServerJSON] = links.map { .object(["title": .string($0.title), "href": .string($0.path)]) }
        return ServerJSON.object([
            "server": .string("fixture-server"), "apis": .array(entries), "links": .array(linkList),
        ]).serialized()
    }

    /// A short HTML page in the style of `/docs`: the server's pages first (in view on a laptop's screen),
    /// why a route that needs a login answers 401 in a browser, then one box per API with its first routes
    /// (GET routes without parameters are links).
    static func html(apis: [ServedAPI], links: [Link]) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>fixture-server</title>
            <style>
            \(ServerPages.style)
            </style></head>
            <body>
            <h1>fixture-server</h1>
            <p>A test server on your machine: the APIs below, and these pages about them. The terminal that started it lists every route.</p>

            """
        if !links.isEmpty {
            page += "<nav class=\"pages\">"
            page += links.map { "<a href=\"\(escaped($0.path))\">\(escaped($0.title))</a>" }.joined(separator: " ")
            page += "</nav>\n"
        }
        let login = apis.flatMap(\.endpoints).first { $0.method == "POST" && $0.path.hasSuffix("/accounts/login") }
        page +=
            "<p class=\"note\">The <code>GET</code> links open here, in your browser, which sends no token: a route "
        page += "that needs a login answers <b>401</b>, and its message says what to send. Your program logs in first"
        page += login.map { " (<code>POST \(escaped($0.path))</code>)" } ?? ""
        page += " and sends <code>Authorization: Bearer &lt;token&gt;</code> with each such request.</p>\n"
        for api in apis {
            let endpoints = api.endpoints
            page += "<div class=\"op\"><h2>\(escaped(api.name))</h2>\n<p>At <code>\(escaped(api.root))</code>, "
            page += "\(endpoints.count) \(endpoints.count == 1 ? "route" : "routes").</p>\n<ul class=\"routes\">\n"
            for (method, path) in endpoints.prefix(routesShown) {
                let shown =
                    method == "GET" && !path.contains(":")
                    ? "<a href=\"\(escaped(path))\">\(escaped(path))</a>" : escaped(path)
                page +=
                    "<li><span class=\"m \(escaped(method.lowercased()))\">\(escaped(method))</span> <code>\(shown)</code></li>\n"
            }
            page += "</ul></div>\n"
        }
        return page + "</body>\n</html>\n"
    }

    /// `text` with `&`, `<`, `>` and `"` written as HTML entities.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
