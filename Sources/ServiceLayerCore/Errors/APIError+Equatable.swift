import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError: Equatable {
    /// Two errors are equal when their cases and payloads are, except for the URL an error names for its
    /// message, which never counts: two ``transport(_:)`` errors are equal when their `URLError` codes
    /// are, and `.timedOut` equals every ``timedOut(url:)`` (likewise `.offline`, the status and body of
    /// ``httpStatus(code:body:)``, the sizes of ``incompleteDownload(expected:received:url:)``, and the
    /// problem of ``eventStream(_:url:)``).
    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        switch (lhs, rhs) {
        case (.invalidRequest(let a), .invalidRequest(let b)): return a == b
        case (.offline, .offline), (.timedOut, .timedOut), (.cancelled, .cancelled),
            (.notAuthenticated, .notAuthenticated), (.tooManyTokenRefreshes, .tooManyTokenRefreshes),
            (.diskFull, .diskFull):
            return true
        case (.transport(let a), .transport(let b)): return a.code == b.code
        case (.httpStatus(let code, let body), .httpStatus(let otherCode, let otherBody)):
            return code == otherCode && body.data == otherBody.data
        case (.decoding(let a), .decoding(let b)): return a == b
        case (.server(let a), .server(let b)): return a == b
        case (.tokenStorage(let a), .tokenStorage(let b)): return a == b
        case (.fileAccess(let a), .fileAccess(let b)): return a == b
        case (.eventStream(let a, _), .eventStream(let b, _)): return a == b
        case (
            .incompleteDownload(let expected, let received, _),
            .incompleteDownload(let otherExpected, let otherReceived, _)
        ):
            return expected == otherExpected && received == otherReceived
        default: return false
        }
    }
}
