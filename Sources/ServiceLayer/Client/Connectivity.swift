import Foundation

#if canImport(Network)
import Network
#endif

/// Tells the client whether the device is online, so a call can fail at once with
/// ``APIError/offline`` instead of waiting for a timeout.
///
/// The client asks before every send. Inject your own (a test's fake, or a wrapper around your app's
/// reachability) through ``APIClient/Options/connectivity``.
public protocol ConnectivitySource: Sendable {
    /// `true` when a request has a chance of reaching the network.
    var isOnline: Bool { get }
}

/// A connectivity source that always says online: the default on Linux, where there is no system
/// path monitor, and what a server-side client wants.
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
}
#endif

/// The platform's default connectivity source: `PathMonitorConnectivity` where the Network framework
/// exists, ``AlwaysOnline`` elsewhere.
public func defaultConnectivitySource() -> any ConnectivitySource {
    #if canImport(Network)
    return PathMonitorConnectivity.shared
    #else
    return AlwaysOnline()
    #endif
}
