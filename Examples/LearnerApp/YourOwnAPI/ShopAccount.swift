import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking  // Linux only: URLRequest lives there
#endif

// A learner's own login and refresh, on the accounts routes of the fixture server: the tokens in a
// session object of the app's, and an `Authenticator` that renews them. The client calls an
// authenticator from any thread, so these three types say `nonisolated` (in an app target with
// main-actor default isolation they would otherwise belong to the main actor).

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
        session.tokens = renewed
        return renewed
    }

    func invalidate(_ credential: ShopTokens) {
        if session.tokens == credential { session.tokens = nil }
    }
}

/// The shop's models, plain app-target types.
struct ShopProduct: Codable {
    let name: String
    let category: String?
}

struct ShopProducts: Codable {
    let products: [ShopProduct]
}

struct ShopSignUp: Codable {
    let email: String
    let password: String
    let name: String
    let emailContent: String
}

/// A screen that signs up with the shop's own format, then shows the products behind `Authorization`.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class ShopScreen {
    let session = ShopSession()
    lazy var client = APIClient(baseURL: Config.baseURL, authenticator: ShopAuthenticator(session: session))
    var productNames: [String] = []
    var errorMessage: String?

    func signUpAndLoad(email: String, done: @escaping () -> Void) {
        let body = ShopSignUp(email: email, password: "shop-password-1", name: "Ada", emailContent: "")
        client.send(Endpoint<ShopAuthenticator.TokenReply>(method: .post, "accounts/signup").body(body)) { result in
            switch result {
            case .success(let reply):
                self.session.tokens = ShopTokens(access: reply.token, refresh: reply.refreshToken)
                self.loadProducts(done: done)
            case .failure(let error):
                self.errorMessage = error.localizedDescription
                done()
            }
        }
    }

    func loadProducts(done: @escaping () -> Void) {
        client.send(Endpoint<ShopProducts>("products").requiringAuthorization()) { result in
            switch result {
            case .success(let page): self.productNames = page.products.map(\.name)
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
            done()
        }
    }
}
