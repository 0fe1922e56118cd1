import Foundation
import ServiceLayer

/// Sign up, then show the products only a signed-in user may see.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class AccountScreen {
    var isSignedIn = false
    var products: [Product] = []
    var errorMessage: String?

    func signUpAndShowProducts(email: String, password: String, done: @escaping () -> Void) {
        let accounts = AccountController.shared
        accounts.signUp(email: email, password: password, name: "Learner", emailContent: "Welcome!") { result in
            guard case .success = result else {
                self.errorMessage = "Could not sign up"
                return done()
            }
            self.isSignedIn = accounts.isLoggedIn
            accounts.fetchProducts { result in
                switch result {
                case .success(let products): self.products = products
                case .failure(let error): self.errorMessage = error.localizedDescription
                }
                accounts.logOut()
                done()
            }
        }
    }
}
