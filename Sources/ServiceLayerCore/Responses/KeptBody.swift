import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A store outside the client that keeps a coalescing `GET`'s body (a controller's picture cache), so
/// that the calls coalescing cannot join are answered from it.
///
/// Coalescing shares a download among the calls made while it runs; a call made just after it ends
/// must find its body kept, or it downloads again. Checking a cache before sending is not enough (the
/// download may end between that check and the join), so ``Coalescing`` does both steps for an
/// endpoint with a kept body: the body is kept once per download, as it ends and before the download
/// leaves the running ones; a call that finds no running download looks the body up under the same
/// lock. Either the call joins the download, or it finds the body: one request for any number of calls.
struct KeptBody: Sendable {
    /// The body kept for this endpoint's request, if any (called under the coalescing lock: a lookup
    /// in memory, never a file).
    let lookup: @Sendable () -> Data?
    /// Keeps the body of a successful (validated 2xx) download, once, before it is delivered.
    let keep: @Sendable (Data) -> Void

    /// The outcome of a call answered from the store: a `200` with the kept body.
    func outcome(_ body: Data, for request: URLRequest) -> ExchangeOutcome? {
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else { return nil }
        return .success((body, response))
    }
}
