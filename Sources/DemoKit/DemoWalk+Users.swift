import Foundation
import ServiceLayer

// MARK: - NetworkController: the reqres users API

extension DemoWalk {
    func userSteps() -> [DemoStep] {
        [
            heading("NetworkController (reqres users API at \(baseURL.appendingPathComponent("api/").absoluteString))"),
            DemoStep(name: "fetch users page 1") { [self] done in
                users.fetchUsers(page: 1) { result in
                    let (passed, detail) = self.check(page: 1, result)
                    done(passed, detail)
                }
            },
            DemoStep(name: "fetch users page 2") { [self] done in
                users.fetchUsers(page: 2) { result in
                    let (passed, detail) = self.check(page: 2, result)
                    done(passed, detail)
                }
            },
            DemoStep(name: "fetch user 2") { [self] done in
                users.fetchUser(id: 2) { result in
                    switch result {
                    case .success(let user):
                        done(user.id == 2, "\(user.firstName) \(user.lastName) <\(user.email)>")
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "create a user") { [self] done in
                users.createUser(UserBody(name: "morpheus", job: "leader")) { result in
                    switch result {
                    case .success(let created):
                        done(
                            created.name == "morpheus",
                            "\(created.name), \(created.job): id \(created.id), created \(created.createdAt)")
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "update user 2") { [self] done in
                users.updateUser(id: 2, UserBody(name: "morpheus", job: "zion resident")) { result in
                    switch result {
                    case .success(let updated):
                        done(
                            updated.job == "zion resident",
                            "\(updated.name), \(updated.job): updated \(updated.updatedAt)")
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "delete user 2") { [self] done in
                users.deleteUser(id: 2) { result in
                    switch result {
                    case .success: done(true, "deleted (204 No Content)")
                    case .failure(let error): done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "fetch unknown user 23 (fails on purpose)") { [self] done in
                users.fetchUser(id: 23) { result in
                    switch result {
                    case .success(let user):
                        done(false, "expected a 404, got user \(user.id)")
                    case .failure(let error):
                        done(error.statusCode == 404, "as expected: " + describe(error))
                    }
                }
            },
        ]
    }

    private func check(page: Int, _ result: Result<UsersPage, APIError>) -> (Bool, String) {
        switch result {
        case .success(let usersPage):
            let names = usersPage.data.map { "\($0.firstName) \($0.lastName)" }.joined(separator: ", ")
            let passed = usersPage.page == page && (!knowsFixtureData || usersPage.data.count == 6)
            return (passed, "page \(usersPage.page) of \(usersPage.totalPages) (\(usersPage.total) users): \(names)")
        case .failure(let error):
            return (false, describe(error))
        }
    }
}
