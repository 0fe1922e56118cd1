import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One kind of failure with the facts its message names: what a ``MessageTable`` is keyed by.
///
/// The facts are language-neutral (URLs, numbers, key paths, names of fixes); the table of a language
/// turns them into sentences. URLs are already shown without secrets (``ShownURL``).
enum MessageKind: Sendable {
    /// A reason the client did not write, shown as it is.
    case invalidRequest(reason: String)
    /// A request the client could not build, for a reason it knows.
    case requestProblem(RequestProblem)
    case offline(url: String?)
    /// `seconds` is the request's timeout when known.
    case timedOut(url: String?, seconds: TimeInterval?)
    case transport(TransportFacts)
    case cancelled(url: String?)
    case notAuthenticated(url: String?)
    case httpStatus(HTTPFacts)
    case decoding(DecodingFacts)
    case server(message: String)
    case tooManyTokenRefreshes
    case tokenStorage(reason: String)
    case fileAccess(reason: String)
    case diskFull
    case incompleteDownload(expected: Int64, received: Int64, url: String?)
}

/// The facts of a transport failure.
struct TransportFacts: Sendable {
    var code: URLError.Code
    /// The failing URL without secrets, when URLSession or the client named it.
    var url: String?
    /// `host:port` of the failing URL.
    var hostPort: String?
    /// Whether the URL's host is this machine (`localhost`, `127.0.0.1`, `::1`).
    var isLoopback: Bool
    var scheme: String?
    /// What the error's own text said that its code does not (see ``TransportHint``).
    var hint: TransportHint?
    /// The bytes a body cut short lacked, when known.
    var missingBytes: Int?
}

/// The facts of a non-2xx answer.
struct HTTPFacts: Sendable {
    var code: Int
    var url: String?
    /// What the server said, from the body's usual fields (``ServerMessage``).
    var serverSaid: String?
    /// The body is an HTML page: its title and first words.
    var html: HTMLPage?
    /// Whether the request carried a credential; `nil` when unknown (the error alone does not say).
    var sentCredential: Bool?
    /// The server's message speaks of an API key.
    var mentionsAPIKey: Bool
    /// The server's message speaks of a token or session that expired or is invalid.
    var mentionsExpiredToken: Bool
}

/// An ``APIError`` turned into the kind its message is keyed by, with the facts it carries or the context gives.
extension APIError {
    func messageKind(_ context: MessageContext) -> MessageKind {
        let url = (failingURL ?? context.url).map(ShownURL.text)
        switch self {
        case .invalidRequest(let reason):
            return RequestProblem(reason: reason).map { .requestProblem($0) } ?? .invalidRequest(reason: reason)
        case .offline: return .offline(url: url)
        case .timedOut: return .timedOut(url: url, seconds: context.timeout)
        case .transport(let error): return .transport(TransportFacts(error, contextURL: context.url))
        case .cancelled: return .cancelled(url: url)
        case .notAuthenticated: return .notAuthenticated(url: url)
        case .httpStatus(let code, let body):
            let said = serverMessage
            let lowered = said?.lowercased() ?? ""
            return .httpStatus(
                HTTPFacts(
                    code: code, url: url, serverSaid: said, html: HTMLPage(body.data),
                    sentCredential: context.sentCredential,
                    mentionsAPIKey: ["api key", "api_key", "apikey", "api-key"].contains { lowered.contains($0) },
                    mentionsExpiredToken: lowered.contains("expired")
                        || (lowered.contains("token") && (lowered.contains("invalid") || lowered.contains("revoked")))))
        case .decoding(let description, let body):
            var facts = DecodingFacts(description: description, body: body)
            if facts.url == nil { facts.url = url }
            return .decoding(facts)
        case .server(let message): return .server(message: message)
        case .tooManyTokenRefreshes: return .tooManyTokenRefreshes
        case .tokenStorage(let reason): return .tokenStorage(reason: reason)
        case .fileAccess(let reason): return .fileAccess(reason: reason)
        case .diskFull: return .diskFull
        case .incompleteDownload(let expected, let received, _):
            return .incompleteDownload(expected: expected, received: received, url: url)
        }
    }
}

extension TransportFacts {
    /// The facts of `error`: its failing URL (already shown without secrets when the client made the
    /// error), else the context's.
    init(_ error: URLError, contextURL: URL?) {
        code = error.code
        let failing = error.failingURL ?? contextURL
        url = failing.map(ShownURL.text)
        hostPort = failing.flatMap(ShownURL.hostPort)
        let host = failing.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.host }?.lowercased()
        isLoopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host ?? "") || host?.hasPrefix("127.") == true
        scheme = failing?.scheme?.lowercased()
        hint = (error.userInfo[TransportHint.key] as? String).flatMap(TransportHint.init(rawValue:))
        missingBytes = error.userInfo[TransportHint.missingBytesKey] as? Int
    }
}
