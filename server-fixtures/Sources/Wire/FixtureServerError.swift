/// Errors thrown by ``FixtureServer/start()``. Each failed call carries its `errno`; a port in use says
/// which port, and what to do about it.
public enum FixtureServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` was called while the server was already running.
    case alreadyRunning
    /// The host string is not a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// `socket()` failed with this errno.
    case socket(Int32)
    /// The port is already in use (`bind()` failed with `EADDRINUSE`): another server listens on it.
    case portInUse(UInt16)
    /// `bind()` failed with this errno, other than `EADDRINUSE` (for example `EACCES` for a port below 1024).
    case bind(Int32)
    /// `listen()` failed with this errno.
    case listen(Int32)
    /// Creating the internal wake-up pipe or the accept thread failed with this errno.
    case thread(Int32)

    /// A sentence naming the failed call and the errno; for a port in use, the port and the fix.
    public var description: String {
        switch self {
        case .alreadyRunning: return "FixtureServer is already running"
        case .invalidHost(let host): return "FixtureServer: invalid host \(host) (use a numeric IPv4 or IPv6 address)"
        case .socket(let code): return "FixtureServer: socket() failed, errno \(code)"
        case .portInUse(let port):
            let other = port == UInt16.max ? port - 1 : port + 1
            return "FixtureServer: port \(port) is already in use: another server (perhaps another fixture-server) "
                + "is listening on it. Stop that server (Ctrl-C in its terminal), or start this one on another port: "
                + "--port \(other) (FixtureServer(port: \(other)) in code, or port 0 for any free port)."
        case .bind(let code): return "FixtureServer: bind() failed, errno \(code)"
        case .listen(let code): return "FixtureServer: listen() failed, errno \(code)"
        case .thread(let code): return "FixtureServer: could not start a thread or pipe, errno \(code)"
        }
    }
}
