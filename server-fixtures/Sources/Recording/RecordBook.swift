import Foundation

// MARK: - The routes.json a recording writes

/// The routes of the `routes.json` being recorded, in the format `MockRoutes` reads: one route per method
/// and path, one example per query (secret items removed), bodies in `recorded/` files beside it.
struct RecordBook {
    /// The folder written into.
    let folder: URL
    /// The routes, as JSON objects (`{"method", "path", "examples": [...]}`), in file order.
    private(set) var routes: [ServerJSON] = []

    /// The subfolder of the body files.
    static let bodies = "recorded"

    /// A book for `folder` (created if missing), starting from its `routes.json` when it has one.
    /// - Throws: ``APIFolderError`` when the folder cannot be made or its `routes.json` is not valid.
    init(folder: URL) throws(APIFolderError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(Self.bodies), withIntermediateDirectories: true)
        } catch {
            throw APIFolderError(
                file: folder.path, line: 0, field: "", message: "cannot be created (\(error.localizedDescription))")
        }
        let file = folder.appendingPathComponent(APIFolder.routesFile)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        _ = try MockRoutes.load(file)
        if case .object(let top) = try APIFolder.readJSON(file).value, case .array(let list)? = top["routes"] {
            routes = list
        }
    }

    /// Saves one exchange and rewrites `routes.json`; returns the body file's name ("" without a body, and
    /// for a stream, whose events are saved in the example's `events`, each with its wait).
    /// - Throws: ``APIFolderError`` when the path cannot be a route or a file cannot be written.
    mutating func save(
        request: HTTPRequest, status: Int, fields: [HTTPResponse.Field], body: Data, stream: StreamRecording? = nil,
        secrets: [String]
    ) throws(APIFolderError) -> String {
        let path = request.routePath
        let routesFile = folder.appendingPathComponent(APIFolder.routesFile)
        guard path.hasPrefix("/"), !path.contains("?"), !path.contains(" "),
            !path.split(separator: "/").contains(where: { $0.hasPrefix(":") })
        else {
            throw APIFolderError(
                file: routesFile.path, line: 0, field: "",
                message: "\(path) cannot be a route path (a space, ? or a segment starting with :)")
        }
        let query = RecordingSecrets.publicQuery(request.query).mapValues { RecordingSecrets.redact($0, secrets) }
        var example: [String: ServerJSON] = ["status": .int(status)]
        if !query.isEmpty { example["match"] = .object(["query": .object(query.mapValues { .string($0) })]) }
        var headers: [String: ServerJSON] = [:]
        for field in fields where !RecordingSecrets.dropsFromRecording(field.name) {
            headers[field.name] = .string(RecordingSecrets.redact(field.value, secrets))
        }
        if !headers.isEmpty { example["headers"] = .object(headers) }
        var name = ""
        if let stream {
            example["events"] = .array(
                stream.pieces.map { piece in
                    var event: [String: ServerJSON] = ["raw": .string(RecordingSecrets.redact(piece.raw, secrets))]
                    if piece.wait > 0 { event["wait"] = .int(piece.wait) }
                    return .object(event)
                })
        } else if !body.isEmpty {
            name = Self.fileName(
                request.method, path, query,
                contentType: headers.first {
                    $0.key.lowercased() == "content-type"
                }?.value.stringValue)
            var saved = body
            if let text = String(data: body, encoding: .utf8) {
                saved = Data(RecordingSecrets.redact(text, secrets).utf8)
            }
            do {
                try saved.write(to: folder.appendingPathComponent(name), options: .atomic)
            } catch {
                throw APIFolderError(
                    file: folder.appendingPathComponent(name).path, line: 0, field: "",
                    message: "cannot be written (\(error.localizedDescription))")
            }
            example["file"] = .string(name)
        }
        insert(method: request.method, path: path, example: example)
        do {
            try ServerJSON.object(["routes": .array(routes)]).serialized(pretty: true).write(
                to: routesFile, options: .atomic)
        } catch {
            throw APIFolderError(
                file: routesFile.path, line: 0, field: "", message: "cannot be written (\(error.localizedDescription))")
        }
        return name
    }

    /// Puts `example` into the route for `method` and `path`: in place of an example with the same
    /// `match`, or after the others.
    private mutating func insert(method: String, path: String, example: [String: ServerJSON]) {
        let index = routes.firstIndex { route in
            route.objectValue?["method"] == .string(method) && route.objectValue?["path"] == .string(path)
        }
        guard let index, var route = routes[index].objectValue else {
            routes.append(
                .object(["method": .string(method), "path": .string(path), "examples": .array([.object(example)])]))
            return
        }
        var examples: [ServerJSON]
        if case .array(let list)? = route["examples"] {
            examples = list
        } else {
            // A route written with one answer's fields inline becomes a route with examples.
            examples = [.object(route.filter { !MockRoutes.routeFields.contains($0.key) })]
            route = route.filter { MockRoutes.routeFields.contains($0.key) }
        }
        if let same = examples.firstIndex(where: { $0.objectValue?["match"] == example["match"] }) {
            examples[same] = .object(example)
        } else {
            examples.append(.object(example))
        }
        route["examples"] = .array(examples)
        routes[index] = .object(route)
    }

    /// `recorded/<method>-<path words>-<hash of the key>.<extension>`, e.g. `recorded/get-movie-popular-1a2b3c4d.json`.
    static func fileName(_ method: String, _ path: String, _ query: [String: String], contentType: String?) -> String {
        let words = path.split(separator: "/").map { segment in
            String(
                segment.unicodeScalars.map {
                    CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_"
                })
        }
        let stem = ([method.lowercased()] + words).joined(separator: "-").prefix(60)
        let key =
            method + " " + path + "?"
            + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            .joined(separator: "&")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let short = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        return "\(bodies)/\(stem)-\(short.prefix(8)).\(fileExtension(contentType))"
    }

    /// The file extension for a body of `contentType` (`bin` when unknown).
    static func fileExtension(_ contentType: String?) -> String {
        let type = (contentType ?? "").lowercased()
        if type.contains("json") { return "json" }
        if type.hasPrefix("text/html") { return "html" }
        if type.hasPrefix("text/") { return "txt" }
        if type.hasPrefix("image/png") { return "png" }
        if type.hasPrefix("image/jpeg") { return "jpg" }
        return "bin"
    }
}
