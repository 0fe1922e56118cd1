import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Endpoint {
    /// A copy of this coalescing `GET` whose body your own store keeps (a picture cache), so that no call
    /// downloads what another call has just downloaded: each download's body is handed to `keep` once,
    /// as the download ends and before it stops taking callers; a call that finds no download running
    /// asks `lookup` first, under the same lock, and is answered from it. By default nothing is kept.
    ///
    /// Checking your cache before sending is not enough on its own: a download may end between the
    /// check and the send, and the call would download again.
    /// - Parameters:
    ///   - lookup: The body your store holds for this endpoint's request, or `nil`. It runs under a
    ///     lock: a lookup in memory, never a file.
    ///   - keep: Stores the body of a successful (2xx) download; runs once per download.
    public func keepingBody(
        lookup: @escaping @Sendable () -> Data?, keep: @escaping @Sendable (Data) -> Void
    ) -> Endpoint {
        var kept = self
        kept.extras.keptBody = KeptBody(lookup: lookup, keep: keep)
        return kept
    }
}
