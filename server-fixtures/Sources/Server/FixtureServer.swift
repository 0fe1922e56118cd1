import Foundation

// MARK: - The public server

/// A real HTTP/1.1 server on POSIX sockets that emulates three backends for tests and demos: Apple's
/// OpenRestaurant API at the root, the reqres users API under `/api/`, and a signup/login/products
/// accounts API under `/api/`. Faults can be injected per route, and every request is recorded.
///
/// ```swift
/// let server = FixtureServer()
/// try server.start()
/// defer { server.stop() }
/// server.inject(.status(503), path: "/categories", times: 2)
/// // point a client at server.baseURL
/// ```
public final class FixtureServer: Sendable {
    private let host: String
    private let requestedPort: UInt16
    private let maxConnections: Int
    private let idleTimeout: TimeInterval
    private let logger: (@Sendable (String) -> Void)?
    private let faults = FaultQueue()
    private let log: RequestLog
    private let router: Router
    /// The built-in APIs, in the order their routes are tried (none for a recording).
    private let builtInAPIs: [ServedAPI]
    /// Validators, 304s and per-status counts; its hooks are in `FixtureServer+Caching.swift`.
    let cache: CacheValidation
    private let lifecycle = Locked<Lifecycle>(Lifecycle())
    private let accounts: AccountStore
    private let live: LiveAPI?
    private let watcher: FolderWatcher?
    private let inspector: Inspector?
    /// Whether every request is forwarded to an upstream (`--record`).
    private let recording: Bool

    private struct Lifecycle {
        var runtime: ServerRuntime?
        var port: UInt16 = 0
        var lastAccepted = 0
    }

    /// Creates a stopped server; call ``start()`` to listen.
    ///
    /// - Parameters:
    ///   - host: The numeric IPv4 or IPv6 address to bind (`"localhost"` means `127.0.0.1`).
    ///     `"127.0.0.1"` by default.
    ///   - port: The TCP port; 0 (the default) picks a free ephemeral port, read it from ``port`` after start.
    ///   - maxConnections: How many connections may be open at once; one more is answered
    ///     503 `{"error":"Too many connections"}` and closed. 64 by default.
    ///   - idleTimeout: Seconds a connection may sit without sending a full request before it is closed.
    ///     15 by default.
    ///   - logger: Called with one line per request, e.g. `GET /menu?category=salads -> 200 (1234 bytes, 2 ms)`,
    ///     never with header values. nil (no logging) by default.
    ///   - recordsRequests: Whether ``requests`` keeps every request (headers and body included). `true` by
    ///     default; a long-running server (the `fixture-server` executable) passes `false` so memory stays
    ///     flat. ``requestCount(path:)`` counts either way.
    ///   - tokenLifetime: Seconds an accounts access token lives after signup, login or refresh (answered as
    ///     `expiresIn`, rounded down to whole seconds). 900 by default.
    public convenience init(
        host: String = "127.0.0.1", port: UInt16 = 0, maxConnections: Int = 64, idleTimeout: TimeInterval = 15,
        logger: (@Sendable (String) -> Void)? = nil, recordsRequests: Bool = true, tokenLifetime: TimeInterval = 900
    ) {
        self.init(
            live: nil, options: Options(), recorder: nil, host: host, port: port, maxConnections: maxConnections,
            idleTimeout: idleTimeout, logger: logger,
            recordsRequests: recordsRequests, tokenLifetime: tokenLifetime)
    }

