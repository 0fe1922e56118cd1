import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError: Equatable {
    /// Two errors are equal when their cases and payloads are, except that two ``transport(_:)``
    /// errors are equal when their `URLError` codes are: the failing URL a transport error keeps for
    /// its message does not make `.transport(URLError(.cannotConnectToHost))` unequal to it.
    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        switch (lhs, rhs) {
        case (.invalidRequest(let a), .invalidRequest(let b)): return a == b
        case (.offline, .offline), (.timedOut, .timedOut), (.cancelled, .cancelled),
            (.notAuthenticated, .notAuthenticated), (.tooManyTokenRefreshes, .tooManyTokenRefreshes),
            (.diskFull, .diskFull):
            return true
        case (.transport(let a), .transport(let b)): return a.code == b.code
        case (.httpStatus(let code, let body), .httpStatus(let otherCode, let otherBody)):
            return code == otherCode && body == otherBody
        case (.decoding(let description, let body), .decoding(let otherDescription, let otherBody)):
            return description == otherDescription && body == otherBody
        case (.server(let a), .server(let b)): return a == b
        case (.tokenStorage(let a), .tokenStorage(let b)): return a == b
        case (.fileAccess(let a), .fileAccess(let b)): return a == b
        case (
            .incompleteDownload(let expected, let received), .incompleteDownload(let otherExpected, let otherReceived)
        ):
            return expected == otherExpected && received == otherReceived
        default: return false
        }
    }
}
