import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Descriptions a person can act on

extension APIError: LocalizedError {
    /// One sentence saying what happened and what to do about it. Never contains a token or password:
    /// bodies are not quoted, only the server's `error`/`message`/`reason` text.
    public var errorDescription: String? {
        switch self {
        case .invalidRequest(let reason):
            return "The request could not be built (\(reason)). This is a bug in the calling code; nothing was sent."
        case .offline:
            return "You appear to be offline. Check the network connection and try again."
        case .timedOut:
            return "The server did not answer in time. Try again later, or raise the timeout."
        case .transport(let error):
            return
                "The connection failed (\(Self.describe(error.code))). Check that the server is running and reachable."
        case .cancelled:
            return "The request was cancelled."
        case .notAuthenticated:
            return "You are not logged in. Log in and try again; nothing was sent."
        case .httpStatus(let code, _):
            let reason = HTTPURLResponse.localizedString(forStatusCode: code)
            let said = serverMessage.map { " The server said: \"\($0)\"." } ?? ""
            return "The server answered \(code) (\(reason)).\(said) " + Self.advice(forStatus: code)
        case .decoding(let description, let body):
            return "The server's answer (\(body.count) bytes) was not in the expected format: \(description). "
                + "The client and server may disagree on the API version."
        case .server(let message):
            return "The server refused the request: \(message)"
        case .tooManyTokenRefreshes:
            return "The session had to be renewed more than 3 times in 30 seconds, so the client stopped. "
                + "Check the device's clock and the server's token lifetime, then try again."
        case .tokenStorage(let reason):
            return "The login could not be saved (\(reason)), so you are logged out. "
                + "Check that the token file's folder exists and is writable, then log in again."
        case .fileAccess(let reason):
            return "A file could not be read or written (\(reason)). Check that it exists and its folder is writable."
        case .diskFull:
            return
                "The disk is full, so the transfer stopped and nothing partial was kept. Free some space and try again."
        case .incompleteDownload(let expected, let received):
            return "The download ended after \(received) of \(expected) bytes, so it was discarded. Try again."
        }
    }

    private static func advice(forStatus code: Int) -> String {
        switch code {
        case 401: return "Log in again."
        case 403: return "This account may not do that."
        case 404: return "The thing asked for does not exist; check the ID or URL."
        case 408, 429, 502, 503, 504: return "The server is busy or restarting; try again shortly."
        case 400..<500: return "The request was not accepted; check its parameters."
        default: return "The server had a problem; try again later."
        }
    }

    private static func describe(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: return "could not connect to the server"
        case .cannotFindHost: return "the server's name could not be found"
        case .networkConnectionLost: return "the connection was lost mid-request"
        case .badServerResponse: return "the server's response was malformed"
        case .secureConnectionFailed: return "a secure connection could not be made"
        default: return "URLError \(code.rawValue)"
        }
    }
}

extension APIError: CustomStringConvertible {
    /// A short, log-safe description: the case and, for HTTP errors, the status and body size (never
    /// the body itself, which may hold a token).
    public var description: String {
        switch self {
        case .invalidRequest(let reason): return "APIError.invalidRequest(\(reason))"
        case .offline: return "APIError.offline"
        case .timedOut: return "APIError.timedOut"
        case .transport(let error): return "APIError.transport(URLError \(error.code.rawValue))"
        case .cancelled: return "APIError.cancelled"
        case .notAuthenticated: return "APIError.notAuthenticated"
        case .httpStatus(let code, let body): return "APIError.httpStatus(\(code), \(body.count) bytes)"
        case .decoding(let description, let body):
            return "APIError.decoding(\(description), \(body.count) bytes)"
        case .server(let message): return "APIError.server(\(message))"
        case .tooManyTokenRefreshes: return "APIError.tooManyTokenRefreshes"
        case .tokenStorage(let reason): return "APIError.tokenStorage(\(reason))"
        case .fileAccess(let reason): return "APIError.fileAccess(\(reason))"
        case .diskFull: return "APIError.diskFull"
        case .incompleteDownload(let expected, let received):
            return "APIError.incompleteDownload(expected: \(expected), received: \(received))"
        }
    }
}