    /// Creates a stopped server that also serves your own API from the files of `folder` (see
    /// `server-fixtures/README.md`, "Mock your own API"): `db.json` as REST collections under `/<collection>`,
    /// and `routes.json`'s canned answers at the paths they name, all from the root `/`. The built-in backends
    /// stay beside it; where a path is both, the folder's route wins.
    ///
    /// ```swift
    /// let server = try FixtureServer(api: URL(fileURLWithPath: "server-fixtures/Examples/movies"))
    /// try server.start()   // GET \(server.baseURL)movies, GET \(server.baseURL)movie/popular?page=1 ...
    /// ```
    ///
    /// - Parameters:
    ///   - folder: A folder with `db.json`, `routes.json` or both.
    ///   - writesBack: Whether database writes are also saved to `db.json` (atomically, the whole file,
    ///     pretty-printed). `false` by default: writes live in memory for the life of this object.
    ///   - host, port, maxConnections, idleTimeout, logger, recordsRequests, tokenLifetime: As for
    ///     ``init(host:port:maxConnections:idleTimeout:logger:recordsRequests:tokenLifetime:)``, with the same defaults.
    /// - Throws: ``APIFolderError`` naming the file, line and field of the first problem in the folder, or
    ///   a symbolic link in it that leads outside it (links that stay inside are followed).
    public convenience init(
        api folder: URL, writesBack: Bool = false, host: String = "127.0.0.1", port: UInt16 = 0,
        maxConnections: Int = 64, idleTimeout: TimeInterval = 15, logger: (@Sendable (String) -> Void)? = nil,
        recordsRequests: Bool = true, tokenLifetime: TimeInterval = 900
    ) throws(APIFolderError) {
        var options = Options()
        options.writesBack = writesBack
        try self.init(
            api: folder, options: options, host: host, port: port, maxConnections: maxConnections,
            idleTimeout: idleTimeout, logger: logger, recordsRequests: recordsRequests, tokenLifetime: tokenLifetime)
    }

    /// Creates a stopped server with the development options of `fixture-server` (``Options``: `--watch`,
    /// `--delay`, `--read-only`, `--static`, `--no-cors`), serving your own API from `folder` when given.
    ///
    /// ```swift
    /// var options = FixtureServer.Options()
    /// options.readOnly = true
    /// let server = try FixtureServer(api: URL(fileURLWithPath: "server-fixtures/Examples/movies"), options: options)
    /// ```
    ///
    /// - Parameters:
    ///   - folder: A folder with `db.json`, `routes.json` or both; nil for the built-in backends only.
    ///   - options: The options; ``Options/init()`` has every default (CORS on, nothing else).
    ///   - host, port, maxConnections, idleTimeout, logger, recordsRequests, tokenLifetime: As for
    ///     ``init(host:port:maxConnections:idleTimeout:logger:recordsRequests:tokenLifetime:)``, with the same
    ///     defaults. With `options.watch`, `logger` also gets one line per reload (or per invalid file, whose
    ///     old data is kept).
    /// - Throws: ``APIFolderError`` naming the file, line and field of the first problem in the folder, a
    ///   delay outside 0...30 seconds, or a static folder that does not exist.
    public convenience init(
        api folder: URL?, options: Options, host: String = "127.0.0.1", port: UInt16 = 0,
        maxConnections: Int = 64, idleTimeout: TimeInterval = 15, logger: (@Sendable (String) -> Void)? = nil,
        recordsRequests: Bool = true, tokenLifetime: TimeInterval = 900
    ) throws(APIFolderError) {
        guard (0...Options.maxDelay).contains(options.delay) else {
            throw APIFolderError(file: "delay", line: 0, field: "", message: "must be from 0 to 30 seconds")
        }
        if let staticFolder = options.staticFolder, StaticFiles(folder: staticFolder) == nil {
            throw APIFolderError(file: staticFolder.path, line: 0, field: "", message: "is not a folder (--static)")
        }
        var live: LiveAPI?
        if let folder {
            try FolderLinks.check(folder)
            live = try LiveAPI(folder: folder, writesBack: options.writesBack, readOnly: options.readOnly)
        }
        self.init(
            live: live, options: options, recorder: nil, host: host, port: port, maxConnections: maxConnections,
            idleTimeout: idleTimeout, logger: logger, recordsRequests: recordsRequests, tokenLifetime: tokenLifetime)
    }

