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
    /// Not on watchOS: URLSession there does not consult custom `URLProtocol` classes, so a stub's
    /// session would send its requests to the network. Test on iOS, macOS, tvOS or Linux instead. (Apple's
    /// `URLProtocol` page: "You cannot use this class to define custom URL schemes and protocols in
    /// watchOS 2 and later", https://developer.apple.com/documentation/foundation/urlprotocol.)
    ///
    /// - Parameter configuration: The configuration to start from; `.ephemeral` by default.
    @available(watchOS, unavailable, message: "watchOS does not consult custom URLProtocol classes")
    public func makeSession(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
        return APIClient.makeSession(configuration: configuration)
    }
}
