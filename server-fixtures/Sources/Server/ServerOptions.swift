import Foundation

// MARK: - Development options (json-server's flags)

extension FixtureServer {
    /// How a development server behaves beyond its routes: the options of `fixture-server` (`--watch`,
    /// `--delay`, `--read-only`, `--static`, `--no-cors`), for
    /// ``FixtureServer/init(api:options:host:port:maxConnections:idleTimeout:logger:recordsRequests:tokenLifetime:)``.
    ///
    /// ```swift
    /// var options = FixtureServer.Options()
    /// options.readOnly = true
    /// options.delay = 0.5
    /// ```
    public struct Options: Sendable {
        /// Whether database writes are also saved to `db.json` (atomically, the whole file). `false` by default.
        public var writesBack = false
        /// Whether the server reloads the `--api` folder's files when they change (polled every half second);
        /// an invalid new file is logged and the old data kept. `false` by default.
        public var watch = false
        /// How often `watch` looks at the folder's files, in seconds: every half second. Internal: the
        /// tests shorten it so that a reload shows at once.
        var watchInterval: TimeInterval = 0.5
        /// Seconds to wait before every answer, like json-server's `--delay` (0 to 30). 0 by default.
        public var delay: TimeInterval = 0
        /// Whether the `--api` folder answers only GET, HEAD and OPTIONS (other methods: 405 naming the
        /// option), like json-server's `--read-only`. `false` by default.
        public var readOnly = false
        /// A folder whose files are served at the paths no route answers (`/` serves its `index.html`),
        /// for GET and HEAD. nil (none) by default.
        public var staticFolder: URL?
        /// Whether every answer carries `Access-Control-Allow-Origin: *` and preflight requests are
        /// answered, so a web page on another origin can call the server. `true` by default: the server is a
        /// development server that binds to loopback.
        public var cors = true
        /// Whether `GET /_inspector` shows the last 200 requests and answers (secrets masked, never under
        /// CORS). `true` by default; `fixture-server --no-inspector` turns it off (its paths are then 404).
        public var inspector = true

        /// The longest ``delay`` accepted, in seconds.
        public static let maxDelay: TimeInterval = 30

        /// Options with every default: in-memory writes, no watching, no delay, writable, no static files,
        /// CORS on, the inspector on.
        public init() {}
    }
}
