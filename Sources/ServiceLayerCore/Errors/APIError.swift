import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything that can go wrong with a request, as one typed error.
///
/// Every completion handler in ServiceLayer receives a `Result<T, APIError>`, and every `async` method
/// throws `APIError`. A response that arrived keeps its status code and body, so nothing the server
/// said is lost.
public enum APIError: Error, Sendable {
    /// The request could not be built: the URL could not be formed or the body could not be encoded.
    /// The ``RequestProblem`` says which, with its facts (a string literal makes a reason of your own:
    /// `.invalidRequest("no user is selected")`). Nothing was sent.
    case invalidRequest(RequestProblem)
    /// The device is not connected to a network (`URLError.notConnectedToInternet`, or the client's
    /// connectivity source said offline before sending). Nothing was sent in the latter case. `url` is
    /// the request's URL without secrets (scheme, host, port and path), `nil` when unknown.
    case offline(url: URL?)
    /// No complete response arrived within the request's timeout. `url` is the request's URL without
    /// secrets (scheme, host, port and path), `nil` when unknown.
    case timedOut(url: URL?)
    /// Any other transport failure (connection refused, connection lost, TLS, DNS, ...), with the
    /// code of the `URLError` URLSession reported. Its user info keeps only the failing URL without
    /// secrets (scheme, host, port and path: no user, password, query or fragment), as `failingURL`.
    /// Two `.transport` errors are equal when their codes are.
    case transport(URLError)
    /// The call was cancelled by its handle, by the Swift task that awaited it, or by its owner.
    case cancelled
    /// The request needs an `Authorization` token and the client has none. Nothing was sent.
    case notAuthenticated
    /// The server answered with a status outside `200...299`. `body` holds the response body as sent
    /// (``Body/data``) and the URL that answered, without secrets (``Body/url``).
    case httpStatus(code: Int, body: Body)
    /// The server answered 2xx but the body did not decode as the expected type. The
    /// ``DecodingFailure`` holds what the client found: the URL (without secrets), the status, the coding
    /// path Foundation gave, what was expected and found, the model fix the body points at, and the body.
    // Boxed (`indirect`): the failure is 168 bytes, which every `Result<_, APIError>` of every call would
    // otherwise carry and copy (see BENCHMARKS.md, "Issue 57").
    indirect case decoding(DecodingFailure)
    /// The server answered, but said the operation failed (for example `{"success":false,"message":...}`
    /// in a 200 body). `message` is the server's own text.
    case server(message: String)
    /// The session token had to be refreshed more often than the client allows (more than 3 times in
    /// 30 seconds), so it stopped instead of looping. The user stays logged in; the server's token
    /// lifetime or the device's clock is likely wrong.
    case tooManyTokenRefreshes
    /// The session tokens could not be stored (for example the token file's folder is not writable).
    /// The string says why, never with a token; the user is logged out.
    case tokenStorage(String)
    /// A file to upload could not be read or changed while it was sent, or a download could not be put in
    /// place (a missing folder, no permission). The ``FileProblem`` names the file and why.
    case fileAccess(FileProblem)
    /// The disk filled up while a body was written to it (an upload's temporary file, a download).
    /// Nothing partial is left behind.
    case diskFull
    /// A download ended with fewer (or more) bytes than its `Content-Length` announced: the connection
    /// was cut, or the server lied. Nothing partial is left behind. `url` is the download's URL without
    /// secrets, `nil` when unknown.
    case incompleteDownload(expected: Int64, received: Int64, url: URL?)
    /// An event stream (`APIClient.events(for:…)`) ended because of what came over it: an answer that
    /// is not `text/event-stream`, an event cut mid-way or too large, an `error` event (decoded streams
    /// only), or bytes without an event for too long (a buffering proxy). The ``EventStreamProblem``
    /// says which, with its facts; `url` is the stream's URL without secrets, `nil` when unknown.
    // Boxed (`indirect`), as `.decoding` is: the problem's payload would otherwise grow every
    // `Result<_, APIError>` of every call.
    indirect case eventStream(EventStreamProblem, url: URL?)

    /// The body of an answer outside `200...299` and the URL that answered: the payload of
    /// ``APIError/httpStatus(code:body:)``.
    public struct Body: Sendable, Equatable {
        /// The response body as the server sent it (the client's redaction applied: see
        /// ``APIError/serverMessage``); empty when there was none.
        public let data: Data
        /// The URL that answered, without secrets (scheme, host, port and path: no user, password,
        /// query or fragment); `nil` when unknown.
        public let url: URL?
        /// The server's `Retry-After` on a 429 or 503 answer: how long it asks the client to wait (the
        /// message names it); `nil` when it sent none, or another status.
        public var retryAfter: RetryAfter? { boxedRetryAfter?.value }
        // Boxed: 8 bytes instead of 9 keeps `APIError` at its size (`ValueSizesTests`; every
        // `Result<_, APIError>` of every call carries it).
        private let boxedRetryAfter: Boxed<RetryAfter>?

        /// A body and the URL it came from; `url` is kept without its user, password, query and fragment.
        /// - Parameters:
        ///   - data: The body as sent.
        ///   - url: The URL that answered; `nil` (unknown) by default.
        ///   - retryAfter: The server's `Retry-After`; `nil` (none) by default.
        public init(data: Data, url: URL? = nil, retryAfter: RetryAfter? = nil) {
            self.data = data
            self.url = APIError.shown(url)
            self.boxedRetryAfter = retryAfter.map(Boxed.init)
        }

