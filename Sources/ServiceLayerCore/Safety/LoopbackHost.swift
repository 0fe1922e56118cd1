import Foundation

/// The loopback host names and addresses: reachable with no network at all, and served by this machine.
/// The connectivity check lets them through offline (`Sending/Connectivity.swift`), and a refused connection
/// to one gets the message for a local server (`Messages/MessageEngine.swift`). (Not the `Loopback` target,
/// the tests' sockets: this only reads a URL's host.)
enum LoopbackHost {
    /// Whether `url`'s host is `localhost` or a name under it (`app.localhost`), an IPv4 address in
    /// `127.0.0.0/8`, or `::1`.
    static func matches(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
