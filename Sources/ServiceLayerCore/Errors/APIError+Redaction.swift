import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The redaction of an error: what `Redaction` (in Safety/) does to bodies and texts, applied to what an
// ``APIError`` keeps. Here, not in Safety/, because Safety/ comes before the errors (see `.ci/layers.sh`).
extension Redaction {
    /// `error` with the body it keeps (`.httpStatus`, `.decoding`, an event stream's answer or `error` event) cleaned: every secret JSON field
    /// replaced, at any depth; a body that is not JSON replaced by its size (`<N bytes>`). The server's
    /// `message` stays, so ``APIError/serverMessage`` still reads it. Other errors are returned as they are.
    static func error(_ error: APIError) -> APIError {
        switch error {
        case .httpStatus(let code, let body):
            return .httpStatus(code: code, body: body.with(data: cleaned(body.data)))
        case .decoding(let failure): return .decoding(failure.mapTexts({ $0 }, body: cleaned))
        case .eventStream(let problem, let url): return .eventStream(problem.mappingBody(cleaned), url: url)
        default: return error
        }
    }

    /// `error` with every secret `request` sent removed from what the error keeps and says: an error
    /// body, a decoding description, the server's `message`, the reason of an invalid request.
    static func error(_ error: APIError, removingSecretsOf request: URLRequest) -> APIError {
        self.error(error, removing: secrets(of: request))
    }

    /// `error` with every one of `secrets` (those of ``shortestEchoedSecret`` characters or more)
    /// removed from what it keeps and says: for a controller that knows what it sent, such as a password.
    static func error(_ error: APIError, removing secrets: [String]) -> APIError {
        let secrets = secrets.filter { $0.count >= shortestEchoedSecret }.sorted { $0.count > $1.count }
        guard !secrets.isEmpty else { return error }
        switch error {
        case .httpStatus(let code, let body):
            return .httpStatus(code: code, body: body.with(data: removing(secrets, from: body.data)))
        case .decoding(let failure):
            return .decoding(failure.mapTexts({ removing(secrets, from: $0) }, body: { removing(secrets, from: $0) }))
        case .server(let message): return .server(message: removing(secrets, from: message))
        case .invalidRequest(let problem): return .invalidRequest(problem.mapTexts { removing(secrets, from: $0) })
        case .eventStream(let problem, let url):
            return .eventStream(problem.mappingBody { removing(secrets, from: $0) }, url: url)
        default: return error
        }
    }
}

extension EventStreamProblem {
    /// This problem with `transform` applied to the bytes it keeps: the answer that was no event stream,
    /// an `error` event's data (as UTF-8). Other problems keep nothing the server wrote.
    func mappingBody(_ transform: (Data) -> Data) -> EventStreamProblem {
        switch self {
        case .notAnEventStream(let status, let contentType, let body):
            return .notAnEventStream(status: status, contentType: contentType, body: transform(body))
        case .errorEvent(let type, let data, let id):
            return .errorEvent(type: type, data: String(decoding: transform(Data(data.utf8)), as: UTF8.self), id: id)
        case .cutMidEvent, .eventTooLarge, .buffered: return self
        }
    }
}
