import Foundation

// MARK: - Faults: how an answer misbehaves on the wire

/// A fault a route answers with instead of its normal response: a status or body of its own, or a way of
/// writing (or not writing) the answer on the socket that the connection carries out.
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

extension Fault {
    /// The response this fault answers with instead of the route's, or nil for the faults that keep the
    /// route's response and change how it is written (a delay, a held answer, a close, a cut or slow body).
    var replacement: HTTPResponse? {
        switch self {
        case .status(let status, let body, let headers):
            let hasType = headers.keys.contains { $0.lowercased() == "content-type" }
            let fields = headers.sorted { $0.key < $1.key }.map { HTTPResponse.Field(name: $0.key, value: $0.value) }
            return HTTPResponse(
                status: status, contentType: hasType ? nil : HTTPResponse.jsonContentType, body: body, fields: fields)
        case .json(let status, let text):
            return HTTPResponse(status: status, contentType: "application/json", body: Data(text.utf8))
        case .malformedJSON:
            return HTTPResponse(status: 200, contentType: "application/json", body: Data(#"{"broken": [1, 2,"#.utf8))
        case .emptyOK:
            return HTTPResponse(status: 200, contentType: "application/json")
        case .noContent:
            return HTTPResponse(status: 204, contentType: nil)
        case .unauthorizedBearer:
            return HTTPResponse(
                status: 401, contentType: HTTPResponse.jsonContentType, body: Data(#"{"error":"unauthorized"}"#.utf8),
                fields: [.init(name: "WWW-Authenticate", value: #"Bearer realm="fixture""#)])
        case .html500:
            let page =
                "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>"
                + "<body><h1>Internal Server Error</h1><p>The fixture server was told to fail.</p></body></html>"
            return HTTPResponse(status: 500, contentType: "text/html; charset=utf-8", body: Data(page.utf8))
        case .redirect(let url, let status):
            return HTTPResponse(
                status: status, contentType: "text/plain; charset=utf-8",
                fields: [.init(name: "Location", value: url.absoluteString)])
        case .delay, .held, .closeBeforeResponse, .truncatedBody, .slowBody, .eventStreamError:
            return nil
        }
    }
}
