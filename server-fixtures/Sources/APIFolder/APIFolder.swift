import Foundation

// MARK: - An --api folder

/// The files of an `--api` folder, checked and ready to serve: `db.json` (collections served as REST,
/// see `Database.swift`) and `routes.json` (canned answers, see `MockRoutes.swift`). At least one must exist.
struct APIFolder: Sendable {
    /// The database file name.
    static let databaseFile = "db.json"
    /// The route file name.
    static let routesFile = "routes.json"

    /// The folder.
    let url: URL
    /// The database, when `db.json` exists.
    let database: Database?
    /// The canned routes of `routes.json` (empty without one).
    let mocks: MockRoutes

    /// Reads and checks the folder's files.
    /// - Parameter writesBack: Whether database writes are saved to `db.json` (atomically) as well as kept in memory.
    /// - Throws: ``APIFolderError`` naming the file, line and field of the first problem.
    static func load(_ url: URL, writesBack: Bool) throws(APIFolderError) -> APIFolder {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw APIFolderError(file: url.path, line: 0, field: "", message: notAFolder(url))
        }
        let databaseURL = url.appendingPathComponent(databaseFile)
        let routesURL = url.appendingPathComponent(routesFile)
        let hasDatabase = FileManager.default.fileExists(atPath: databaseURL.path)
        let hasRoutes = FileManager.default.fileExists(atPath: routesURL.path)
        guard hasDatabase || hasRoutes else {
            throw APIFolderError(
                file: url.path, line: 0, field: "", message: "has neither \(databaseFile) nor \(routesFile)")
        }
        let database = try hasDatabase ? Database.load(databaseURL, writesBack: writesBack) : nil
        let mocks = try hasRoutes ? MockRoutes.load(routesURL) : MockRoutes(routes: [], file: routesURL)
        if let database {
            for route in mocks.routes where database.names.contains(route.firstSegment) {
                throw APIFolderError(
                    file: routesURL.path, line: route.line, field: route.field,
                    message: "path \(route.pattern) is inside the database collection /\(route.firstSegment)")
            }
        }
        return APIFolder(url: url, database: database, mocks: mocks)
    }

    /// "is not a folder", and for a relative path where it was looked for; for a path into this package's
    /// `server-fixtures/` (the examples), that it is inside the ServiceLayer checkout, and where that is when
    /// this build's sources are on disk.
    static func notAFolder(_ url: URL) -> String {
        guard let base = url.baseURL else { return "is not a folder" }
        let relative = url.relativePath
        let current =
            base.standardizedFileURL.path
            == URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath
            ).standardizedFileURL.path
        var message = "is not a folder. The path \(relative) is relative: it was looked for in \(base.path)"
        message += current ? " (the current folder)." : "."
        guard let range = relative.range(of: "server-fixtures/") else { return message }
        message += " server-fixtures/ is inside the ServiceLayer checkout, not in your package: give the path from"
        message += " here to the checkout, e.g. --api ../ServiceLayer/\(relative[range.lowerBound...])"
        // This file is server-fixtures/Sources/APIFolder/APIFolder.swift of the checkout this build came from.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let example = checkout.appendingPathComponent(String(relative[range.lowerBound...])).standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: example.path, isDirectory: &isFolder), isFolder.boolValue {
            message += ", or its full path: --api \(example.path)"
        }
        return message + "."
    }

    /// Reads `url` and parses it as JSON, with the file's path and the line in any error.
    static func readJSON(_ url: URL) throws(APIFolderError) -> LocatedJSON {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw APIFolderError(
                file: url.path, line: 0, field: "", message: "cannot be read (\(error.localizedDescription))")
        }
        do throws(JSONSyntaxError) {
            return try JSONReader.parse(data)
        } catch {
            throw APIFolderError(file: url.path, line: error.line, field: "", message: "invalid JSON: \(error.message)")
        }
    }

    /// The routes to serve: the canned routes first, then the database's collections.
    func routes() -> [Route] {
        mocks.serverRoutes(folder: url) + (database?.routes() ?? [])
    }

    /// Whether GETs of `path` get validators (`ETag`, `Last-Modified`): every GET route of the folder.
    func isCacheable(_ path: String) -> Bool {
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        if database?.names.contains(first) == true { return true }
        return mocks.routes.contains { $0.method == "GET" && $0.matches(path) }
    }

    /// One line per route, for the startup listing, e.g. `GET    /movie/popular  (3 examples)`.
    var listing: [String] {
        let canned = mocks.routes.map { route in
            let count = route.examples.count
            return Self.line(
                route.method, route.pattern, "\(count) example\(count == 1 ? "" : "s") from \(Self.routesFile)")
        }
        return canned + (database?.listing ?? [])
    }

    /// `METHOD` padded to 7 columns, the path, and a note.
    static func line(_ method: String, _ path: String, _ note: String) -> String {
        method.padding(toLength: max(7, method.count + 1), withPad: " ", startingAt: 0) + path + "  (" + note + ")"
    }
}
