import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `Secret` on its own: never shown, the plain string on the wire; and `Redaction.error`, which cleans
/// the bodies errors keep.
final class SecretTests: XCTestCase {
    private struct Login: Codable, Equatable {
        let email: String
        let password: Secret
    }

    func testNoRenderingShowsTheSecret() {
        let login = Login(email: "ann@example.com", password: Secret("hunter2"))
        var dumped = ""
        dump(login, to: &dumped)
        let texts = [
            String(describing: login.password), String(reflecting: login.password), "\(login.password)",
            String(describing: login), String(reflecting: login), dumped,
        ]
        for text in texts {
            XCTAssertFalse(text.contains("hunter2"), text)
            XCTAssertTrue(text.contains("<redacted>"), text)
        }
        XCTAssertEqual(String(describing: login.password), "<redacted>")
        XCTAssertTrue(String(describing: login).contains("ann@example.com"), "only the secret is hidden")
        XCTAssertTrue(Mirror(reflecting: login.password).children.isEmpty)
    }

    func testOnTheWireItIsThePlainString() throws {
        let login = Login(email: "ann@example.com", password: Secret("hunter2"))
        let data = try JSONEncoder().encode(login)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: String])
        XCTAssertEqual(object, ["email": "ann@example.com", "password": "hunter2"])
        XCTAssertEqual(try JSONDecoder().decode(Login.self, from: data), login)
        XCTAssertThrowsError(try JSONDecoder().decode(Secret.self, from: Data("42".utf8)), "a number is no secret")
    }

    func testEqualityAndHashingUseTheValue() {
        XCTAssertEqual(Secret("a"), Secret("a"))
        XCTAssertNotEqual(Secret("a"), Secret("b"))
        XCTAssertEqual(Set([Secret("a"), Secret("a"), Secret("b")]).count, 2)
        XCTAssertEqual(Secret("a").value, "a")
    }

    func testRedactionCleansTheBodiesErrorsKeep() {
        let body = Data(#"{"message":"Expired","token":"tk-1","nested":{"refreshToken":"rt-2"}}"#.utf8)
        for error in [
            APIError.httpStatus(code: 401, body: APIError.Body(data: body)),
            APIError.decoding(DecodingFailure(problem: .other(detail: "d"), body: body)),
        ] {
            let cleaned = Redaction.error(error)
            let text = String(decoding: cleaned.responseBody ?? Data(), as: UTF8.self)
            XCTAssertFalse(text.contains("tk-1"), text)
            XCTAssertFalse(text.contains("rt-2"), text)
            XCTAssertEqual(cleaned.serverMessage, "Expired", "the server's message stays readable")
            XCTAssertEqual(cleaned.statusCode, error.statusCode)
        }
        let notJSON = Redaction.error(.httpStatus(code: 500, body: APIError.Body(data: Data("token=tk-3".utf8))))
        XCTAssertEqual(notJSON.responseBody, Data("<10 bytes>".utf8))
        XCTAssertEqual(Redaction.error(.httpStatus(code: 500, body: APIError.Body(data: Data()))).responseBody, Data())
        XCTAssertEqual(Redaction.error(.timedOut), .timedOut)
    }
}
