import Foundation
import ServiceLayer

// The screen of a learner's own shop: signs up, then loads the products behind `Authorization` with
// the authenticator of `ShopAccount.swift`.

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
