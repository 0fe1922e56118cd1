import Foundation

// MARK: - A description safe to log

extension APIClient: CustomStringConvertible, CustomReflectable {
    /// The base URL only, e.g. `APIClient(http://localhost:8090/)`.
    public var description: String {
        "APIClient(\(baseURL.absoluteString))"
    }

    /// A mirror with the base URL and the timeout that applies when an endpoint names none (the
    /// options', else the session's) only, so that `dump` of a controller never walks into the
    /// session's in-flight requests (whose headers may hold a token).
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeout": defaultTimeout], displayStyle: .class)
    }
}
