import Foundation

// MARK: - Recorded requests

/// One request the server received.
public struct RecordedRequest: Sendable {
    /// The method, e.g. `GET`.
    public let method: String
    /// The percent-decoded path without the query, e.g. `/menu`.
    public let path: String
    /// The raw request-target as sent, e.g. `/menu?category=a%20b`.
    public let target: String
    /// The percent-decoded query items. A literal `+` stays `+` (no form decoding to a space) and `%2B` is `+`
    /// too; when a name repeats, the last value wins; a name without `=` has the value "".
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

    private let state = Locked(State())
    private let keepsRequests: Bool

    /// A log that keeps full requests when `keepsRequests` is true, and only counts otherwise.
    init(keepsRequests: Bool = true) {
        self.keepsRequests = keepsRequests
    }

    /// Records a routed request.
    func record(_ request: HTTPRequest) {
        let key = request.routePath
        guard keepsRequests else {
            state.withLock { $0.counts[key, default: 0] += 1 }
            return
        }
        let recorded = RecordedRequest(
            method: request.method, path: request.path, target: request.target, query: request.query,
            headers: request.headers, body: request.body)
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