    /// Creates a stopped server that records a real API (`fixture-server --record UPSTREAM --api FOLDER`):
    /// every request is forwarded to `upstream` with URLSession, answered with what came back, and saved into
    /// `folder`'s `routes.json` (bodies in `folder/recorded/`) without secrets, so that
    /// ``init(api:writesBack:host:port:maxConnections:idleTimeout:logger:recordsRequests:tokenLifetime:)``
    /// replays it.
    ///
    /// - Parameters:
    ///   - upstream: The API's base URL, e.g. `https://api.themoviedb.org/3/`; a request for `/movie/popular`
    ///     goes to `upstream` + `movie/popular`.
    ///   - folder: Where to save (created if missing; an existing `routes.json` is extended).
    ///   - options: CORS and delay apply; the other options do not (every request is forwarded).
    ///     ``Options/init()`` by default.
    ///   - host: As for ``init(host:port:maxConnections:idleTimeout:logger:recordsRequests:tokenLifetime:)``,
    ///     `"127.0.0.1"` by default.
    ///   - port: As there, 0 by default.
    ///   - logger: As there (nil by default); it also gets one line per saved answer.
    /// - Throws: ``APIFolderError`` when `upstream` is not http(s), or the folder or its `routes.json` is unusable.
    public convenience init(
        recording upstream: URL, into folder: URL, options: Options = Options(), host: String = "127.0.0.1",
        port: UInt16 = 0, logger: (@Sendable (String) -> Void)? = nil
    ) throws(APIFolderError) {
        let recorder = try Recorder(upstream: upstream, folder: folder, logger: logger)
        self.init(
            live: nil, options: options, recorder: recorder, host: host, port: port, maxConnections: 64,
            idleTimeout: 15, logger: logger, recordsRequests: true, tokenLifetime: 900)
    }

    private init(
        live: LiveAPI?, options: Options, recorder: Recorder?, host: String, port: UInt16, maxConnections: Int,
        idleTimeout: TimeInterval, logger: (@Sendable (String) -> Void)?, recordsRequests: Bool,
        tokenLifetime: TimeInterval
    ) {
        self.host = host
        self.requestedPort = port
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
        self.logger = logger
        self.live = live
        log = RequestLog(keepsRequests: recordsRequests)
        let data = FixtureData.shared
        let accounts = AccountStore(tokenLifetime: tokenLifetime)
        let orders = OrderBook()
        self.accounts = accounts
        let cache = CacheValidation(extraCacheable: { path in live?.api.isCacheable(path) ?? false })
        self.cache = cache
        // Weak: the cache holds the folder (and so the database) through `extraCacheable`.
        live?.onChange { [weak cache] path in cache?.touch(path) }
        if let live, options.watch {
            watcher = FolderWatcher(folder: live.folder, interval: options.watchInterval) {
                do throws(APIFolderError) {
                    try live.reload()
                    logger?("fixture-server: reloaded \(live.folder.path)")
                } catch {
                    logger?("fixture-server: kept the previous data, the new files are invalid: \(error)")
                }
            }
        } else {
            watcher = nil
        }
        // A recording forwards everything: no built-in route may answer (or evaluate If-Match) in its place.
        let builtIn: [ServedAPI] =
            recorder != nil
            ? []
            : [
                ServedAPI(
                    name: "Apple's OpenRestaurant API", root: "/",
                    routes: RestaurantRoutes.routes(data, orders: orders) + OrderStatusRoutes.routes(orders)),
                ServedAPI(name: "The reqres users API", root: "/api/", routes: ReqresRoutes.routes(data)),
                ServedAPI(
                    name: "The accounts API", root: "/api/", routes: AccountRoutes.routes(data, store: accounts)),
                ServedAPI(
                    name: "Uploads and downloads", root: "/",
                    routes: TransferRoutes.routes(store: TransferRoutes.AvatarStore(), touch: { cache.touch($0) })),
                ServedAPI(
                    name: "A chat-completions mock", root: "/v1/",
                    routes: ChatCompletionRoutes.routes(delay: options.delay)),
            ]
        let inspector = options.inspector ? Inspector(recording: recorder != nil) : nil
        self.inspector = inspector
        builtInAPIs = builtIn
        router = ServerRoutes.router(
            apis: builtIn, live: live, options: options, recorder: recorder, inspector: inspector)
        recording = recorder != nil
    }

