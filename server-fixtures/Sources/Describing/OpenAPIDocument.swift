import Foundation

// MARK: - GET /openapi.json: what the server serves, as OpenAPI 3.0

/// The OpenAPI 3.0 document of everything the server answers now: the `--api` folder's collections,
/// singular resources, nested lists and canned routes (described from the data as it is now, so it follows
/// `--watch` reloads and writes), then the built-in backends (from `Data/openapi-builtin.json`) at the paths
/// the folder does not take.
enum OpenAPIDocument {
    /// The OpenAPI version written.
    static let version = "3.0.3"

    /// Schema names the document uses itself (a collection's type never takes one).
    static let reservedNames: Set<String> = ["Error", "MenuItem", "ReqresUser"]

    /// The built-in backends' paths and components, read once from the bundle; nil if missing.
    static let builtIn: [String: ServerJSON]? = {
        guard
            let url = Bundle.module.url(forResource: "Data", withExtension: nil)?
                .appendingPathComponent("openapi-builtin.json"),
            let data = try? Data(contentsOf: url), let parsed = try? JSONReader.parse(data)
        else { return nil }
        return parsed.value.objectValue
    }()

    /// The document.
    /// - Parameters:
    ///   - live: The `--api` folder as served now, or nil.
    ///   - readOnly: Whether the folder answers GET only (`--read-only`).
    ///   - builtInRoutes: The built-in routes served (none for a recording server): their paths are described
    ///     unless a folder route takes them.
    ///   - recording: Whether the server forwards everything (`--record`).
    ///   - authority: `host:port` for `servers`, or nil to leave it out.
    static func make(
        live: LiveAPI?, readOnly: Bool, builtInRoutes: [Route], recording: Bool, authority: String?
    ) -> ServerJSON {
        var paths: [String: ServerJSON] = [:]
        var schemas: [String: ServerJSON] = [
            "Error": .object([
                "type": .string("object"), "required": .array([.string("error")]),
                "properties": .object([
                    "error": .object([
                        "type": .string("string"), "description": .string("What went wrong, and what would work"),
                    ])
                ]),
            ])
        ]
        var components: [String: ServerJSON] = [:]
        var tags: [String] = []
        let folderRoutes = live?.routes ?? []
        if let live {
            let folder = FolderDescription(api: live.api, readOnly: readOnly)
            paths.merge(folder.paths) { $1 }
            schemas.merge(folder.schemas) { old, _ in old }
            tags += (live.api.database.map { Array($0.collections.keys).sorted() + $0.singles } ?? [])
            if !live.api.mocks.routes.isEmpty { tags.append("routes.json") }
        }
        if !builtInRoutes.isEmpty, let builtIn {
            for (template, item) in builtIn["paths"]?.objectValue ?? [:] where paths[template] == nil {
                let sample = template.split(separator: "/").map { $0.hasPrefix("{") ? "x1" : $0 }
                guard !folderRoutes.contains(where: { $0.match(sample) != nil }),
                    builtInRoutes.contains(where: { $0.match(sample) != nil })
                else { continue }
                paths[template] = item
            }
            let builtInComponents = builtIn["components"]?.objectValue ?? [:]
            schemas.merge(builtInComponents["schemas"]?.objectValue ?? [:]) { old, _ in old }
            if let security = builtInComponents["securitySchemes"] { components["securitySchemes"] = security }
            tags += ["Apple's OpenRestaurant API", "The reqres users API", "The accounts API", "Uploads and downloads"]
        }
        components["schemas"] = .object(schemas)
        var description =
            "Every route fixture-server answers now, described from its data. Any path also answers HEAD (for "
            + "GET) and OPTIONS; an unknown path is 404 with the nearest route, a known path with another method "
            + "405 with Allow, both {\"error\": \"...\"}."
        if recording { description += " This server records (--record): every request is forwarded upstream." }
        var document: [String: ServerJSON] = [
            "openapi": .string(version),
            "info": .object([
                "title": .string(
                    live.map { "fixture-server: \($0.folder.lastPathComponent) and the built-in APIs" }
                        ?? "fixture-server"),
                "version": .string("1.0.0"), "description": .string(description),
            ]),
            "paths": .object(paths),
            "components": .object(components),
            "tags": .array(tags.map { .object(["name": .string($0)]) }),
        ]
        if let authority { document["servers"] = .array([.object(["url": .string("http://\(authority)")])]) }
        return .object(document)
    }
}
