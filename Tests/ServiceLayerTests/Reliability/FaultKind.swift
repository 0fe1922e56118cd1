import FixtureServer
import Foundation

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The faults of the matrix

/// One way the network or the server can misbehave, as the matrix names it.
enum FaultKind: String, CaseIterable, Sendable {
    /// A port nobody listens on (a server was started there, then stopped).
    case refused
    case closeBeforeResponse
    case truncatedBody
    case malformedJSON
    /// `200` with valid JSON of the wrong shape for the call.
    case wrongTypes
    case emptyOK
    /// `204` where a body is expected.
    case noContent
    /// `401` with `WWW-Authenticate: Bearer`.
    case unauthorizedBearer
    /// `500` with an HTML page.
    case html500
    /// The normal answer, one byte every ``FaultMatrix/slowByteInterval`` seconds: far past the timeout.
    case slowBody
    /// `302` to the same route on another host, which answers normally.
    case redirect
    /// The normal answer after ``FaultMatrix/delay`` seconds, past the timeout.
    case delay

    /// The fixture server's fault, or `nil` for ``refused`` (which needs no server) and ``redirect``
    /// (whose target URL is only known once the second server runs).
    func fault(for call: ControllerCall) -> Fault? {
        switch self {
        case .refused, .redirect: return nil
        case .closeBeforeResponse: return .closeBeforeResponse
        case .truncatedBody: return .truncatedBody
        case .malformedJSON: return .malformedJSON
        case .wrongTypes: return .json(200, call.wrongShape)
        case .emptyOK: return .emptyOK
        case .noContent: return .noContent
        case .unauthorizedBearer: return .unauthorizedBearer
        case .html500: return .html500
        case .slowBody: return .slowBody(interval: FaultMatrix.slowByteInterval)
        case .delay: return .delay(FaultMatrix.delay)
        }
    }
}

// MARK: - The expected outcomes

/// The documented outcome of every (controller call, fault) pair.
enum FaultMatrix {
    /// Every client of the matrix times out after this many seconds (whole seconds on Linux).
    static let timeout: TimeInterval = 1
    /// How long past `timeout` a completion may arrive on a loaded two-core machine. The client's own
    /// watchdog fires at `timeout + 0.5`.
    static let margin: TimeInterval = 2.5
    /// The server's wait for ``FaultKind/delay``.
    static let delay: TimeInterval = 3
    /// Seconds between two bytes of a slow body: every body of a call that has one is 20+ bytes, so
    /// it takes 4 s or more, well past `timeout`.
    static let slowByteInterval: TimeInterval = 0.2

    /// What `call` must end with when the server misbehaves as `fault` says.
    static func expected(_ call: ControllerCall, _ fault: FaultKind) -> ExpectedOutcome {
        let isDelete = call.name == "users.deleteUser"
        let isImage = call.name == "menu.fetchImage"
        switch fault {
        case .refused:
            return .transport(.cannotConnectToHost)
        case .closeBeforeResponse:
            // Linux (libcurl): "Empty reply from server", reported as -1011. Apple platforms report a
            // lost connection.
            return .transport(onLinux ? .badServerResponse : nil)
        case .truncatedBody:
            // DELETE's normal answer is a 204 with no body: there is nothing to cut, so the answer is
            // complete and the call succeeds. Otherwise Linux reports libcurl's "transfer closed with
            // N bytes remaining to read" as NSURLErrorDomain -1 (`URLError.unknown`); the client keeps
            // the code URLSession gave.
            return isDelete ? .success : .transport(onLinux ? .unknown : nil)
        case .malformedJSON, .wrongTypes:
            // `deleteUser` ignores the body of a 2xx; `fetchImage` returns any non-empty bytes as they are.
            return isDelete || isImage ? .success : .decoding
        case .emptyOK, .noContent:
            // `Void` results succeed on an empty 2xx; every other call needs a body (an image too).
            return isDelete ? .success : .decoding
        case .unauthorizedBearer:
            // No hang with this toolchain's URLSession: the 401 arrives at once, header and all, and is
            // not retried with credentials (the client uses no credential storage or auth challenge).
            return .httpStatus(401)
        case .html500:
            return .httpStatus(500)
        case .slowBody:
            // The 204 of DELETE has no body to dribble. Every other body outlasts the timeout; URLSession's
            // own timer is an idle timer that each byte resets, so the client's watchdog ends the call.
            return isDelete ? .success : .timedOut
        case .redirect:
            return redirectOutcome(call)
        case .delay:
            return .timedOut
        }
    }

