@testable import ServiceLayer
@testable import ServiceLayerCore

/// A connectivity source whose answer a test sets, and may switch while the test runs.
final class FakeConnectivity: ConnectivitySource {
    private let online: Locked<Bool>
    init(online: Bool) { self.online = Locked(online) }
    var isOnline: Bool { online.withLock { $0 } }
    func set(online value: Bool) { online.withLock { $0 = value } }
}