        /// Two bodies are equal when their bytes, URLs and `Retry-After`s are.
        public static func == (lhs: Body, rhs: Body) -> Bool {
            lhs.data == rhs.data && lhs.url == rhs.url && lhs.retryAfter == rhs.retryAfter
        }

        /// This body with `data` in place of its bytes (its URL and `Retry-After` kept).
        func with(data: Data) -> Body { Body(data: data, url: url, retryAfter: retryAfter) }
    }

    /// Maps a `URLError` from URLSession to the matching case: not connected → `.offline`, timed out →
    /// `.timedOut`, cancelled → `.cancelled`, anything else → `.transport` with the failing URL shown
    /// without secrets (see ``transport(_:)``).
    public init(_ error: URLError) {
        self.init(error, url: nil)
    }

    /// `init(_:)`, naming `url` when the error names no failing URL.
    init(_ error: URLError, url: URL?) {
        switch error.code {
        case .notConnectedToInternet: self = .offline(url: Self.shown(error.failingURL ?? url))
        case .timedOut: self = .timedOut(url: Self.shown(error.failingURL ?? url))
        case .cancelled: self = .cancelled
        default:
            // The user info is dropped (the failing URL may hold a token): only the URL as messages show
            // it stays, and what the error's text said that its code does not (Messages/TransportDiagnosis.swift).
            let failing = error.failingURL ?? url
            var userInfo: [String: Any] = [:]
            if let failing, let shown = ShownURL.text(failing).flatMap(URL.init(string:)) {
                userInfo[NSURLErrorFailingURLErrorKey] = shown
            }
            if let (hint, missing) = TransportHint.find(in: error, url: failing) {
                userInfo[TransportHint.key] = hint.rawValue
                if let missing { userInfo[TransportHint.missingBytesKey] = missing }
            }
            self = .transport(URLError(error.code, userInfo: userInfo))
        }
    }

    /// Wraps any error: `APIError` is returned as is, `URLError` is mapped with `init(_:)` (naming `url`
    /// when it names no failing URL), anything else becomes `.transport(URLError(.unknown))`.
    init(wrapping error: any Error, url: URL? = nil) {
        if let apiError = error as? APIError {
            self = apiError
        } else if let urlError = error as? URLError {
            self.init(urlError, url: url)
        } else {
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain {
                #if canImport(FoundationNetworking)
                let code = URLError.Code(rawValue: nsError.code) ?? .unknown  // failable on Linux only
                #else
                let code = URLError.Code(rawValue: nsError.code)
                #endif
                self.init(URLError(code, userInfo: nsError.userInfo), url: url)
            } else {
                self = .transport(URLError(.unknown))
            }
        }
    }

    /// The HTTP status code of an `.httpStatus` error; `nil` for every other case.
    public var statusCode: Int? {
        if case .httpStatus(let code, _) = self { return code }
        return nil
    }

    /// The response body kept by `.httpStatus` and `.decoding`, the answer that was no event stream and the
    /// data of an `error` event (``eventStream(_:url:)``); `nil` for every other case.
    public var responseBody: Data? {
        switch self {
        case .httpStatus(_, let body): return body.data
        case .decoding(let failure): return failure.body
        case .eventStream(.notAnEventStream(_, _, let body), _): return body
        case .eventStream(.errorEvent(_, let data, _), _): return Data(data.utf8)
        default: return nil
        }
    }

    /// What the server said about the failure: the `message` of `.server(message:)`, or from a JSON
    /// error body, in order: a string `error`, `message` or `reason`; an `error` object's `message`;
    /// `status_message` (TMDB); RFC 9457 problem+json `title` and `detail` ("title: detail"); and
    /// `errors[0].message`. `nil` when there is none.
    public var serverMessage: String? {
        if case .server(let message) = self { return message }
        return responseBody.flatMap(ServerMessage.read)
    }

    /// Whether the failure may go away on its own, so that repeating an idempotent request can help:
    /// a timeout, a lost connection, a download or an event cut short, or a 408, 429, 502, 503 or 504 status. A
    /// connection closed before any response counts as lost: Linux's URLSession reports it as
    /// `badServerResponse` ("Empty reply from server") rather than `networkConnectionLost`.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .incompleteDownload, .eventStream(.cutMidEvent, _): return true
        case .transport(let error): return [.networkConnectionLost, .badServerResponse].contains(error.code)
        case .httpStatus(let code, _): return [408, 429, 502, 503, 504].contains(code)
        default: return false
        }
    }
}

// MARK: - File errors

extension APIError {
    /// Maps an error of the file system: `ENOSPC` (or Foundation's "volume full") → ``diskFull``; an
    /// ``APIError`` as is; anything else → ``fileAccess(_:)`` with its description.
    init(fileError error: any Error) {
        if let apiError = error as? APIError {
            self = apiError
            return
        }
        let nsError = error as NSError
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        let full =
            (nsError.domain == NSPOSIXErrorDomain && nsError.code == Int(ENOSPC))
            || (nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileWriteOutOfSpaceError)
            || (underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ENOSPC))
        self = full ? .diskFull : .fileAccess(.other(nsError.localizedDescription))
    }
}

/// A value kept behind one reference, so that an optional of it takes a pointer's 8 bytes.
final class Boxed<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