    /// The OpenAPI 3.0 document of everything the server answers now (what `GET /openapi.json` serves,
    /// without `servers`), pretty-printed JSON: the `--api` folder's routes described from its data as it is
    /// now, and the built-in backends. What `fixture-server --openapi FILE` writes.
    public var openAPIDocument: Data {
        OpenAPIDocument.make(
            live: live, readOnly: live?.readOnly ?? false, builtInRoutes: router.builtIn, recording: recording,
            authority: nil
        ).serialized(pretty: true)
    }

    /// One line per route of the `--api` folder (`METHOD path  (where it comes from)`), for a startup listing;
    /// empty for a server without one.
    public var apiRoutes: [String] { live?.api.listing ?? [] }

    /// Every route the server answers, for a startup listing: a heading line per API (the `--api` folder's
    /// first, with ``apiRoutes``' lines, then each built-in API), then its routes indented by two spaces, then
    /// the pages describing it (`/docs`, `/openapi.json`, `/_inspector`), and last the index at `GET /`. Empty for a recording server, which forwards every path.
    public var routeListing: [String] {
        guard !router.builtIn.isEmpty || live != nil else { return [] }
        var lines: [String] = []
        if let live {
            lines.append("Your API from \(live.folder.path), at /:")
            lines += apiRoutes.map { "  " + $0 }
        }
        for api in builtInAPIs {
            lines.append(api.heading)
            lines += api.listing
        }
        var pages = "Described for a browser: GET /docs (each route, a Swift model for each answer), GET /openapi.json"
        if inspector != nil { pages += "; what it saw, and why a call failed: GET /_inspector" }
        lines.append(pages)
        lines.append("This list, as a page for a browser (JSON with Accept: application/json): GET /")
        return lines
    }

    deinit {
        stop()
    }

    // MARK: Lifecycle

    /// Binds, listens and starts the accept thread; returns once the server accepts connections.
    ///
    /// Starting a running server throws ``FixtureServerError/alreadyRunning``. Starting again after ``stop()``
    /// works (with a new ephemeral port when `port` is 0). Records and queued faults are kept across restarts;
    /// ``acceptedConnections`` restarts from 0.
    /// - Throws: ``FixtureServerError`` (for example ``FixtureServerError/portInUse(_:)`` when another server
    ///   listens on `port`).
    public func start() throws {
        try lifecycle.withLock { (state: inout Lifecycle) throws(FixtureServerError) in
            guard state.runtime == nil else { throw .alreadyRunning }
            let runtime = try ServerRuntime(host: host, port: requestedPort, maxConnections: maxConnections)
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            let handler = ServerHandler(router: router, faults: faults, log: log, cache: cache)
            let context = handler.context(
                idleTimeout: idleTimeout, fallbackAuthority: "\(bracketed):\(runtime.port)",
                observer: ServerObserver(cache: cache, inspector: inspector, logger: logger))
            do throws(FixtureServerError) {
                try runtime.start(context: context)
            } catch {
                runtime.stop()
                throw error
            }
            state.runtime = runtime
            state.port = runtime.port
            state.lastAccepted = 0
        }
        try watcher?.start()
    }

    /// Closes the listener and every open connection, interrupts delayed and slow responses, and joins every
    /// thread before returning. Idempotent; does nothing on a stopped server.
    public func stop() {
        watcher?.stop()
        let runtime = lifecycle.withLock { state -> ServerRuntime? in
            defer { state.runtime = nil }
            return state.runtime
        }
        guard let runtime else { return }
        runtime.stop()
        lifecycle.withLock { $0.lastAccepted = runtime.acceptedConnections }
    }

