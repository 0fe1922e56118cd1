import Foundation

// MARK: - The server's own pages: /openapi.json, /docs, /_inspector

/// The routes of the pages the server serves about itself, tried after the folder's and the built-in
/// routes: `GET /openapi.json` (``OpenAPIDocument``), `GET /docs` (``DocsPage``), and unless the inspector is
/// off `GET /_inspector` (``InspectorPage``) with its JSON `GET /_inspector/requests`.
enum ServerPages {
    /// The links the index (`GET /`) shows for these pages, in the order a learner wants them.
    static func links(inspector: Bool) -> [RootPage.Link] {
        [
            RootPage.Link(title: "API documentation, with a Swift model per collection", path: "/docs"),
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
