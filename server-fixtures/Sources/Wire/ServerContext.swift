import Foundation

// MARK: - What every connection shares: one handler, one observer

/// What a connection needs from the server above the wire: one handler that answers each request, and one
/// observer told what happened on the socket. The wire knows nothing else of the server (its routes,
/// faults, caches, records and inspector live on the floors above, in `Server/`'s handler and observer).
struct ServerContext: Sendable {
    /// Answers what the wire read (see ``Incoming``): the response to write, with ``HTTPResponse/fault`` set
    /// when a fault decides how it is written, and ``HTTPResponse/delay`` when it waits first.
    let handler: @Sendable (Incoming) -> HTTPResponse
    /// Told of every exchange and of what the wire refused, on the connection's thread, in order; nil when
    /// nobody listens.
    let observer: (@Sendable (WireEvent) -> Void)?
    /// Seconds a connection may take to send a full request.
    let idleTimeout: TimeInterval
    /// `host:port` of the listener, used when a request has no usable `Host` header.
    let fallbackAuthority: String
}

/// What the wire hands the server's handler, which answers each with the response to write.
enum Incoming: Sendable {
    /// A request read in full, and the authority (`host:port`) it came in on: its `Host` header, or
    /// ``ServerContext/fallbackAuthority``.
    case request(HTTPRequest, authority: String)
    /// A request the wire could not read, why, and the `Accept-Language` value of its head when the wire
    /// found one; the answer is written, then the connection closes.
    case unreadable(HTTPParseError, acceptLanguage: String?)
    /// A request whose answer has a header field that cannot be written safely (``HTTPResponse/checkFields()``
    /// threw): the answer written instead, which must have none.
    case unwritable(HTTPRequest)
    /// A connection over the limit of open connections: the answer written on the accept thread before it
    /// closes.
    case overLimit
}

/// What the wire tells the server's observer.
enum WireEvent: Sendable {
    /// `response` is about to be written for `request` (after its delay and any hold), which the
    /// connection began to answer at `started`.
    case answering(HTTPRequest, HTTPResponse, started: Date)
    /// An answer of `status` went out: `bodyBytes` of its body, `wireBytes` in all (head included, for a whole
    /// body; the bytes of the body written, for a streamed, cut or slow one). For a whole body it is told just
    /// before the bytes are written, so that a client reading the answer finds it already told.
    case answered(HTTPRequest, status: Int, bodyBytes: Int, wireBytes: Int, started: Date)
    /// A line for the server's log about something that is no routed exchange: a request that could not be
    /// read, a connection over the limit, an answer closed without a response, a header refused.
    case note(String)
}
