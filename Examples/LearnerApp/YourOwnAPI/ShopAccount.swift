import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking  // Linux only: URLRequest lives there
#endif

// A learner's own login and refresh, on the accounts routes of the fixture server: the tokens in a
// session object of the app's, and an `Authenticator` that renews them. The client calls an
// authenticator from any thread, so these three types say `nonisolated` (in an app target with
// main-actor default isolation they would otherwise belong to the main actor). The articles "Your own
// API" and "Authentication" show this file, and `LearnerAuthenticatorTests` compiles it (a link in
// Tests/ServiceLayerTests/DocExamples) and runs it against the fixture server; `ShopScreen.swift` uses it.

/// The two tokens a login gives.
nonisolated struct ShopTokens: Equatable, Sendable {
    var access: String
    var refresh: String
}

/// Where the app keeps its tokens; a lock, because the client reads them from any thread.
nonisolated final class ShopSession: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: ShopTokens?

    var tokens: ShopTokens? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }

    /// Replaces `old` with `new` unless someone logged out or in meanwhile; returns the tokens kept.
    func replace(_ old: ShopTokens, with new: ShopTokens) -> ShopTokens? {
        lock.lock()
        defer { lock.unlock() }
        guard stored == old else { return stored }
        stored = new
        return new
    }
}

/// Puts the access token on every authorized request and renews it with the refresh token.
nonisolated struct ShopAuthenticator: Authenticator {
    let session: ShopSession

    struct RefreshBody: Encodable, Sendable { let refreshToken: String }
    struct TokenReply: Decodable, Sendable {
        let token: String
        let refreshToken: String
    }

    var credential: ShopTokens? { session.tokens }

    func apply(_ credential: ShopTokens, to request: inout URLRequest) {
        request.setValue("Bearer \(credential.access)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: ShopTokens, with client: APIClient) async throws(APIError) -> ShopTokens {
        let endpoint = Endpoint<TokenReply>(method: .post, "accounts/refresh")
            .body(RefreshBody(refreshToken: credential.refresh))
        let reply = try await client.send(endpoint)
        let renewed = ShopTokens(access: reply.token, refresh: reply.refreshToken)
        guard let current = session.replace(credential, with: renewed) else { throw .notAuthenticated }
        return current
    }

    func invalidate(_ credential: ShopTokens) {
        if session.tokens == credential { session.tokens = nil }
    }
}
