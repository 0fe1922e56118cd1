import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLStub {
    /// A new session whose requests to any stub's host go through ``StubURLProtocol``.
    ///
    /// The session comes from `APIClient.makeSession(configuration:)` (no URL cache, local cache
    /// data ignored), with ``StubURLProtocol`` first in `protocolClasses`. Any stub's session reaches
    /// every live stub; requests to other hosts go to the network as usual. Inject it: on Linux
    /// `URLSession.shared` ignores `URLProtocol.registerClass`.
    ///
    /// - Parameter configuration: The configuration to start from; `.ephemeral` by default.
    public func makeSession(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
        return APIClient.makeSession(configuration: configuration)
    }
}
