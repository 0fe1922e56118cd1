import Foundation

/// The origin rule's one question: do two URLs share scheme, host and port? A request to another origin
/// than the base URL's carries no credential (see `OwnOriginHeaders.swift` and `RedirectGuard.swift`).
enum Origin {
    /// Whether two URLs share scheme, host and port (the "origin"): the only URLs a client's
    /// `Authorization` header may be sent to. Hosts compare case-insensitively; a missing port is the
    /// scheme's default.
    static func same(_ lhs: URL, _ rhs: URL) -> Bool {
        guard let lhsHost = lhs.host?.lowercased(), let rhsHost = rhs.host?.lowercased() else { return false }
        let lhsScheme = lhs.scheme?.lowercased(), rhsScheme = rhs.scheme?.lowercased()
        return lhsScheme == rhsScheme && lhsHost == rhsHost && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
