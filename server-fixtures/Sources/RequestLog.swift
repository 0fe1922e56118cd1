import Foundation
import Synchronization

// MARK: - Recorded requests

/// One request the server received.
public struct RecordedRequest: Sendable {
    /// The method, e.g. `GET`.
    public let method: String
    /// The percent-decoded path without the query, e.g. `/menu`.
    public let path: String
    /// The raw request-target as sent, e.g. `/menu?category=a%20b`.
    public let target: String
    /// The percent-decoded query items. `+` stays `+` (only `%2B` and a literal `+` both decode to `+`);
    /// when a name repeats, the last value wins.
    public let query: [String: String]
    /// The header fields, names lowercased; repeated fields joined with ", ".
    public let headers: [String: String]
    /// The request body (empty when there was none).
    public let body: Data
}

/// Thread-safe record of the requests a server received, and counts per path.
final class RequestLog: Sendable {
    private struct State {
        var requests: [RecordedRequest] = []
        var counts: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Records a routed request.
    func record(_ request: HTTPRequest) {
        let recorded = RecordedRequest(
            method: request.method, path: request.path, target: request.target, query: request.query,
            headers: request.headers, body: request.body)
        let key = request.routePath
        state.withLock {
            $0.requests.append(recorded)
            $0.counts[key, default: 0] += 1
        }
    }

    /// The number of requests recorded for `path` (trailing slash ignored).
    func count(path: String) -> Int {
        let key = HTTPRequest.normalize(path)
        return state.withLock { $0.counts[key] ?? 0 }
    }

    /// Every recorded request, in arrival order.
    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// Forgets every recorded request and count.
    func reset() {
        state.withLock { $0 = State() }
    }
}
