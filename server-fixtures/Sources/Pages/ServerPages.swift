import Foundation

// MARK: - The server's own pages: /openapi.json, /docs, /_inspector

/// The routes of the pages the server serves about itself, tried after the folder's and the built-in
/// routes: `GET /openapi.json` (``OpenAPIDocument``), `GET /docs` (``DocsPage``), and unless the inspector is
/// off `GET /_inspector` (``InspectorPage``) with its JSON `GET /_inspector/requests`.
enum ServerPages {
    /// The style `/docs` and the index `/` share: inline, no font or file from anywhere else.
    static let style = """
        body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:0 auto;max-width:60em;padding:1em 1.5em;color:#1d1d1f}
        code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
        pre{background:#f5f5f7;padding:.7em;overflow:auto;border-radius:6px}
        .op{border:1px solid #d2d2d7;border-radius:8px;margin:.8em 0;padding:.3em .9em}
        .m{display:inline-block;min-width:4.2em;font-weight:600;color:#fff;border-radius:4px;padding:0 .4em;text-align:center}
        .get{background:#0071e3}.post{background:#248a3d}.put{background:#b25000}.patch{background:#8944ab}.delete{background:#d70015}
        table{border-collapse:collapse;margin:.4em 0}td,th{border-bottom:1px solid #e5e5ea;padding:.2em .6em;text-align:left;vertical-align:top}
        nav a{margin-right:1em}
        .pages{display:flex;flex-wrap:wrap;gap:.6em;margin:.8em 0}
        .pages a{border:1px solid #0071e3;border-radius:8px;padding:.3em .8em;text-decoration:none;background:#eef5ff}
        .note{background:#fff4e5;border-left:4px solid #b25000;padding:.4em .8em}
        ul.routes{list-style:none;padding:0;margin:.3em 0;columns:2}ul.routes li{margin:.15em 0}
        """

    /// The links the index (`GET /`) shows for these pages, in the order a learner wants them.
    static func links(inspector: Bool) -> [RootPage.Link] {
        [
            RootPage.Link(title: "API documentation, with a Swift model for each answer", path: "/docs"),
            RootPage.Link(title: "The OpenAPI 3.0 document", path: "/openapi.json"),
        ]
            + (inspector
                ? [RootPage.Link(title: "Inspector: the last requests and why they failed", path: "/_inspector")] : [])
    }

    /// The routes; `document` makes the OpenAPI document for an authority (`host:port`).
    static func routes(
        document: @escaping @Sendable (String) -> ServerJSON, inspector: Inspector?
    ) -> [Route] {
        var routes = [
            Route(
                "/openapi.json",
                [
                    (
                        "GET",
                        { context in
                            HTTPResponse(
                                status: 200, contentType: HTTPResponse.jsonContentType,
                                body: document(context.authority).serialized(pretty: true),
                                fields: [.init(name: "Cache-Control", value: "no-cache")])
                        }
                    )
                ]),
            Route(
                "/docs",
                [
                    (
                        "GET",
                        { context in
                            HTTPResponse(
                                status: 200, contentType: "text/html; charset=utf-8",
                                body: Data(DocsPage.html(document(context.authority)).utf8),
                                fields: [.init(name: "Cache-Control", value: "no-cache")])
                        }
                    )
                ]),
        ]
        if let inspector {
            routes += InspectorPage.routes(inspector)
        }
        return routes
    }
}
