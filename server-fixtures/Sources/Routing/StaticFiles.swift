import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - --static FOLDER: files at the paths no route answers

/// Serves the files of one folder for GET and HEAD at the paths no route answers: `/app.js` is
/// `FOLDER/app.js`, `/` and every folder serve their `index.html`.
///
/// The same rules as the server's other files (`routes.json`'s `"file"`, the dish pictures): only the decoded
/// path's plain segments — `..`, `.`, empty segments, hidden names (`.env`, `.git`), backslashes and NUL are
/// refused whatever their encoding (`%2e%2e`, `%2F`) — and the file's real path (symbolic links resolved) must
/// still be inside the folder's real path, so a link cannot escape it. Only regular files up to 16 MiB.
struct StaticFiles: Sendable {
    /// The folder's real path, without a trailing slash.
    let root: String

    /// The largest file served.
    static let maxBytes = 16 << 20

    /// Files of `folder`; nil when it is not a folder.
    init?(folder: URL) {
        guard let real = Self.realPath(folder.path), Self.isFolder(real) else { return nil }
        root = real == "/" ? "" : real
    }

    /// The answer for `request`'s path when it names a file of the folder; nil when it names none.
    func answer(_ request: HTTPRequest) -> HTTPResponse? {
        guard let file = file(for: request.routePath) else { return nil }
        switch request.method {
        case "GET", "HEAD":
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            return HTTPResponse(
                status: 200, contentType: Self.contentType(ofFile: file), body: data,
                fields: [.init(name: "Cache-Control", value: "no-cache")])
        case "OPTIONS":
            return HTTPResponse(
                status: 204, contentType: nil, fields: [.init(name: "Allow", value: "GET, HEAD, OPTIONS")])
        default:
            var response = HTTPResponse.teaching(
                405, .staticFileMethod(method: request.method, path: request.routePath), for: request)
            response.fields.append(.init(name: "Allow", value: "GET, HEAD, OPTIONS"))
            return response
        }
    }

    /// The real path of the regular file `path` names inside the folder (a folder's `index.html`), or nil.
    func file(for path: String) -> String? {
        let segments = path == "/" ? [] : Route.segments(of: path)
        guard segments.count <= 64,
            segments.allSatisfy({ segment in
                !segment.isEmpty && !segment.hasPrefix(".") && !segment.contains("\\") && !segment.contains("\0")
            })
        else { return nil }
        var candidate = root + "/" + segments.joined(separator: "/")
        if Self.isFolder(candidate) { candidate += candidate.hasSuffix("/") ? "index.html" : "/index.html" }
        guard let real = Self.realPath(candidate), real.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= Self.maxBytes else {
            return nil
        }
        return real
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The `Content-Type` of a file, from its extension (`application/octet-stream` for unknown ones).
    static func contentType(ofFile name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "map": return HTTPResponse.jsonContentType
        case "txt", "md": return "text/plain; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/vnd.microsoft.icon"
        case "wasm": return "application/wasm"
        default: return "application/octet-stream"
        }
    }
}
