import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The token and the password never appear in a log line, a description or an error.
final class AccountSecretsTests: AccountsTestCase {
    private final class LogLines: Sendable {
        private let lines = Locked<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    func testLogsNeverShowThePasswordOrToken() throws {
        let lines = LogLines()
        let options = APIClient.Options(retryPolicy: .never, logger: { lines.append($0) })
        let controller = makeAccountController(options: options)
        let signUpToken = try signUp(controller)
        let token = try XCTUnwrap(logIn(controller)).get()
        XCTAssertNotNil(fetchProducts(controller)?.successValue)
        _ = logIn(controller, password: "wrong")  // a refusal
        let stale = makeAccountController(
            options: options, tokenStore: InMemoryTokenStore(tokens: AuthTokens(accessToken: signUpToken + "x")))
        _ = fetchProducts(stale)  // a 401, whose body is logged

        Polling.until { lines.all.count >= 5 }
        XCTAssertTrue(lines.all.contains { $0.contains("/api/products") && $0.contains("Authorization") })
        for line in lines.all {
            assertNoSecrets(line, token: token, "a log line")
            assertNoSecrets(line, token: signUpToken, "a log line")
        }
    }

    func testDescriptionsNeverShowThePasswordOrToken() throws {
        let inMemory = InMemoryTokenStore()
        let file = FileTokenStore(url: folder.appendingPathComponent("token"))
        let controller = makeAccountController(tokenStore: inMemory)
        let token = try signUp(controller)
        try file.setTokens(AuthTokens(accessToken: token))
        let products = try XCTUnwrap(fetchProducts(controller)).get()

        let values: [Any] = [
            inMemory, file, controller, products,
            AccountsAPI.SignUpBody(email: email, password: Secret(password), name: "Ada", emailContent: ""),
            AccountsAPI.LogInBody(email: email, password: Secret(password)),
            try JSONDecoder().decode(
                AccountsAPI.AuthReply.self, from: Data(#"{"success":true,"token":"\#(token)"}"#.utf8)),
        ]
        for value in values {
            for text in renderings(of: value) { assertNoSecrets(text, token: token, "\(type(of: value))") }
        }
        XCTAssertTrue(
            String(describing: try XCTUnwrap(inMemory.tokens)).hasPrefix(
                "AuthTokens(access: <redacted>, refresh: Optional(<redacted>), expiresAt: "))
    }

    func testErrorsNeverShowThePasswordOrToken() throws {
        let controller = makeAccountController()
        let token = try signUp(controller)
        var errors: [APIError] = []
        let (email, password) = (self.email, self.password)

        // A duplicate signup, a wrong password, missing fields, no token, a wrong token.
        errors += [
            awaitCompletion {
                controller.signUp(email: email, password: password, name: "Ada", emailContent: "", completion: $0)
            }?.failureError,
            logIn(controller, password: password + "!")?.failureError,
            awaitCompletion {
                controller.signUp(email: email, password: password, name: "", emailContent: "", completion: $0)
            }?.failureError,
        ].compactMap { $0 }
        errors += [
            fetchProducts(makeAccountController())?.failureError,
            fetchProducts(
                makeAccountController(tokenStore: InMemoryTokenStore(tokens: AuthTokens(accessToken: token + "0"))))?
                .failureError,
        ].compactMap { $0 }

        // A reply the client cannot read, holding the token: the error keeps the body without it.
        server.inject(.json(200, #"{"success":"maybe","token":"\#(token)"}"#), path: "/api/accounts/login")
        let unreadable = try XCTUnwrap(logIn(controller)?.failureError)
        guard case .decoding(let decodingFailure) = unreadable else {
            return XCTFail("expected .decoding, got \(unreadable)")
        }
        let body = decodingFailure.body
        XCTAssertFalse(String(decoding: body, as: UTF8.self).contains(token))
        errors.append(unreadable)

        XCTAssertEqual(errors.count, 6)
        for error in errors {
            var texts = renderings(of: error)
            if let body = error.responseBody { texts.append(String(decoding: body, as: UTF8.self)) }
            for text in texts { assertNoSecrets(text, token: token, "\(error)") }
        }
    }

    // MARK: The refresh token

    func testARefreshNeverShowsEitherTokenInALogLine() throws {
        let lines = LogLines()
        let options = APIClient.Options(retryPolicy: .never, logger: { lines.append($0) })
        let controller = makeAccountController(options: options)
        _ = try signUp(controller)
        let before = try XCTUnwrap(controller.tokenStore.tokens)
        server.expireAllTokens()
        XCTAssertNotNil(fetchProducts(controller)?.successValue)  // a 401, a refresh, a replay
        let after = try XCTUnwrap(controller.tokenStore.tokens)
        server.inject(
            .json(401, #"{"success":false,"refreshToken":"\#(after.refreshToken!)"}"#), path: "/api/accounts/refresh")
        server.expireAllTokens()
        XCTAssertEqual(fetchProducts(controller)?.failureError?.statusCode, 401)  // the refresh fails: logged out

        Polling.until { lines.all.count >= 6 }  // signup, 401, refresh, replay, 401, failed refresh
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 2)
        XCTAssertEqual(lines.all.filter { $0.contains("accounts/refresh") && $0.contains("refreshToken") }.count, 2)
        let secrets = [before.accessToken, before.refreshToken!, after.accessToken, after.refreshToken!]
        for line in lines.all {
            for secret in secrets { XCTAssertFalse(line.contains(secret), "a log line shows a token: \(line)") }
        }
    }

    func testRefreshTokenTypesNeverShowIt() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        let tokens = try XCTUnwrap(controller.tokenStore.tokens)
        let refreshToken = try XCTUnwrap(tokens.refreshToken)
        let file = FileTokenStore(url: folder.appendingPathComponent("token"))
        try file.setTokens(tokens)
        let json = #"{"success":true,"token":"\#(tokens.accessToken)","refreshToken":"\#(refreshToken)","expiresIn":9}"#
        let values: [Any] = [
            tokens, controller.tokenStore, file, controller,
            AccountsAPI.RefreshBody(refreshToken: Secret(refreshToken)),
            try JSONDecoder().decode(AccountsAPI.AuthReply.self, from: Data(json.utf8)),
            APIError.tokenStorage("Not a directory (errno 20)"), APIError.tooManyTokenRefreshes,
        ]
        for value in values {
            for text in renderings(of: value) {
                assertNoSecrets(text, token: tokens.accessToken, "\(type(of: value))")
                assertNoSecrets(text, token: refreshToken, "\(type(of: value))")
            }
        }
        XCTAssertEqual(
            String(describing: AuthTokens(accessToken: "a", refreshToken: "r")),
            "AuthTokens(access: <redacted>, refresh: Optional(<redacted>), expiresAt: nil)")
    }

    func testAFailedRefreshKeepsNoTokenInTheError() throws {
        let controller = makeAccountController()
        _ = try signUp(controller)
        let refreshToken = try XCTUnwrap(controller.tokenStore.tokens?.refreshToken)
        let token = try XCTUnwrap(controller.tokenStore.tokens?.accessToken)
        server.expireAllTokens()
        // A products 401 that echoes the token, then a refresh that fails: the error keeps the body without it.
        server.inject(
            .json(401, #"{"success":false,"message":"Expired","token":"\#(token)","refreshToken":"\#(refreshToken)"}"#),
            path: "/api/products")
        server.inject(.json(400, #"{"success":false,"message":"Bad"}"#), path: "/api/accounts/refresh")
        let error = try XCTUnwrap(fetchProducts(controller)?.failureError)
        XCTAssertEqual(error.statusCode, 401)
        XCTAssertEqual(error.serverMessage, "Expired")
        var texts = renderings(of: error)
        texts.append(String(decoding: error.responseBody ?? Data(), as: UTF8.self))
        for text in texts {
            assertNoSecrets(text, token: token, "the error")
            assertNoSecrets(text, token: refreshToken, "the error")
        }
    }
}
