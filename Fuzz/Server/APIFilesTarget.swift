import Foundation

// MARK: - An --api folder's db.json and routes.json

/// The input as a `db.json` and as a `routes.json` (written to a temporary folder): loading either
/// succeeds or throws an `APIFolderError` with a line inside the file. A database that loads lists every
/// collection, and its snapshot reads back as the same collections; a route file that loads matches each
/// route's own path (its `:name` segments filled in) and answers it.
let apiFilesFuzzTarget = FuzzTarget(name: "api-files") { data in
    try? data.write(to: apiFilesFolder.db)
    try? data.write(to: apiFilesFolder.routes)
    let lines = data.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
    do throws(APIFolderError) {
        let database = try Database.load(apiFilesFolder.db, writesBack: false)
        let snapshot = try? JSONReader.parse(database.snapshot())
        fuzzCheck(snapshot != nil, "a database snapshot that does not parse")
        for route in database.routes() where !route.segments.contains(where: { $0.hasPrefix(":") }) {
            let path = "/" + route.segments.joined(separator: "/")
            guard let handler = route.handler(for: "GET") else { continue }
            let response = handler(fuzzContext(target: path))
            fuzzCheck([200, 400, 404].contains(response.status), "GET \(path) answered \(response.status)")
        }
    } catch {
        fuzzCheck((0...lines).contains(error.line), "a db.json error on line \(error.line) of \(lines)")
    }
    do throws(APIFolderError) {
        let routes = try MockRoutes.load(apiFilesFolder.routes)
        for route in routes.routes {
            let path =
                "/"
                + route.pattern.split(separator: "/").map { $0.hasPrefix(":") ? "x" : String($0) }
                .joined(separator: "/")
            fuzzCheck(route.matches(path), "\(route.method) \(route.pattern) does not match \(path)")
            _ = route.answer(fuzzContext(target: path))
        }
    } catch {
        fuzzCheck((0...lines).contains(error.line), "a routes.json error on line \(error.line) of \(lines)")
    }
}

/// The temporary folder the inputs are written to, once per process.
private let apiFilesFolder: (db: URL, routes: URL) = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-api-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (folder.appendingPathComponent("db.json"), folder.appendingPathComponent("routes.json"))
}()

/// A route context for `GET target` with a `Host`, no body and no path parameters.
func fuzzContext(target: String, headers: [String: String] = [:]) -> RouteContext {
    let (path, query) =
        target.firstIndex(of: "?").map {
            (String(target[..<$0]), PercentDecoding.decodeQuery(target[target.index(after: $0)...]))
        } ?? (target, [:])
    let head = RequestHead(
        method: "GET", target: target, path: PercentDecoding.decode(path[...]) ?? path, query: query,
        headers: headers.merging(["host": "localhost"]) { a, _ in a }, minorVersion: 1, contentLength: 0,
        isChunked: false)
    return RouteContext(request: HTTPRequest(head: head, body: Data()), parameters: [:], authority: "localhost")
}
