/// Errors thrown by ``FixtureServer/start()``. Each carries the `errno` of the failing call.
public enum FixtureServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` was called while the server was already running.
    case alreadyRunning
    /// The host string is not a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// `socket()` failed with this errno.
    case socket(Int32)
    /// `bind()` failed with this errno (for example `EADDRINUSE`).
    case bind(Int32)
    /// `listen()` failed with this errno.
    case listen(Int32)
    /// Creating the internal wake-up pipe or the accept thread failed with this errno.
    case thread(Int32)

    /// A sentence naming the failed call and the errno.
    public var description: String {
        switch self {
        case .alreadyRunning: return "FixtureServer is already running"
        case .invalidHost(let host): return "FixtureServer: invalid host \(host) (use a numeric IPv4 or IPv6 address)"
        case .socket(let code): return "FixtureServer: socket() failed, errno \(code)"
        case .bind(let code): return "FixtureServer: bind() failed, errno \(code)"
        case .listen(let code): return "FixtureServer: listen() failed, errno \(code)"
        case .thread(let code): return "FixtureServer: could not start a thread or pipe, errno \(code)"
        }
    }
}
