import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Every controller method as data

/// What a controller call needs: where the server is, and the session and options to build the
/// controller with. (Every controller calls back on the main queue.)
struct CallEnvironment: Sendable {
    /// The fixture server's root, `http://host:port/`.
    let root: URL
    /// The session every controller of this environment uses (so the runner can invalidate it).
    let session: URLSession
    let options: APIClient.Options
    /// The token a logged-in `AccountController` starts with; `nil` for the others.
    let token: String?

    /// `root` + `api/`, the base of the users and accounts APIs.
    var api: URL { root.appendingPathComponent("api/") }
}

/// The three controllers of one environment, built once so that calls share their clients (and so
/// coalesce and share connections as an app's would).
struct Controllers: Sendable {
    let environment: CallEnvironment
    /// Its image cache is off, so that every `fetchImage` goes to the server.
    let menu: MenuController
    let users: NetworkController
    let accounts: AccountController

    init(_ environment: CallEnvironment) {
        self.environment = environment
        menu = MenuController(
            baseURL: environment.root, session: environment.session,
            options: environment.options, imageCacheLimit: 0)
        users = NetworkController(
            baseURL: environment.api, session: environment.session,
            options: environment.options)
        accounts = Self.accountController(environment)
    }

    /// A new account controller holding the environment's token, on the same session: a `401` logs
    /// out only the controller that received it, so one call's fault never changes another's outcome.
    func loggedInAccounts() -> AccountController {
        Self.accountController(environment)
    }

    private static func accountController(_ environment: CallEnvironment) -> AccountController {
        AccountController(
            baseURL: environment.api, session: environment.session,
            options: environment.options,
            tokenStore: InMemoryTokenStore(tokens: environment.token.map { AuthTokens(accessToken: $0) }))
    }
}

/// One public controller method, described so that a test can call it against any server, inject a
/// fault on the route it uses, and check the result without knowing its type.
struct ControllerCall: Sendable {
    /// `controller.method`, as failure messages and the report name it.
    let name: String
    /// The HTTP method the call sends.
    let httpMethod: String
    /// The server path the call hits (for `inject(_:path:method:)` and `requestCount(path:)`).
    let path: String
    /// The query string the call sends, without `?` (empty when none).
    let query: String
    /// JSON that is valid but has the wrong shape for this call's answer.
    let wrongShape: String
    /// Whether the call needs an account on the server (a logged-in token, or a user to log in as).
    let needsAccount: Bool
    /// Starts the call on one of `controllers`; the completion gets a one-line summary of the value,
    /// or the error.
    let start:
        @Sendable (_ controllers: Controllers, _ completion: @escaping @Sendable (Result<String, APIError>) -> Void)
            -> RequestHandle

    /// The route's URL on a server whose root is `root`.
    func url(on root: URL) -> URL {
        let base = root.appendingPathComponent(String(path.dropFirst()))
        guard !query.isEmpty else { return base }
        return URL(string: base.absoluteString + "?" + query)!
    }
}

/// The account every accounts call uses: signed up on each fresh server before the call.
enum FaultAccount {
    static let email = "faults@example.com"
    static let password = "fault-matrix-password-77"

    /// Signs the account up on the server at `root` and returns its token (`nil` if that failed).
    static func signUp(on root: URL) -> String? {
        let controller = AccountController(
            baseURL: root.appendingPathComponent("api/"), session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 5, retryPolicy: .never))
        defer { controller.client.session.finishTasksAndInvalidate() }
        let token = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        controller.signUp(email: email, password: password, name: "Fault", emailContent: "Hi") { result in
            token.withLock { $0 = try? result.get() }
            done.signal()
        }
        _ = TestMainQueue.wait(for: done, timeout: 10)
        return token.withLock { $0 }
    }
}

extension ControllerCall {
    /// The id of the user the users calls read, change and delete.
    static let userID = 2

    /// Every public callback method of the three controllers, once.
    static let all: [ControllerCall] = menu + users + accounts

    static let menu: [ControllerCall] = [
        ControllerCall(
            name: "menu.fetchCategories", httpMethod: "GET", path: "/categories", query: "",
            wrongShape: #"{"categories":"soups"}"#, needsAccount: false
        ) { controllers, completion in
            controllers.menu.fetchCategories { completion($0.map { "\($0.count) categories" }) }
        },
        ControllerCall(
            name: "menu.fetchMenuItems", httpMethod: "GET", path: "/menu", query: "category=salads",
            wrongShape: #"{"items":[{"id":"one","name":7}]}"#, needsAccount: false
        ) { controllers, completion in
            controllers.menu.fetchMenuItems(forCategory: "salads") {
                completion($0.map { "\($0.count) items" })
            }
        },
        ControllerCall(
            name: "menu.fetchImage", httpMethod: "GET", path: "/images/1.png", query: "",
            wrongShape: #"{"image":false}"#, needsAccount: false
        ) { controllers, completion in
            let url = controllers.environment.root.appendingPathComponent("images/1.png")
            return controllers.menu.fetchImage(url: url) { completion($0.map { "\($0.count) bytes" }) }
        },
        ControllerCall(
            name: "menu.submitOrder", httpMethod: "POST", path: "/order", query: "",
            wrongShape: #"{"preparation_time":"soon"}"#, needsAccount: false
        ) { controllers, completion in
            controllers.menu.submitOrder(forMenuIDs: [1, 2]) { completion($0.map { "\($0) minutes" }) }
        },
    ]

