import Foundation
import ServiceLayer

// MARK: - AccountController: signup, login, products

extension DemoWalk {
    func accountSteps() -> [DemoStep] {
        // A new address each run, so that the walk can run again against a long-lived server.
        let email = "demo-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let password = "correct horse battery staple"
        return [
            heading("AccountController (accounts API at \(baseURL.appendingPathComponent("api/").absoluteString))"),
            DemoStep(name: "sign up") { [self] done in
                accounts.signUp(email: email, password: password, name: "Demo", emailContent: "Welcome!") { result in
                    switch result {
                    case .success:
                        done(self.accounts.isLoggedIn, "signed up as \(email); a token was stored (not shown)")
                    case .failure(let error): done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "log in with a wrong password (fails on purpose)") { [self] done in
                accounts.logIn(email: email, password: "wrong password") { result in
                    switch result {
                    case .success:
                        done(false, "expected a refusal, got a token")
                    case .failure(let error):
                        guard case .server = error else {
                            return done(false, "expected .server, got " + describe(error))
                        }
                        done(true, "as expected: " + describe(error))
                    }
                }
            },
            DemoStep(name: "log in") { [self] done in
                accounts.logOut()
                accounts.logIn(email: email, password: password) { result in
                    switch result {
                    case .success: done(self.accounts.isLoggedIn, "logged in; isLoggedIn = \(self.accounts.isLoggedIn)")
                    case .failure(let error): done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "fetch the products (with the token)") { [self] done in
                accounts.fetchProducts { result in
                    switch result {
                    case .success(let products):
                        let lines = products.map { "\($0.name) (\($0.category)) by \($0.owner)" }
                        done(!products.isEmpty, "\(products.count) products:\n" + lines.joined(separator: "\n"))
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "fetch the products after the access token expired") { [self] done in
                // As if the token's lifetime (`expiresIn`) had passed: the controller renews it first.
                let before = accounts.tokenStore.tokens
                if var expired = before {
                    expired.expiresAt = Date(timeIntervalSinceNow: -1)
                    try? accounts.tokenStore.setTokens(expired)
                }
                accounts.fetchProducts { result in
                    let renewed = before != nil && self.accounts.tokenStore.tokens?.accessToken != before?.accessToken
                    switch result {
                    case .success(let products):
                        done(renewed, "refreshed: a new access token (not shown), then \(products.count) products")
                    case .failure(let error): done(false, describe(error))
                    }
                }
            },
        ]
    }
}
