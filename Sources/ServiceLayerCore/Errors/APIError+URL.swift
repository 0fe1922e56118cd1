import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The body of a failed answer, and the URL an error names

extension APIError {
    /// The URL this error names, without secrets (scheme, host, port and path): the request's for
    /// ``offline(url:)``, ``timedOut(url:)``, ``httpStatus(code:body:)`` and
    /// ``incompleteDownload(expected:received:url:)``, the failing URL of ``transport(_:)``, the URL of
    /// the answer of ``decoding(_:)``, the stream of ``eventStream(_:url:)``; `nil` for the other cases or
    /// when unknown.
    public var failingURL: URL? {
        switch self {
        case .offline(let url), .timedOut(let url), .incompleteDownload(_, _, let url): return url
        case .httpStatus(_, let body): return body.url
        case .transport(let error): return error.failingURL
        case .decoding(let failure): return failure.url
        case .eventStream(_, let url): return url
        default: return nil
        }
    }

    /// This error naming `url` (without secrets) where it names no URL yet: what the client does with
    /// every error of a request it sent, so that `localizedDescription` names the URL.
    func located(at url: URL?) -> APIError {
        guard let url, failingURL == nil else { return self }
        switch self {
        case .offline: return .offline(url: Self.shown(url))
        case .timedOut: return .timedOut(url: Self.shown(url))
        case .httpStatus(let code, let body):
            return .httpStatus(code: code, body: Body(data: body.data, url: url, retryAfter: body.retryAfter))
        case .eventStream(let problem, _): return .eventStream(problem, url: Self.shown(url))
        case .incompleteDownload(let expected, let received, _):
            return .incompleteDownload(expected: expected, received: received, url: Self.shown(url))
        default: return self
        }
    }

    /// `url` as messages show it, as a URL: scheme, host, port and path only.
    static func shown(_ url: URL?) -> URL? {
        url.flatMap(ShownURL.text).flatMap { URL(string: $0) }
    }
}

// MARK: - The 0.1 spellings

extension APIError {
    /// ``offline(url:)`` naming no URL: the 0.1 case, kept so that `.offline` still makes one
    /// (`case .offline:` matches every ``offline(url:)``).
    @_documentation(visibility: internal)
    public static var offline: APIError { .offline(url: nil) }

    /// ``timedOut(url:)`` naming no URL: the 0.1 case, kept so that `.timedOut` still makes one
    /// (`case .timedOut:` matches every ``timedOut(url:)``).
    @_documentation(visibility: internal)
    public static var timedOut: APIError { .timedOut(url: nil) }

    /// ``httpStatus(code:body:)`` with a body and no URL, as 0.1 made it from `Data`.
    /// - Parameters:
    ///   - code: The status.
    ///   - body: The body as sent.
    @_documentation(visibility: internal)
    public static func httpStatus(code: Int, body: Data) -> APIError {
        .httpStatus(code: code, body: Body(data: body))
    }

    /// ``incompleteDownload(expected:received:url:)`` naming no URL, as 0.1 made it.
    /// - Parameters:
    ///   - expected: The bytes the `Content-Length` announced.
    ///   - received: The bytes that arrived.
    @_documentation(visibility: internal)
    public static func incompleteDownload(expected: Int64, received: Int64) -> APIError {
        .incompleteDownload(expected: expected, received: received, url: nil)
    }
}
extension APIError.Body: RandomAccessCollection {
    /// The first byte's index in ``data``.
    public var startIndex: Int { data.startIndex }
    /// One past the last byte's index in ``data``.
    public var endIndex: Int { data.endIndex }
    /// The byte of ``data`` at `position`: the body reads as bytes as 0.1's `Data` did
    /// (`String(decoding: body, as: UTF8.self)`, `body.isEmpty`, `Data(body)`).
    public subscript(position: Int) -> UInt8 { data[position] }
}