    static let users: [ControllerCall] = [
        ControllerCall(
            name: "users.fetchUsers", httpMethod: "GET", path: "/api/users", query: "page=1",
            wrongShape: #"{"page":"one","data":{}}"#, needsAccount: false
        ) { controllers, completion in
            controllers.users.fetchUsers(page: 1) {
                completion($0.map { "page \($0.page), \($0.data.count) users" })
            }
        },
        ControllerCall(
            name: "users.fetchUser", httpMethod: "GET", path: "/api/users/\(userID)", query: "",
            wrongShape: #"{"data":[1,2,3]}"#, needsAccount: false
        ) { controllers, completion in
            controllers.users.fetchUser(id: userID) { completion($0.map { "user \($0.id)" }) }
        },
        ControllerCall(
            name: "users.createUser", httpMethod: "POST", path: "/api/users", query: "",
            wrongShape: #"{"name":1,"job":true,"id":[],"createdAt":null}"#, needsAccount: false
        ) { controllers, completion in
            controllers.users.createUser(UserBody(name: "Ada", job: "tester")) {
                completion($0.map { "created \($0.id)" })
            }
        },
        ControllerCall(
            name: "users.updateUser", httpMethod: "PUT", path: "/api/users/\(userID)", query: "",
            wrongShape: #"{"updatedAt":5}"#, needsAccount: false
        ) { controllers, completion in
            controllers.users.updateUser(id: userID, UserBody(name: "Ada", job: "lead")) {
                completion($0.map { "updated \($0.job)" })
            }
        },
        ControllerCall(
            name: "users.patchUser", httpMethod: "PATCH", path: "/api/users/\(userID)", query: "",
            wrongShape: #"[{"updatedAt":"now"}]"#, needsAccount: false
        ) { controllers, completion in
            controllers.users.patchUser(id: userID, UserBody(name: "Ada", job: "chief")) {
                completion($0.map { "patched \($0.job)" })
            }
        },
        ControllerCall(
            name: "users.deleteUser", httpMethod: "DELETE", path: "/api/users/\(userID)", query: "",
            wrongShape: #"{"deleted":"maybe"}"#, needsAccount: false
        ) { controllers, completion in
            controllers.users.deleteUser(id: userID) { completion($0.map { "deleted" }) }
        },
    ]

    static let accounts: [ControllerCall] = [
        ControllerCall(
            name: "accounts.signUp", httpMethod: "POST", path: "/api/accounts/signup", query: "",
            wrongShape: #"{"success":"maybe","token":7}"#, needsAccount: false
        ) { controllers, completion in
            // A fresh address each time: a second sign-up of the same address is refused.
            controllers.accounts.signUp(
                email: "new-\(UUID().uuidString)@example.com", password: FaultAccount.password, name: "New",
                emailContent: "Welcome"
            ) { completion($0.map { _ in "token" }) }
        },
        ControllerCall(
            name: "accounts.logIn", httpMethod: "POST", path: "/api/accounts/login", query: "",
            wrongShape: #"{"success":true,"token":""}"#, needsAccount: true
        ) { controllers, completion in
            controllers.accounts.logIn(email: FaultAccount.email, password: FaultAccount.password) {
                completion($0.map { _ in "token" })
            }
        },
        ControllerCall(
            name: "accounts.fetchProducts", httpMethod: "GET", path: "/api/products", query: "",
            wrongShape: #"{"success":true,"products":{"_id":1}}"#, needsAccount: true
        ) { controllers, completion in
            controllers.loggedInAccounts().fetchProducts { completion($0.map { "\($0.count) products" }) }
        },
    ]
}

// MARK: - Outcomes

/// The class of result a call must end with.
enum ExpectedOutcome: Sendable, Equatable, CustomStringConvertible {
    case success
    case timedOut
    /// A transport failure with this `URLError` code (any code when `nil`).
    case transport(URLError.Code?)
    case httpStatus(Int)
    case decoding
    /// Any one of these.
    indirect case oneOf([ExpectedOutcome])

    /// Whether `result` is of this class.
    func matches(_ result: Result<String, APIError>) -> Bool {
        switch (self, result) {
        case (.oneOf(let outcomes), _): return outcomes.contains { $0.matches(result) }
        case (.success, .success): return true
        case (.timedOut, .failure(.timedOut)): return true
        case (.transport(let code), .failure(.transport(let error))): return code == nil || error.code == code
        case (.httpStatus(let code), .failure(.httpStatus(let status, _))): return code == status
        case (.decoding, .failure(.decoding)): return true
        default: return false
        }
    }

    var description: String {
        switch self {
        case .success: return "success"
        case .timedOut: return ".timedOut"
        case .transport(let code): return ".transport(\(code.map(Self.name(of:)) ?? "any"))"
        case .httpStatus(let code): return ".httpStatus(\(code))"
        case .decoding: return ".decoding"
        case .oneOf(let outcomes): return outcomes.map(\.description).joined(separator: " or ")
        }
    }

    /// A short name for the URL error codes a fault can produce.
    static func name(of code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: return "cannotConnectToHost"
        case .networkConnectionLost: return "networkConnectionLost"
        case .badServerResponse: return "badServerResponse"
        case .zeroByteResource: return "zeroByteResource"
        case .timedOut: return "timedOut"
        case .unknown: return "unknown"
        default: return "URLError \(code.rawValue)"
        }
    }
}

/// A short, one-line rendering of a result for tables and failure messages.
func summary(_ result: Result<String, APIError>) -> String {
    switch result {
    case .success(let value): return "success (\(value))"
    case .failure(.transport(let error)): return ".transport(\(ExpectedOutcome.name(of: error.code)))"
    case .failure(.httpStatus(let code, _)): return ".httpStatus(\(code))"
    case .failure(.decoding(let failure)): return ".decoding (\(failure.facts.prefix(60)))"
    case .failure(let error): return ".\(error)"
    }
}
