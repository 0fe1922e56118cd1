import Foundation
import XCTest

@testable import FixtureServer

final class ReqresRouteTests: FixtureTestCase {
    private let names = [
        "George Bluth", "Janet Weaver", "Emma Wong", "Eve Holt", "Charles Morris", "Tracey Ramos",
        "Michael Lawson", "Lindsay Ferguson", "Tobias Funke", "Byron Fields", "George Edwards", "Rachel Howell",
    ]

    func testUsersPagesHaveReqresShape() throws {
        let first = try fetch("/api/users").object()
        XCTAssertEqual(first["page"] as? Int, 1)
        XCTAssertEqual(first["per_page"] as? Int, 6)
        XCTAssertEqual(first["total"] as? Int, 12)
        XCTAssertEqual(first["total_pages"] as? Int, 2)
        XCTAssertNotNil((first["support"] as? [String: Any])?["url"] as? String)
        XCTAssertNotNil((first["support"] as? [String: Any])?["text"] as? String)
        let second = try fetch("/api/users?page=2").object()
        let users = ((first["data"] as? [[String: Any]]) ?? []) + ((second["data"] as? [[String: Any]]) ?? [])
        XCTAssertEqual(users.map { "\($0["first_name"] ?? "") \($0["last_name"] ?? "")" }, names)
        XCTAssertEqual(users.first?["email"] as? String, "george.bluth@reqres.in")
        XCTAssertEqual(users.last?["avatar"] as? String, "https://reqres.in/img/faces/12-image.jpg")
        XCTAssertEqual(Set(users.first?.keys.map { $0 } ?? []), ["id", "email", "first_name", "last_name", "avatar"])
    }

    func testPageBeyondTheLastHasEmptyData() throws {
        let page = try fetch("/api/users?page=3").object()
        XCTAssertEqual(page["page"] as? Int, 3)
        XCTAssertEqual(page["total_pages"] as? Int, 2)
        XCTAssertEqual((page["data"] as? [Any])?.count, 0)
    }

    func testZeroNegativeAndNonNumericPagesArePageOne() throws {
        for page in ["0", "-1", "abc", ""] {
            let object = try fetch("/api/users?page=\(page)").object()
            XCTAssertEqual(object["page"] as? Int, 1, page)
            XCTAssertEqual(((object["data"] as? [[String: Any]])?.first)?["id"] as? Int, 1, page)
        }
    }

    func testPerPageIsHonoured() throws {
        let object = try fetch("/api/users?page=2&per_page=5").object()
        XCTAssertEqual(object["per_page"] as? Int, 5)
        XCTAssertEqual(object["total_pages"] as? Int, 3)
        XCTAssertEqual((object["data"] as? [[String: Any]])?.map { $0["id"] as? Int }, [6, 7, 8, 9, 10])
    }

    func testSingleUserAndMissingUser() throws {
        let reply = try fetch("/api/users/2")
        XCTAssertEqual(reply.status, 200)
        let data = try XCTUnwrap(try reply.object()["data"] as? [String: Any])
        XCTAssertEqual(data["email"] as? String, "janet.weaver@reqres.in")
        XCTAssertNotNil(try reply.object()["support"])
        for id in ["23", "0", "abc"] {
            let missing = try fetch("/api/users/\(id)")
            XCTAssertEqual(missing.status, 404, id)
            XCTAssertEqual(missing.text, "{}", id)
        }
    }

    func testCreateUserEchoesBodyWithIdAndCreatedAt() throws {
        let reply = try post("/api/users", json: #"{"name":"morpheus","job":"leader"}"#)
        XCTAssertEqual(reply.status, 201)
        let object = try reply.object()
        XCTAssertEqual(object["name"] as? String, "morpheus")
        XCTAssertEqual(object["job"] as? String, "leader")
        let id = try XCTUnwrap(object["id"] as? String)
        XCTAssertFalse(id.isEmpty)
        XCTAssertTrue(id.allSatisfy(\.isNumber), id)
        let createdAt = try XCTUnwrap(object["createdAt"] as? String)
        XCTAssertNotNil(
            createdAt.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression))
        let date = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(createdAt)
        XCTAssertLessThan(abs(date.timeIntervalSinceNow), 120)
    }

    func testPutAndPatchEchoBodyWithUpdatedAt() throws {
        for method in ["PUT", "PATCH"] {
            let reply = try post("/api/users/2", json: #"{"name":"morpheus","job":"zion resident"}"#, method: method)
            XCTAssertEqual(reply.status, 200, method)
            let object = try reply.object()
            XCTAssertEqual(object["job"] as? String, "zion resident")
            XCTAssertNotNil(object["updatedAt"] as? String)
            XCTAssertNil(object["id"])
        }
    }

    func testDeleteUserIs204WithEmptyBody() throws {
        let response = try rawExchange("DELETE /api/users/2 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(response.status, 204)
        XCTAssertTrue(response.body.isEmpty)
        XCTAssertEqual(try fetch("/api/users/2", method: "DELETE").status, 204)
    }

    func testLoginAnswersTokenOrReqresErrors() throws {
        let ok = try post("/api/login", json: #"{"email":"eve.holt@reqres.in","password":"cityslicka"}"#)
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(try ok.object()["token"] as? String, "QpwL5tke4Pnpja7X4")
        let cases = [
            (#"{"email":"peter@klaven"}"#, "Missing password"),
            (#"{"password":"x"}"#, "Missing email or username"),
            ("{}", "Missing email or username"),
            (#"{"email":"nobody@reqres.in","password":"x"}"#, "user not found"),
        ]
        for (body, message) in cases {
            let reply = try post("/api/login", json: body)
            XCTAssertEqual(reply.status, 400, body)
            XCTAssertEqual(try reply.object()["error"] as? String, message, body)
        }
    }

    func testRegisterOnlyDefinedUsers() throws {
        let ok = try post("/api/register", json: #"{"email":"eve.holt@reqres.in","password":"pistol"}"#)
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(try ok.object()["id"] as? Int, 4)
        XCTAssertEqual(try ok.object()["token"] as? String, "QpwL5tke4Pnpja7X4")
        let unknown = try post("/api/register", json: #"{"email":"sydney@fife","password":"x"}"#)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(try unknown.object()["error"] as? String, "Note: Only defined users succeed registration")
        let missing = try post("/api/register", json: #"{"email":"sydney@fife"}"#)
        XCTAssertEqual(try missing.object()["error"] as? String, "Missing password")
    }

    func testDelayParameterWaits() throws {
        let started = Date()
        let reply = try fetch("/api/users/2?delay=0.4")
        XCTAssertEqual(reply.status, 200)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.35)
        let quick = Date()
        XCTAssertEqual(try fetch("/api/users?delay=0").status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(quick), 10)
    }
}