    /// The bound port after ``start()`` (stays at the last bound port after ``stop()``; 0 before the first start).
    public var port: UInt16 { lifecycle.withLock { $0.port } }

    /// `http://<host>:<port>/` of the running server (IPv6 hosts in brackets).
    public var baseURL: URL {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return URL(string: "http://\(bracketed):\(port)/")!
    }

    /// Whether the server is listening.
    public var isRunning: Bool { lifecycle.withLock { $0.runtime != nil } }

    // MARK: The --api folder

    /// Reads the `--api` folder's files again and serves them from the next request on (what `--watch` does
    /// when they change). Database writes kept only in memory are dropped. Does nothing without a folder.
    /// - Throws: ``APIFolderError`` naming the first problem in the new files; the old ones stay served.
    public func reloadAPI() throws(APIFolderError) {
        try live?.reload()
    }

    /// Writes the database as it is now — every collection of `db.json` with the writes made since — to
    /// `file`, atomically and pretty-printed, in `db.json`'s shape (so it can be served with `--api` later).
    /// What `fixture-server --snapshot FILE` writes when you type `s` and Return, and when it stops.
    /// - Throws: ``APIFolderError`` when the server has no database or the file cannot be written.
    public func snapshot(to file: URL) throws(APIFolderError) {
        guard let data = live?.snapshot() else {
            throw APIFolderError(
                file: file.path, line: 0, field: "",
                message: "no snapshot: the server has no --api folder with a db.json")
        }
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw APIFolderError(
                file: file.path, line: 0, field: "", message: "cannot be written (\(error.localizedDescription))")
        }
    }

    // MARK: Faults

    /// Queues `fault` for requests to `path`.
    ///
    /// - Parameters:
    ///   - fault: What to answer instead of the normal response.
    ///   - path: The exact percent-decoded path without query, e.g. `"/categories"` or `"/api/users/2"`
    ///     (a trailing slash is ignored).
    ///   - method: Only requests with this method get the fault; nil (the default) means any method.
    ///   - times: How many matching requests get it; 1 by default, nil for every request until
    ///     ``clearFaults()``. Faults for the same request are consumed in FIFO order.
    public func inject(_ fault: Fault, path: String, method: String? = nil, times: Int? = 1) {
        faults.add(fault, path: path, method: method, times: times)
    }

    /// Removes every queued fault.
    public func clearFaults() {
        faults.clear()
    }

    // MARK: Accounts

    /// Seconds an accounts access token lives: the `tokenLifetime` the server was created with.
    public var tokenLifetime: TimeInterval { accounts.tokenLifetime }

    /// Makes the accounts access token `token` expire now, so the next `GET /api/products` with it is
    /// answered 401 `Bearer error="invalid_token"`; its refresh token still works. Unknown tokens are ignored.
    public func expireToken(_ token: String) {
        accounts.expire(token: token)
    }

    /// Makes every accounts access token issued so far expire now (tokens issued later live as usual).
    public func expireAllTokens() {
        accounts.expireAll()
    }

    // MARK: Records

    /// Number of requests received for the percent-decoded `path` (any method, any query), faulted or not.
    /// Requests rejected before routing (400, 411, 413, 431, 503) are not counted.
    public func requestCount(path: String) -> Int {
        log.count(path: path)
    }

    /// Every request received since the first start or ``resetRecords()``, in arrival order
    /// (always empty when the server was created with `recordsRequests: false`).
    public var requests: [RecordedRequest] { log.requests }

    /// Forgets every recorded request and count.
    public func resetRecords() {
        log.reset()
        cache.resetCounts()
    }

    /// TCP connections accepted since the last ``start()`` (including those answered 503).
    public var acceptedConnections: Int {
        lifecycle.withLock { $0.runtime?.acceptedConnections ?? $0.lastAccepted }
    }
}
