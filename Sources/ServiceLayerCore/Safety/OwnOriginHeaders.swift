import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The own-origin rule, in one place: which headers of a request go only to the base URL's origin
/// (scheme, host and port), and their removal from a request that goes anywhere else.
///
/// Those headers are:
/// - every header of ``APIClient/Options/headers`` (an API key, say);
/// - every header the credential step set or changed: an ``Authenticator``'s `apply` (`X-Auth-Token`,
///   a signature) or the token provider's `Authorization` — found by comparing the request before and
///   after that step;
/// - every header on the credential list, ``credentials``, whoever set it: `Authorization`,
///   `Proxy-Authorization`, `Cookie`, `X-API-Key`, `X-Auth-Token` and the other key and token headers
///   of ``Redaction/secretHeaders``.
///
/// The client applies the rule last: after the request hooks (a hook that moves the request to another
/// origin loses them, whoever set them — and every other header the request carried before the hook,
/// but the safe ones, as after a redirect), on every try, and on every redirect (see ``RedirectGuard``).
struct OwnOriginHeaders: Sendable {
    /// The credential list (lowercased): the secret headers a log line redacts, less the response's
    /// `Set-Cookie`.
    static let credentials: Set<String> = Redaction.secretHeaders.subtracting(["set-cookie"])

    /// The origin these headers may go to.
    let baseURL: URL
    /// The lowercased names of the client's ``APIClient/Options/headers``.
    let clientHeaders: Set<String>
    /// The lowercased names the credential step set or changed.
    let credentialStepHeaders: Set<String>

    /// - Parameters:
    ///   - baseURL: The client's base URL.
    ///   - clientHeaders: The names of ``APIClient/Options/headers``.
    ///   - credentialStepHeaders: The names the authenticator (or token provider) set; none by default.
    init(baseURL: URL, clientHeaders: some Sequence<String>, credentialStepHeaders: Set<String> = []) {
        self.baseURL = baseURL
        self.clientHeaders = Set(clientHeaders.map { $0.lowercased() })
        self.credentialStepHeaders = Set(credentialStepHeaders.map { $0.lowercased() })
    }

    /// Every name that goes only to the base URL's origin (lowercased).
    var names: Set<String> { Self.credentials.union(clientHeaders).union(credentialStepHeaders) }

    /// The names whose values are secrets in an ``ExchangeReport`` (lowercased): the credential list and
    /// whatever the credential step set.
    var secretNames: Set<String> {
        credentialStepHeaders.isEmpty ? Self.credentials : Self.credentials.union(credentialStepHeaders)
    }

    /// `request` unchanged when it goes to the base URL's origin; else without any of ``names``.
    func applied(to request: URLRequest) -> URLRequest {
        guard let url = request.url, !Origin.same(url, baseURL) else { return request }
        var stripped = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where names.contains(name.lowercased()) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// `request` — what the hooks made of `built` — by the rule: unchanged when it goes to the base URL's
    /// origin; else without any of ``names``. And when the hooks moved it there from the base URL's
    /// origin, also without every header `built` already carried that the hooks left as it was (an
    /// endpoint's header, say), but the ``RedirectGuard/safeAcrossOrigins`` ones: as after a redirect,
    /// only what a hook itself set for the new origin goes there.
    func applied(to request: URLRequest, builtAs built: URLRequest) -> URLRequest {
        guard let url = request.url, !Origin.same(url, baseURL) else { return request }
        var stripped = applied(to: request)
        guard let builtURL = built.url, Origin.same(builtURL, baseURL) else { return stripped }
        let before = Self.lowercased(built.allHTTPHeaderFields ?? [:])
        for (name, value) in stripped.allHTTPHeaderFields ?? [:] {
            let lowercased = name.lowercased()
            guard !RedirectGuard.safeAcrossOrigins.contains(lowercased), before[lowercased] == value else { continue }
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// The lowercased names whose values differ between `before` and `after` (set, changed or removed).
    static func changedNames(from before: URLRequest, to after: URLRequest) -> Set<String> {
        let old = lowercased(before.allHTTPHeaderFields ?? [:])
        let new = lowercased(after.allHTTPHeaderFields ?? [:])
        return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
    }

    private static func lowercased(_ fields: [String: String]) -> [String: String] {
        Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
