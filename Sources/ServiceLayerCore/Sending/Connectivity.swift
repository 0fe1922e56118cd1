import Foundation

#if canImport(Network)
import Network
#endif

/// Tells the client whether the device is online, so a call can fail at once with
/// ``APIError/offline(url:)`` instead of waiting for a timeout.
///
/// The client asks before every send. Inject your own (a test's fake, or a wrapper around your app's
/// reachability) through ``APIClient/Options/connectivity``.
public protocol ConnectivitySource: Sendable {
    /// `true` when a request has a chance of reaching the network.
    var isOnline: Bool { get }

    /// `true` when a request to `url` has a chance of arriving; the client asks with its base URL.
    /// ``isOnline`` by default; `PathMonitorConnectivity` also says `true` for a loopback host
    /// (`localhost`, `127.0.0.1`, `::1`), which a Mac reaches without any network.
    func isOnline(for url: URL) -> Bool
}

extension ConnectivitySource {
    /// ``isOnline``, whatever `url` is.
    public func isOnline(for url: URL) -> Bool { isOnline }
}

/// A connectivity source that always says online: the default on Linux, where there is no system
/// path monitor, and on watchOS (see ``defaultConnectivitySource()``); what a server-side client wants.
public struct AlwaysOnline: ConnectivitySource {
    /// Creates the source.
    public init() {}
    /// Always `true`.
    public var isOnline: Bool { true }
}

#if canImport(Network)
/// A connectivity source backed by `NWPathMonitor` (Apple platforms): online unless the system's last
/// reported path is unsatisfied (and online until the first report arrives).
public final class PathMonitorConnectivity: ConnectivitySource {
    /// One monitor for the whole process; the default source of every client on Apple platforms.
    public static let shared = PathMonitorConnectivity()

    private let monitor = NWPathMonitor()
    private let lastStatusIsOnline = Locked<Bool>(true)

    /// Starts monitoring on a private queue.
    public init() {
        monitor.pathUpdateHandler = { [weak self] path in
            self?.lastStatusIsOnline.withLock { $0 = path.status != .unsatisfied }
        }
        monitor.start(queue: DispatchQueue(label: "ServiceLayer.PathMonitorConnectivity"))
    }

    deinit { monitor.cancel() }

    /// `true` unless the system's last report said there is no usable path.
    public var isOnline: Bool { lastStatusIsOnline.withLock { $0 } }

    /// `true` for a loopback host (a local server answers without a network), else ``isOnline``.
    public func isOnline(for url: URL) -> Bool { LoopbackHost.matches(url) || isOnline }
}
#endif

/// The platform's default connectivity source: `PathMonitorConnectivity` on iOS, iPadOS, macOS, tvOS
/// and visionOS; ``AlwaysOnline`` on watchOS and Linux.
///
/// watchOS: `NWPathMonitor` reports an unsatisfied path to ordinary apps on watchOS 9 and later
/// (Apple's TN3135, "Low-level networking on watchOS"), although URLSession reaches the network
/// through the phone or Wi-Fi; with it as the default, every call would fail with
/// ``APIError/offline(url:)``. So on watchOS the client does not check first, and a call without a network
/// fails with URLSession's own error (`.offline` for `notConnectedToInternet`).
public func defaultConnectivitySource() -> any ConnectivitySource {
    #if canImport(Network) && !os(watchOS)
    return PathMonitorConnectivity.shared
    #else
    return AlwaysOnline()
    #endif
}
