import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A task delegate that keeps credentials from following a redirect to another origin.
///
/// When a redirect leads to another scheme, host or port than the request it came from, the
/// `Authorization`, `Proxy-Authorization` and `Cookie` headers are removed from the new request
/// before URLSession sends it. Redirects within the same origin keep them.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    static let shared = RedirectGuard()

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.strippingCredentials(from: request, redirectedFrom: response.url))
    }

    /// `request` without credentials unless it goes to the same origin as `previousURL`.
    static func strippingCredentials(from request: URLRequest, redirectedFrom previousURL: URL?) -> URLRequest {
        guard let target = request.url, let previousURL, URLBuilding.sameOrigin(target, previousURL) else {
            var stripped = request
            for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                stripped.setValue(nil, forHTTPHeaderField: name)
            }
            return stripped
        }
        return request
    }
}
