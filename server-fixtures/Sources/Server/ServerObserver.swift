import Foundation

// MARK: - What the server does with what the wire tells

/// The one observer a ``ServerContext`` hands the wire: it keeps each answer for the inspector, logs and
/// counts each written one, and logs the wire's notes.
struct ServerObserver: Sendable {
    /// Counts per status and bytes per path (see `CacheValidation.swift`).
    let cache: CacheValidation
    /// Keeps the last exchanges for `/_inspector`; nil with the inspector off.
    let inspector: Inspector?
    /// One line per request, or nil.
    let logger: (@Sendable (String) -> Void)?

    /// Keeps an answer for the inspector, logs and counts a written one, and logs the wire's notes.
    func observe(_ event: WireEvent) {
        switch event {
        case .answering(let request, let response, let started):
            inspector?.record(request, response, started: started)
        case .answered(let request, let status, let bodyBytes, let wireBytes, let started):
            if let logger {
                let millis = Int(Date().timeIntervalSince(started) * 1000)
                logger("\(request.method) \(request.target) -> \(status) (\(bodyBytes) bytes, \(millis) ms)")
            }
            cache.count(path: request.routePath, status: status, bytes: wireBytes)
        case .note(let line):
            logger?(line)
        }
    }
}
