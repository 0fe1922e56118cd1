import Foundation

// MARK: - The routes of each mode, handed to the router

/// Assembles what the ``Router`` routes to: the `--api` folder's routes first (as they are after the last
/// reload), the built-in APIs, the index at `GET /`, and the server's pages about itself (`/openapi.json`,
/// `/docs`, and `/_inspector` unless it is off), with the development options and `--record`'s forwarding.
enum ServerRoutes {
    /// The router for the built-in `apis`, the folder `live`, `options`, an optional `recorder` (which
    /// forwards every request but the inspector's) and `inspector` (nil: its paths are 404).
    static func router(
        apis: [ServedAPI], live: LiveAPI?, options: FixtureServer.Options, recorder: Recorder?, inspector: Inspector?
    ) -> Router {
        let builtIn = apis.flatMap(\.routes)
        let recording = recorder != nil
        let rootPage = RootPage.route(
            apis: { servedAPIs(live: live, builtIn: apis) }, links: ServerPages.links(inspector: inspector != nil))
        let pages = ServerPages.routes(
            document: { authority in
                OpenAPIDocument.make(
                    live: live, readOnly: options.readOnly, builtInRoutes: builtIn, recording: recording,
                    authority: authority)
            }, inspector: inspector)
        var forward: (@Sendable (HTTPRequest) -> HTTPResponse)?
        if let recorder { forward = { recorder.forward($0) } }
        return Router(
            builtIn: builtIn, leading: { live?.routes ?? [] }, rootPage: rootPage, pages: pages, cors: options.cors,
            delay: options.delay, staticFiles: options.staticFolder.flatMap { StaticFiles(folder: $0) },
            forward: forward, isPrivate: { Inspector.isOwn($0) },
            servesOwnAPI: live != nil || options.staticFolder != nil)
    }

    /// The APIs served now: the `--api` folder's first (its routes as served after the last reload), then
    /// the built-in ones.
    static func servedAPIs(live: LiveAPI?, builtIn: [ServedAPI]) -> [ServedAPI] {
        let folder = live.map {
            ServedAPI(name: "Your API (\($0.folder.lastPathComponent))", root: "/", routes: $0.routes)
        }
        return (folder.map { [$0] } ?? []) + builtIn
    }
}
