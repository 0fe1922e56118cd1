import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers outside 200–299 from the fixture server: the server's own message from the usual shapes,
/// "log in again" only when a credential was sent, HTML pages named by their title.
final class HTTPErrorMessageTests: MessageScenarioTestCase {
    func testA404QuotesTheServerAndTheReportNamesTheURL() async throws {
        let (error, report) = try await run("A wrong path (404 with the server's `error`)")
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertNotNil(error.serverMessage)
        XCTAssertTrue(error.localizedDescription.contains("404"), error.localizedDescription)
        XCTAssertTrue(error.recoverySuggestion?.contains("path") ?? false)
        let explanation = try XCTUnwrap(report?.explanation)
        XCTAssertTrue(explanation.what.contains("/api/no-such-route"), explanation.what)
    }

    func testATMDBStyle401QuotesTheServerAndSaysToCheckTheAPIKeyNotToLogIn() async throws {
        let (error, report) = try await run("A TMDB-style 401: the API key is missing or wrong")
        XCTAssertEqual(error.serverMessage, "Invalid API key: You must be granted a valid key.")
        for explanation in [error.explanation(), try XCTUnwrap(report?.explanation)] {
            XCTAssertTrue(explanation.what.contains("\"Invalid API key: You must be granted a valid key.\""))
            XCTAssertTrue(explanation.fix.contains("Check the API key"), explanation.fix)
            XCTAssertTrue(explanation.fix.contains("api_key"), "where it goes: \(explanation.fix)")
            XCTAssertFalse(explanation.description.lowercased().contains("log in again"), explanation.description)
            XCTAssertFalse(explanation.description.contains(".."), explanation.description)
        }
    }

    func testA401ToARequestThatCarriedATokenSaysToLogInAgainAndShowsNoToken() async throws {
        let (error, report) = try await run("A 401 to a request that carried a token")
        let explanation = try XCTUnwrap(report?.explanation)
        XCTAssertTrue(explanation.fix.hasPrefix("Log in again"), explanation.fix)
        XCTAssertTrue(explanation.why.contains("credential this client sent"), explanation.why)
        for text in [explanation.description, error.localizedDescription, error.description] {
            XCTAssertFalse(text.contains("TOKEN-SECRET-77"), text)
        }
        // Without the request, the error alone cannot know a credential was sent: both fixes are named.
        XCTAssertTrue(error.recoverySuggestion?.contains("Authorization: Bearer") ?? false)
    }

    func testA401WithoutACredentialNamesWhereTheKeyGoesAndNeverSaysLogInAgain() throws {
        let error = APIError.httpStatus(code: 401, body: APIError.Body(data: Data(#"{"message":"Unauthorized"}"#.utf8)))
        let request = URLRequest(url: URL(string: "http://127.0.0.1:8090/api/products")!)
        let explanation = error.explanation(for: request)
        XCTAssertTrue(explanation.why.contains("no credential"), explanation.why)
        XCTAssertTrue(explanation.fix.contains("Authorization: Bearer <token>"), explanation.fix)
        XCTAssertFalse(explanation.description.lowercased().contains("log in again"), explanation.description)
        var keyed = URLRequest(url: URL(string: "http://127.0.0.1:8090/api/products?api_key=abc123")!)
        keyed.timeoutInterval = 5
        XCTAssertTrue(error.explanation(for: keyed).fix.hasPrefix("Log in again"), "an api_key was sent")
        XCTAssertFalse(error.explanation(for: keyed).description.contains("abc123"))
    }

    func testProblemJSONAndErrorsArrayAreQuoted() async throws {
        let (problem, _) = try await run("A 422 in RFC 9457 problem+json")
        XCTAssertEqual(problem.serverMessage, "Invalid field: email must contain @")
        XCTAssertTrue(problem.localizedDescription.contains("email must contain @"), problem.localizedDescription)
        let (errors, _) = try await run("A 400 with `errors[0].message`")
        XCTAssertEqual(errors.serverMessage, "query must not be empty")
        XCTAssertTrue(errors.recoverySuggestion?.contains("parameters") ?? false)
    }

    func testAnHTML500IsNamedAsHTMLWithItsTitleAndTheLoggerCountsItsRealSize() async throws {
        let lines = Locked<[String]>([])
        servers.fixture.inject(.html500, path: "/categories", times: nil)
        let options = APIClient.Options(
            timeout: 10, retryPolicy: .never, logger: { line in lines.withLock { $0.append(line) } })
        let client = APIClient(
            baseURL: servers.fixture.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: options)
        var caught: APIError?
        do { _ = try await client.send(Endpoint<Data>("categories")) } catch { caught = error }
        let error = try XCTUnwrap(caught)
        let body = try XCTUnwrap(error.responseBody)
        XCTAssertGreaterThan(body.count, 100, "the fixture's HTML page")
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("HTML page"), text)
        XCTAssertTrue(text.contains("titled \"500 Internal Server Error\""), text)
        XCTAssertTrue(text.contains("beginning \""), "the first words: \(text)")
        let line = try XCTUnwrap(lines.withLock { $0.first })
        XCTAssertTrue(
            line.contains("received \(body.count) bytes"), "the body's real size, not the placeholder's: \(line)")
        let placeholder = "<\(body.count) bytes>"  // what the redacted body reads, whose size was logged before
        XCTAssertFalse(line.contains("received \(placeholder.count) bytes"), line)
    }

    func testServerMessageShapes() {
        func message(_ text: String) -> String? {
            APIError.httpStatus(code: 400, body: APIError.Body(data: Data(text.utf8))).serverMessage
        }
        XCTAssertEqual(message(#"{"status_code":7,"status_message":"Invalid API key"}"#), "Invalid API key")
        XCTAssertEqual(message(#"{"detail":"Not found."}"#), "Not found.")
        XCTAssertEqual(message(#"{"title":"Bad","detail":"x must be > 0"}"#), "Bad: x must be > 0")
        XCTAssertEqual(message(#"{"title":"Forbidden"}"#), "Forbidden")
        XCTAssertEqual(message(#"{"errors":[{"message":"first"},{"message":"second"}]}"#), "first")
        XCTAssertEqual(
            message(#"{"error":{"code":401,"message":"Request had invalid credentials"}}"#),
            "Request had invalid credentials")
        XCTAssertEqual(message(#"{"error":"wins","status_message":"loses"}"#), "wins", "the old shapes come first")
        XCTAssertNil(message(#"{"errors":[]}"#))
        XCTAssertNil(message(#"{"detail":"   "}"#))
    }
}
