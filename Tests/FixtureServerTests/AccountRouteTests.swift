import Foundation
import XCTest

@testable import FixtureServer

final class AccountRouteTests: FixtureTestCase {
    private func signUp(_ email: String, password: String = "secret-pw") throws -> Reply {
        try post(
            "/api/accounts/signup",
            json: #"{"email":"\#(email)","password":"\#(password)","name":"Ada","emailContent":"Welcome"}"#)
    }

    func testSignUpLogInAndFetchProducts() throws {
        let signup = try signUp("ada@example.com")
        XCTAssertEqual(signup.status, 200)
        XCTAssertEqual(try signup.object()["success"] as? Bool, true)
        XCTAssertEqual(try signup.object()["message"] as? String, "Signed up")
        XCTAssertNotNil(try signup.object()["token"] as? String)

        let login = try post("/api/accounts/login", json: #"{"email":"ada@example.com","password":"secret-pw"}"#)
        XCTAssertEqual(login.status, 200)
        XCTAssertEqual(try login.object()["message"] as? String, "Logged in")
        let token = try XCTUnwrap(try login.object()["token"] as? String)

        let products = try fetch("/api/products", headers: ["Authorization": "Bearer \(token)"])
        XCTAssertEqual(products.status, 200)
        XCTAssertEqual(try products.object()["success"] as? Bool, true)
        let list = try XCTUnwrap(try products.object()["products"] as? [[String: Any]])
        XCTAssertTrue((4...6).contains(list.count))
        for product in list {
            XCTAssertEqual(
                Set(product.keys), ["_id", "created", "name", "owner", "description", "image", "category", "__v"])
        }
    }

    func testRawTokenIsAcceptedToo() throws {
        let token = try XCTUnwrap(try signUp("raw@example.com").object()["token"] as? String)
        XCTAssertEqual(try fetch("/api/products", headers: ["Authorization": token]).status, 200)
    }

    func testSignUpMissingFieldsAndDuplicateEmail() throws {
        let cases = [
            (#"{"password":"p","name":"n"}"#, "Missing email"),
            (#"{"email":"e@x","name":"n"}"#, "Missing password"),
            (#"{"email":"e@x","password":"p"}"#, "Missing name"),
            ("not json", "Missing email"),
        ]
        for (body, message) in cases {
            let reply = try post("/api/accounts/signup", json: body)
            XCTAssertEqual(reply.status, 400, body)
            XCTAssertEqual(try reply.object()["success"] as? Bool, false)
            XCTAssertEqual(try reply.object()["message"] as? String, message)
        }
        XCTAssertEqual(try signUp("dup@example.com").status, 200)
        let duplicate = try signUp("DUP@example.com")
        XCTAssertEqual(duplicate.status, 200)
        XCTAssertEqual(try duplicate.object()["success"] as? Bool, false)
        XCTAssertEqual(try duplicate.object()["message"] as? String, "Email already registered")
        XCTAssertNil(try duplicate.object()["token"])
    }

    func testLogInFailures() throws {
        _ = try signUp("bob@example.com", password: "right")
        for body in [
            #"{"email":"bob@example.com","password":"wrong"}"#, #"{"email":"eve@example.com","password":"x"}"#,
        ] {
            let reply = try post("/api/accounts/login", json: body)
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(try reply.object()["success"] as? Bool, false)
            XCTAssertEqual(try reply.object()["message"] as? String, "Invalid email or password")
            XCTAssertFalse(reply.text.contains("right"))
        }
        let missing = try post("/api/accounts/login", json: #"{"email":"bob@example.com"}"#)
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(try missing.object()["message"] as? String, "Missing password")
    }

    func testProductsWithoutOrWithBadTokenAre401() throws {
        for headers in [[:], ["Authorization": "Bearer nope"], ["Authorization": "nope"], ["Authorization": "Bearer "]]
        {
            let reply = try fetch("/api/products", headers: headers)
            XCTAssertEqual(reply.status, 401, "\(headers)")
            XCTAssertEqual(try reply.object()["success"] as? Bool, false)
            XCTAssertEqual(try reply.object()["message"] as? String, "Unauthorized")
        }
    }

    func testTokensAreRandom128BitHexAndNotDerivedFromThePassword() throws {
        let first = try XCTUnwrap(try signUp("t1@example.com", password: "same").object()["token"] as? String)
        let second = try XCTUnwrap(try signUp("t2@example.com", password: "same").object()["token"] as? String)
        let third = try XCTUnwrap(
            try post("/api/accounts/login", json: #"{"email":"t1@example.com","password":"same"}"#).object()["token"]
                as? String)
        XCTAssertEqual(Set([first, second, third]).count, 3)
        for token in [first, second, third] {
            XCTAssertEqual(token.count, 32)
            XCTAssertTrue(token.allSatisfy(\.isHexDigit))
            XCTAssertFalse(token.contains("same"))
        }
    }

    // MARK: Tokens that expire

    /// The token, refresh token and expiresIn of a signup, login or refresh reply.
    private func tokens(_ reply: Reply, file: StaticString = #filePath, line: UInt = #line) throws
        -> (token: String, refreshToken: String, expiresIn: Int)
    {
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        let object = try reply.object(file: file, line: line)
        return (
            try XCTUnwrap(object["token"] as? String, file: file, line: line),
            try XCTUnwrap(object["refreshToken"] as? String, file: file, line: line),
            try XCTUnwrap(object["expiresIn"] as? Int, file: file, line: line)
        )
    }

    private func refresh(_ refreshToken: String) throws -> Reply {
        try post("/api/accounts/refresh", json: #"{"refreshToken":"\#(refreshToken)"}"#)
    }

    private func products(_ token: String) throws -> Reply {
        try fetch("/api/products", headers: ["Authorization": "Bearer \(token)"])
    }

    func testSignUpAndLogInAnswerARandomRefreshTokenAndTheLifetime() throws {
        let signup = try tokens(try signUp("life@example.com"))
        let login = try tokens(
            try post("/api/accounts/login", json: #"{"email":"life@example.com","password":"secret-pw"}"#))
        for issued in [signup, login] {
            XCTAssertEqual(issued.expiresIn, 900, "the default lifetime")
            XCTAssertEqual(issued.refreshToken.count, 32)
            XCTAssertTrue(issued.refreshToken.allSatisfy(\.isHexDigit))
            XCTAssertNotEqual(issued.refreshToken, issued.token)
        }
        XCTAssertEqual(Set([signup.token, signup.refreshToken, login.token, login.refreshToken]).count, 4)
    }

    func testTheLifetimeIsSetPerServer() throws {
        let short = try startExtraServer(FixtureServer(tokenLifetime: 60))
        XCTAssertEqual(short.tokenLifetime, 60)
        XCTAssertEqual(server.tokenLifetime, 900)
        let url = try XCTUnwrap(URL(string: "/api/accounts/signup", relativeTo: short.baseURL)?.absoluteString)
        let reply = try post(url, json: #"{"email":"s@example.com","password":"p","name":"S","emailContent":""}"#)
        XCTAssertEqual(try tokens(reply).expiresIn, 60)
    }

    func testAnExpiredTokenIs401InvalidToken() throws {
        let issued = try tokens(try signUp("exp@example.com"))
        XCTAssertEqual(try products(issued.token).status, 200)
        server.expireToken(issued.token)
        let expired = try products(issued.token)
        XCTAssertEqual(expired.status, 401)
        XCTAssertEqual(expired.headers["www-authenticate"], #"Bearer realm="accounts", error="invalid_token""#)
        XCTAssertEqual(try expired.object()["success"] as? Bool, false)
        XCTAssertEqual(try expired.object()["message"] as? String, "Token expired")
        let unknown = try products("0123456789abcdef0123456789abcdef")
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(unknown.headers["www-authenticate"], #"Bearer realm="accounts", error="invalid_token""#)
        XCTAssertEqual(
            try fetch("/api/products").headers["www-authenticate"], #"Bearer realm="accounts""#,
            "no token: no error code")
    }

    func testExpireAllTokensExpiresEveryIssuedTokenOnly() throws {
        let first = try tokens(try signUp("a1@example.com"))
        let second = try tokens(try signUp("a2@example.com"))
        server.expireAllTokens()
        XCTAssertEqual(try products(first.token).status, 401)
        XCTAssertEqual(try products(second.token).status, 401)
        let later = try tokens(
            try post("/api/accounts/login", json: #"{"email":"a1@example.com","password":"secret-pw"}"#))
        XCTAssertEqual(try products(later.token).status, 200)
    }

    func testATokenExpiresByItselfAfterItsLifetime() throws {
        let quick = try startExtraServer(FixtureServer(tokenLifetime: 0))
        let url = try XCTUnwrap(URL(string: "/api/accounts/signup", relativeTo: quick.baseURL)?.absoluteString)
        let issued = try tokens(
            try post(url, json: #"{"email":"q@example.com","password":"p","name":"Q","emailContent":""}"#))
        XCTAssertEqual(issued.expiresIn, 0)
        let productsURL = try XCTUnwrap(URL(string: "/api/products", relativeTo: quick.baseURL)?.absoluteString)
        XCTAssertEqual(try fetch(productsURL, headers: ["Authorization": "Bearer \(issued.token)"]).status, 401)
    }

    func testRefreshRotatesBothTokens() throws {
        let issued = try tokens(try signUp("rot@example.com"))
        server.expireToken(issued.token)
        let renewed = try tokens(try refresh(issued.refreshToken))
        let reused = try refresh(issued.refreshToken)
        XCTAssertEqual(reused.status, 401, "the first refresh token is used up")
        // RFC 9110 §15.5.2: every 401 has a challenge; the request had no Authorization, so no error code (RFC 6750 §3.1).
        XCTAssertEqual(reused.headers["www-authenticate"], #"Bearer realm="accounts""#)
        XCTAssertEqual(try refresh("0123456789abcdef").headers["www-authenticate"], #"Bearer realm="accounts""#)
        XCTAssertEqual(renewed.expiresIn, 900)
        XCTAssertNotEqual(renewed.token, issued.token)
        XCTAssertNotEqual(renewed.refreshToken, issued.refreshToken)
        XCTAssertEqual(try products(issued.token).status, 401)
    }

    func testRefreshThenProducts() throws {
        let issued = try tokens(try signUp("ok@example.com"))
        server.expireToken(issued.token)
        let reply = try refresh(issued.refreshToken)
        XCTAssertEqual(try reply.object()["success"] as? Bool, true)
        XCTAssertEqual(try reply.object()["message"] as? String, "Refreshed")
        let renewed = try tokens(reply)
        XCTAssertEqual(try products(renewed.token).status, 200)
        let again = try tokens(try refresh(renewed.refreshToken))
        XCTAssertEqual(try products(again.token).status, 200, "refreshing again works with the new refresh token")
    }

    func testReusingARefreshTokenRevokesEveryTokenOfThatLogin() throws {
        let issued = try tokens(try signUp("reuse@example.com"))
        let other = try tokens(
            try post("/api/accounts/login", json: #"{"email":"reuse@example.com","password":"secret-pw"}"#))
        let renewed = try tokens(try refresh(issued.refreshToken))
        XCTAssertEqual(try products(renewed.token).status, 200)

        let reused = try refresh(issued.refreshToken)
        XCTAssertEqual(reused.status, 401)
        XCTAssertEqual(try reused.object()["success"] as? Bool, false)
        XCTAssertFalse(reused.text.contains(renewed.token))
        XCTAssertEqual(try products(renewed.token).status, 401, "the access token of the login is revoked")
        XCTAssertEqual(try refresh(renewed.refreshToken).status, 401, "so is its refresh token")
        XCTAssertEqual(try products(other.token).status, 200, "another login of the same account is kept")
        XCTAssertEqual(try tokens(try refresh(other.refreshToken)).expiresIn, 900)
    }

    func testRefreshWithAMissingOrUnknownTokenFails() throws {
        for body in ["{}", #"{"refreshToken":""}"#, "not json"] {
            let reply = try post("/api/accounts/refresh", json: body)
            XCTAssertEqual(reply.status, 400, body)
            XCTAssertEqual(try reply.object()["message"] as? String, "Missing refreshToken")
        }
        let unknown = try refresh("0123456789abcdef0123456789abcdef")
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(try unknown.object()["message"] as? String, "Invalid refresh token")
        XCTAssertEqual(server.requestCount(path: "/api/accounts/refresh"), 4)
    }
}
