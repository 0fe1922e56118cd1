import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError: CustomStringConvertible, CustomDebugStringConvertible {
    /// What `print(error)` and `"\(error)"` show: the message a learner needs (what happened, why and
    /// the fix, as ``errorDescription`` says it), then the case for the curious, in parentheses:
    /// `The server answered 404 Not Found for ... Check the path ... (APIError.httpStatus(404, 27 bytes))`.
    /// Never contains a token, a password, a URL's query or an error's body.
    public var description: String {
        "\(explanation().description) (\(debugDescription))"
    }

    /// A short, log-safe description, for logs and `debugPrint(error)`: the case and, for HTTP errors,
    /// the status and body size (never the body itself, which may hold a token; an event stream's problem
    /// by its name and numbers only); the log lines of
    /// ``APIClient/Options/logger`` use it.
    public var debugDescription: String {
        switch self {
        case .invalidRequest(let problem): return "APIError.invalidRequest(\(Message.caseName(problem)))"
        case .offline: return "APIError.offline"
        case .timedOut: return "APIError.timedOut"
        case .transport(let error): return "APIError.transport(URLError \(error.code.rawValue))"
        case .cancelled: return "APIError.cancelled"
        case .notAuthenticated: return "APIError.notAuthenticated"
        case .httpStatus(let code, let body): return "APIError.httpStatus(\(code), \(body.data.count) bytes)"
        case .decoding(let failure):
            let path = failure.codingPath.map { " at \($0.isEmpty ? "the top level" : $0)" } ?? ""
            return "APIError.decoding(\(Message.caseName(failure.problem))\(path), \(failure.body.count) bytes)"
        case .server(let message): return "APIError.server(\(message))"
        case .tooManyTokenRefreshes: return "APIError.tooManyTokenRefreshes"
        case .tokenStorage(let reason): return "APIError.tokenStorage(\(reason))"
        case .fileAccess(let problem): return "APIError.fileAccess(\(Message.caseName(problem)))"
        case .diskFull: return "APIError.diskFull"
        case .incompleteDownload(let expected, let received, _):
            return "APIError.incompleteDownload(expected: \(expected), received: \(received))"
        case .eventStream(let problem, _): return "APIError.eventStream(\(Self.caseName(problem)))"
        }
    }
}

extension APIError {
    /// An event stream's problem as a log may show it: its name and its numbers, never a body or an
    /// event's data.
    static func caseName(_ problem: EventStreamProblem) -> String {
        switch problem {
        case .notAnEventStream(let status, _, let body): return "notAnEventStream(\(status), \(body.count) bytes)"
        case .cutMidEvent(let events, let bytes): return "cutMidEvent(after \(events) events, \(bytes) bytes discarded)"
        case .eventTooLarge(let limit): return "eventTooLarge(over \(limit) bytes)"
        case .errorEvent(let type, let data, _): return "errorEvent(\(type), \(data.utf8.count) bytes)"
        case .buffered(let seconds, let bytes): return "buffered(\(Int(seconds)) s, \(bytes) bytes)"
        }
    }
}

extension Message {
    /// The case's name without its values: `refusedLocal`, `quoted`.
    static func caseName(_ value: Any) -> String {
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        return String(String(reflecting: value).split(separator: ".").last ?? "")
    }
}
