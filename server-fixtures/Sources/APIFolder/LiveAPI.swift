import Foundation

// MARK: - The --api folder as served: reloadable, read-only or not

/// The `--api` folder the server answers from now: its routes (made read-only when asked), a reload that
/// keeps the old data when the new files are invalid, and a snapshot of the database.
final class LiveAPI: Sendable {
    /// The folder.
    let folder: URL
    /// Whether database writes are also saved to `db.json` (`--write`).
    private let writesBack: Bool
    /// Whether the folder answers only GET, HEAD and OPTIONS (`--read-only`).
    let readOnly: Bool
    private let current: Locked<(api: APIFolder, routes: [Route])>
    /// Told the paths a database write changed (to move their validators); set once by the server.
    private let changed = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Loads `folder`, saving database writes to `db.json` when `writesBack`, answering only reads when
    /// `readOnly` (`FixtureServer.Options`' `writesBack` and `readOnly`).
    /// - Throws: ``APIFolderError`` naming the first problem in the folder.
    init(folder: URL, writesBack: Bool, readOnly: Bool) throws(APIFolderError) {
        let api = try APIFolder.load(folder, writesBack: writesBack)
        self.folder = folder
        self.writesBack = writesBack
        self.readOnly = readOnly
        current = Locked((api, Self.routes(of: api, readOnly: readOnly)))
    }

    /// The folder as loaded last.
    var api: APIFolder { current.withLock { $0.api } }

    /// The folder's routes, tried before the built-in ones.
    var routes: [Route] { current.withLock { $0.routes } }

    /// Tells `handler` the paths each database write changes, for this database and every reloaded one.
    func onChange(_ handler: @escaping @Sendable (String) -> Void) {
        changed.withLock { $0 = handler }
        api.database?.onChange(handler)
    }

    /// Reads the folder again and serves the new files; on an error the old ones stay served.
    /// Every path of the old and new folder gets new validators.
    /// - Throws: ``APIFolderError`` naming the first problem in the new files.
    func reload() throws(APIFolderError) {
        let api = try APIFolder.load(folder, writesBack: writesBack)
        let handler = changed.withLock { $0 }
        if let handler { api.database?.onChange(handler) }
        let old = current.withLock { state in
            defer { state = (api, Self.routes(of: api, readOnly: readOnly)) }
            return state.api
        }
        guard let handler else { return }
        for path in Set(Self.paths(of: old) + Self.paths(of: api)) { handler(path) }
    }

    /// The database as it is now, in `db.json`'s shape (collections and singular resources), pretty-printed;
    /// nil without a database.
    func snapshot() -> Data? {
        api.database?.snapshot()
    }

    /// The paths a reload may change: every canned route without parameters, and every collection.
    private static func paths(of api: APIFolder) -> [String] {
        api.mocks.routes.map(\.pattern).filter { !$0.contains(":") }
            + (api.database?.names.map { "/" + $0 } ?? [])
    }

    /// `api`'s routes; with `readOnly`, only their GET handlers, other methods refused with a 405 that
    /// names the option.
    static func routes(of api: APIFolder, readOnly: Bool) -> [Route] {
        let routes = api.routes()
        guard readOnly else { return routes }
        return routes.map { route in
            let pattern = "/" + route.segments.joined(separator: "/")
            var readable = Route(pattern, route.handlers.filter { $0.method == "GET" })
            let allow = readable.allowHeader
            readable.refusal = { context in
                var response = HTTPResponse.teaching(
                    405, .readOnly(method: context.request.method, path: context.request.routePath, allowed: allow),
                    for: context.request)
                response.fields.append(.init(name: "Allow", value: allow))
                return response
            }
            return readable
        }
    }
}

// MARK: - --watch

/// Polls a folder's files (names, sizes and modification times) every `interval` seconds (half a second
/// by default) on its own thread and calls `changed` when they differ. ``stop()`` joins the thread.
final class FolderWatcher: Sendable {
    private let folder: URL
    private let interval: TimeInterval
    private let changed: @Sendable () -> Void
    private let state = Locked<(stopping: Bool, thread: PosixThread?)>((false, nil))

    /// A watcher of `folder`, not yet started.
    init(folder: URL, interval: TimeInterval = 0.5, changed: @escaping @Sendable () -> Void) {
        self.folder = folder
        self.interval = interval
        self.changed = changed
    }

    /// Starts polling. Throws when no thread can be made.
    func start() throws(FixtureServerError) {
        state.withLock { $0.stopping = false }
        let first = signature()
        let thread = try PosixThread.spawn { [self] in
            var last = first
            while true {
                // In steps of at most 0.1 s, so that stop() never waits long.
                let steps = max(1, Int((interval / 0.1).rounded(.up)))
                for _ in 0..<steps {
                    if state.withLock({ $0.stopping }) { return }
                    usleep(useconds_t(interval / Double(steps) * 1_000_000))
                }
                let now = signature()
                if now != last {
                    last = now
                    changed()
                }
            }
        }
        state.withLock { $0.thread = thread }
    }

    /// Stops polling and joins the thread. Idempotent.
    func stop() {
        let thread = state.withLock { state -> PosixThread? in
            state.stopping = true
            defer { state.thread = nil }
            return state.thread
        }
        thread?.join()
    }

    /// Every file of the folder (not its subfolders' files) with its size and modification time.
    private func signature() -> [String: [Double]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var result: [String: [Double]] = [:]
        for name in names {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let size = (attributes?[.size] as? NSNumber)?.doubleValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            result[name] = [size, modified]
        }
        return result
    }
}
