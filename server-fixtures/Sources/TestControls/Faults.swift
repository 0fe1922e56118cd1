import Foundation

// MARK: - Faults

/// A fault a route answers with instead of its normal response.
///
/// Queue one with ``FixtureServer/inject(_:path:method:times:)``. Faults that write a response always
/// send `Content-Length` (except for 204), and the connection stays open afterwards unless noted.
public enum Fault: Sendable, Equatable {
    /// Answers with exactly this status, body and extra headers. The body is empty by default, there are
    /// no extra headers by default, and `Content-Type` is `application/json; charset=utf-8` unless
    /// `headers` sets one.
    case status(Int, body: Data = Data(), headers: [String: String] = [:])
    /// Answers with this status and a JSON body given as a string (`Content-Type: application/json`).
    case json(Int, String)
    /// Waits this many seconds, then answers normally. `stop()` interrupts the wait and closes the connection.
    case delay(TimeInterval)
    /// Waits until the test opens `gate`, then answers normally: a request kept in flight exactly as
    /// long as a test needs, with no duration to guess. `stop()` interrupts the wait and closes the
    /// connection. Two `held` faults are equal when they hold on the same gate.
    case held(FaultGate)
    /// Reads the request, then closes the socket without writing a byte.
    case closeBeforeResponse
    /// Sends the route's normal headers with the real `Content-Length`, then only half the body, then closes
    /// (an event stream: cut in the middle of the event after half of them).
    case truncatedBody
    /// 200, `Content-Type: application/json`, body `{"broken": [1, 2,`.
    case malformedJSON
    /// 200 with `Content-Length: 0` and `Content-Type: application/json`.
    case emptyOK
    /// 204 with no body.
    case noContent
    /// 401 with `WWW-Authenticate: Bearer realm="fixture"` and body `{"error":"unauthorized"}`.
    case unauthorizedBearer
    /// 500 with `Content-Type: text/html` and a small HTML page.
    case html500
    /// A redirect with `Location` set to the URL; `status` is 302 by default. The body is empty.
    case redirect(to: URL, status: Int = 302)
    /// The normal response: headers at once, then the body one byte every `interval` seconds.
    case slowBody(interval: TimeInterval)
    /// For an event stream (`GET /order/{id}/status`, `POST /v1/chat/completions` with `"stream": true`):
    /// half of its events, then an `error` event whose data is `{"error":{"message":message}}`, then the
    /// end. Any other route answers normally.
    case eventStreamError(message: String)
}

/// The faults queued on a server, consumed in FIFO order per request.
final class FaultQueue: Sendable {
    private struct Entry {
        let fault: Fault
        let path: String
        let method: String?
        var remaining: Int?
    }

    private let entries = Locked<[Entry]>([])

    /// Appends a fault; `times == nil` means every matching request until ``clear()``.
    /// A non-positive `times` queues nothing.
    func add(_ fault: Fault, path: String, method: String?, times: Int?) {
        if let times, times <= 0 { return }
        let entry = Entry(
            fault: fault, path: HTTPRequest.normalize(path), method: method?.uppercased(), remaining: times)
        entries.withLock { $0.append(entry) }
    }

    /// Removes every queued fault.
    func clear() {
        entries.withLock { $0.removeAll() }
    }

    /// Takes the first fault queued for this method and (normalized) path, decrementing its count.
    func take(method: String, path: String) -> Fault? {
        entries.withLock { entries in
            guard
                let index = entries.firstIndex(where: {
                    $0.path == path && ($0.method == nil || $0.method == method)
                })
            else { return nil }
            let fault = entries[index].fault
            if let remaining = entries[index].remaining {
                if remaining <= 1 {
                    entries.remove(at: index)
                } else {
                    entries[index].remaining = remaining - 1
                }
            }
            return fault
        }
    }
}
