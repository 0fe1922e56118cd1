import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``URLStub`` does with one request: a canned response or a fault.
///
/// ```swift
/// stub.on(.get("/categories"), .json(#"{"categories":["soups"]}"#))
/// stub.on(.post("/order"), .delayed(0.2, .status(503)))
/// stub.on(.get("/images/1.png"), .truncated(status: 200, body: png, sentBytes: 10))
/// ```
public enum StubAnswer: Sendable {
    /// Answers with `status`, `headers` and `body`.
    case respond(status: Int, headers: [String: String], body: Data)
    /// Fails the request with a transport error (`URLError(.notConnectedToInternet)`, `.timedOut`, …).
    case fail(URLError)
    /// Sends the status line, the headers (with a `Content-Length` of the whole body) and the first
    /// `sentBytes` bytes of `body`, then drops the connection (`URLError(.networkConnectionLost)`).
    case truncated(status: Int, headers: [String: String], body: Data, sentBytes: Int)
    /// Never answers: the request stays in flight until it is cancelled or its timeout fires.
    case never
    /// Gives the answer after `seconds`, unless the request was cancelled first.
    indirect case delayed(TimeInterval, StubAnswer)
    /// Gives the answer when the ``StubGate`` opens (at once if it is open), unless the request was
    /// cancelled first.
    indirect case held(StubGate, StubAnswer)

    /// A JSON answer from text; `Content-Type: application/json` is added to `headers`.
    ///
    /// - Parameters:
    ///   - text: The body, as UTF-8.
    ///   - status: The HTTP status; `200` by default.
    ///   - headers: More headers; none by default.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        var all = ["Content-Type": "application/json"]
        all.merge(headers) { _, new in new }
        return .respond(status: status, headers: all, body: Data(text.utf8))
    }

    /// An answer with a status and a text body.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - body: The body, as UTF-8; empty by default.
    ///   - headers: The headers; none by default.
    public static func status(_ status: Int, body: String = "", headers: [String: String] = [:]) -> StubAnswer {
        .respond(status: status, headers: headers, body: Data(body.utf8))
    }

    /// A connection dropped before any response: `URLError(.networkConnectionLost)`.
    public static var dropConnection: StubAnswer { .fail(URLError(.networkConnectionLost)) }
}
