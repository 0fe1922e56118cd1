import Foundation
import ServiceLayer

/// Sign up, then show the products only a signed-in user may see.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class AccountScreen {
    let accountController: AccountController
    var isSignedIn = false
    var products: [Product] = []
    var errorMessage: String?

    init(accountController: AccountController = .shared) {
        self.accountController = accountController
    }

    func signUpAndShowProducts(email: String, password: String, done: @escaping () -> Void) {
        accountController.signUp(email: email, password: password, name: "Learner", emailContent: "Welcome!") {
            result in
            guard case .success = result else {
                self.errorMessage = "Could not sign up"
                return done()
            }
            self.isSignedIn = self.accountController.isLoggedIn
            self.accountController.fetchProducts { result in
                switch result {
                case .success(let products): self.products = products
                case .failure(let error): self.errorMessage = error.localizedDescription
                }
                done()
            }
        }
    }
}
