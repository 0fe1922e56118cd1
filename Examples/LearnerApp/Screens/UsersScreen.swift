import Foundation
import ServiceLayer

/// A list of reqres users with a form to add one and a swipe to delete one.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class UsersScreen {
    let networkController: NetworkController
    var users: [User] = []
    var totalPages = 0
    var lastCreated: CreatedUser?
    var deletedIDs: [Int] = []
    var errorMessage: String?

    init(networkController: NetworkController = .shared) {
        self.networkController = networkController
    }

    func load(page: Int, done: @escaping () -> Void) {
        networkController.fetchUsers(page: page) { result in
            switch result {
            case .success(let usersPage):
                self.users = usersPage.data
                self.totalPages = usersPage.totalPages
            case .failure(let error):
                self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func add(name: String, job: String, done: @escaping () -> Void) {
        networkController.createUser(UserBody(name: name, job: job)) { result in
            switch result {
            case .success(let created): self.lastCreated = created
            case .failure(let error): self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func delete(_ user: User, done: @escaping () -> Void) {
        networkController.deleteUser(id: user.id) { result in
            if case .success = result {
                self.deletedIDs.append(user.id)
                self.users.removeAll { $0.id == user.id }
            }
            done()
        }
    }
}
