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
}