    /// What `call` must end with when the server closes a *reused* keep-alive connection without a
    /// reply. libcurl then resends the request on a new connection. Without a body the call fails at
    /// once with a transport error, usually -1011 "Empty reply from server" but sometimes -1 (`unknown`,
    /// how Linux reports the connection dying under the resend), depending on how the close races
    /// the resend. With a body (`POST`, `PUT`, `PATCH`) the resend stalls on Linux (the server never
    /// receives it) until a timeout ends the call with `.timedOut`.
    static func expectedOnReusedConnectionClose(_ call: ControllerCall) -> ExpectedOutcome {
        guard onLinux else { return .transport(nil) }
        let hasBody = ["POST", "PUT", "PATCH"].contains(call.httpMethod)
        return hasBody ? .oneOf([.transport(nil), .timedOut]) : .transport(nil)
    }

    /// Whether `call`'s body holds a password (see `Endpoint.carryingSecretBody()`).
    static func bodyCarriesSecret(_ call: ControllerCall) -> Bool {
        ["accounts.signUp", "accounts.logIn"].contains(call.name)
    }

    /// Whether Foundation is swift-corelibs-foundation (Linux), whose URLSession runs on libcurl.
    static var onLinux: Bool {
        #if canImport(FoundationNetworking)
        return true
        #else
        return false
        #endif
    }

    /// A `302` to another host whose route answers normally.
    ///
    /// - `GET`: followed; succeeds, except `fetchProducts`: the redirect guard strips the token on the
    ///   way to the other host, which therefore answers `401`.
    /// - `POST`: URLSession (on Linux as on Apple platforms, like browsers) turns a 302'd `POST` into a
    ///   body-less `GET` of the new URL. The other host has no `GET` on `/order` or `/api/accounts/*` and
    ///   answers 405; `GET /api/users` is the users list, which does not decode as a created user.
    ///   Either way the order or account is never created, and the call fails.
    /// - `PUT`, `PATCH`: Linux's URLSession keeps the method but sends it with `Content-Length: 0`, even
    ///   when the delegate hands back a request with the body. The client's redirect guard therefore
    ///   does not follow it (on Linux): the call ends with the 302 itself.
    /// - `DELETE` has no body to lose: followed, and the other host's 204 is a success.
    /// - `signUp` and `logIn` send a password: the client never follows their redirect to another origin,
    ///   on any platform; the call ends with the 302 itself.
    static func redirectOutcome(_ call: ControllerCall) -> ExpectedOutcome {
        switch (call.httpMethod, call.name) {
        case _ where bodyCarriesSecret(call): return .httpStatus(302)
        case ("GET", "accounts.fetchProducts"): return .httpStatus(401)
        case ("GET", _), ("DELETE", _): return .success
        case ("POST", "users.createUser"): return .decoding
        case ("POST", _): return .httpStatus(405)
        default: return onLinux ? .httpStatus(302) : .success
        }
    }

    /// The method the redirect target receives after a 302 of `call`; `nil` when the client does not
    /// follow the redirect.
    static func redirectedMethod(_ call: ControllerCall) -> String? {
        if bodyCarriesSecret(call) { return nil }
        switch call.httpMethod {
        case "POST": return "GET"
        case "PUT", "PATCH": return onLinux ? nil : call.httpMethod
        default: return call.httpMethod
        }
    }
}
