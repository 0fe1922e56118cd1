import Foundation

// MARK: - GET /_inspector: the last requests, live

/// The inspector's routes: `GET /_inspector`, a page that polls `GET /_inspector/requests` (JSON) every
/// half second and lists the exchanges newest first. Neither is under CORS.
enum InspectorPage {
    /// The two routes, showing `inspector`'s exchanges.
    static func routes(_ inspector: Inspector) -> [Route] {
        [
            Route(
                "/_inspector",
                [
                    (
                        "GET",
                        { _ in
                            HTTPResponse(
                                status: 200, contentType: "text/html; charset=utf-8", body: Data(html.utf8),
                                fields: [.init(name: "Cache-Control", value: "no-store")])
                        }
                    )
                ]),
            Route(
                "/_inspector/requests",
                [
                    (
                        "GET",
                        { context in
                            let after = context.request.query["after"].flatMap { Int($0) } ?? 0
                            return HTTPResponse(
                                status: 200, contentType: HTTPResponse.jsonContentType,
                                body: inspector.json(after: after),
                                fields: [.init(name: "Cache-Control", value: "no-store")])
                        }
                    )
                ]),
        ]
    }

    /// The page.
    static let html =
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Inspector</title></head><body></body></html>\n"
}
