import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 2xx bodies that do not decode, served by the fixture server: the key path Foundation gave (never an
/// invented one), expected vs found with the value's first bytes, and the model fix the body shows.
final class DecodingErrorMessageTests: MessageScenarioTestCase {
    private func decoding(_ mistake: String) async throws -> (APIError, DecodingFailure) {
        let (error, _) = try await run(mistake)
        guard case .decoding(let decodingFailure) = error else {
            XCTFail("expected .decoding, got \(error)")
            throw error
        }
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("http://127.0.0.1:"), "the URL: \(text)")
        XCTAssertFalse(text.contains(".."), text)
        XCTAssertNotNil(error.failureReason)
        XCTAssertNotNil(error.recoverySuggestion)
        XCTAssertFalse(error.debugDescription.contains("{"), "print(error) shows no JSON: \(error)")
        XCTAssertFalse(error.description.contains("\"fix\":"), "print(error) shows no JSON: \(error)")
        return (error, decodingFailure)
    }

    func testSnakeCaseKeysNameConvertFromSnakeCaseAndCodingKeys() async throws {
        let (error, facts) = try await decoding("snake_case keys, camelCase properties")
        XCTAssertEqual(facts.fix, .convertFromSnakeCase(property: "releaseDate", jsonKey: "release_date"))
        let fix = try XCTUnwrap(error.recoverySuggestion)
        XCTAssertTrue(fix.contains("keyDecodingStrategy = .convertFromSnakeCase"), fix)
        XCTAssertTrue(fix.contains("case releaseDate = \"release_date\""), fix)
        XCTAssertTrue(error.localizedDescription.contains("\"releaseDate\""), error.localizedDescription)
    }

    func testAnArrayWrappedInAnObjectNamesTheWrapper() async throws {
        let (error, facts) = try await decoding("An array wrapped in an object (`{\"results\": [...]}`)")
        XCTAssertEqual(facts.fix, .wrapper(field: "results"))
        XCTAssertEqual(facts.codingPath, "", "the root value really is the object")
        XCTAssertTrue(error.recoverySuggestion?.contains("let results: [YourModel]") ?? false)
        XCTAssertTrue(error.localizedDescription.contains("found an object {\"page\":1"), error.localizedDescription)
    }

    func testAMissingKeySaysOptionalOrDefault() async throws {
        let (error, facts) = try await decoding("A key the server leaves out")
        XCTAssertEqual(facts.fix, .optional(property: "nickname", type: nil))
        XCTAssertTrue(error.localizedDescription.contains("\"nickname\" is missing"), error.localizedDescription)
        XCTAssertTrue(error.recoverySuggestion?.contains("optional") ?? false)
    }

    func testANullNamesItsPathAndOptional() async throws {
        let (error, facts) = try await decoding("A null where the model has no optional")
        XCTAssertEqual(facts.codingPath, "nickname")
        XCTAssertTrue(error.recoverySuggestion?.contains("let nickname: String?") ?? false)
    }

    func testANumberInAStringShowsTheValueAndTheConversion() async throws {
        let (error, facts) = try await decoding("A number sent as a string")
        XCTAssertEqual(facts.fix, .numberInString(property: "price"))
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("at `price`: expected `Double`, found a string \"2.50\""), text)
    }

    func testAnISODateWithNoStrategyNamesIso8601() async throws {
        let (error, facts) = try await decoding("An ISO-8601 date and no date strategy")
        XCTAssertEqual(facts.fix, .dateStrategy(.iso8601))
        XCTAssertTrue(error.recoverySuggestion?.contains("dateDecodingStrategy = .iso8601") ?? false)
    }

    func testADateFormatErrorNeverClaimsATopLevelFoundationDidNotGive() async throws {
        let (error, facts) = try await decoding("A `yyyy-MM-dd` date read with `.iso8601`")
        let text = error.localizedDescription
        XCTAssertFalse(text.contains("top level"), text)
        if facts.codingPath == nil {  // Linux's Foundation gives no path for this error
            XCTAssertTrue(text.contains("the coding path is unknown"), text)
            XCTAssertTrue(text.contains("\"released\" holds \"2024-05-01\""), "the body's likely value: \(text)")
        } else {
            XCTAssertEqual(facts.codingPath, "released")
        }
        XCTAssertEqual(facts.fix, .dateStrategy(.yearMonthDay))
        XCTAssertTrue(error.recoverySuggestion?.contains("\"yyyy-MM-dd\"") ?? false)
    }

    func testAnHTMLPageIsNamedByItsTitle() async throws {
        let (error, facts) = try await decoding("An HTML page with status 200 (a wrong base URL)")
        guard case .htmlPage(let title, _) = facts.problem else { return XCTFail("\(facts.problem)") }
        XCTAssertEqual(title, "Welcome to nginx!")
        XCTAssertTrue(error.localizedDescription.contains("titled \"Welcome to nginx!\""), error.localizedDescription)
        XCTAssertTrue(error.recoverySuggestion?.contains("base URL") ?? false)
    }

    func testAnEmptyBodySaysVoid() async throws {
        let (error, facts) = try await decoding("An empty 200 where JSON was expected")
        XCTAssertEqual(facts.problem, .emptyBody)
        XCTAssertTrue(error.recoverySuggestion?.contains("Endpoint<Void>") ?? false)
    }

    func testATimestampWhereADateStringWasExpectedNamesSecondsSince1970() {
        struct Event: Decodable { let createdAt: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for (body, format) in [
            (#"{"createdAt":1714557600}"#, ".secondsSince1970"),
            (#"{"createdAt":1714557600000}"#, ".millisecondsSince1970"),
        ] {
            var caught: (any Error)?
            do { _ = try decoder.decode(Event.self, from: Data(body.utf8)) } catch { caught = error }
            let error = APIError.decoding(DecodingFailure(caught!, body: Data(body.utf8), status: 200))
            XCTAssertTrue(error.recoverySuggestion?.contains(format) ?? false, error.localizedDescription)
        }
    }

    /// A missing key whose meaning the object holds under another name (`title` for `name`): the message
    /// names the unread key and the `CodingKeys` case, in every language.
    func testAMissingKeyNamesTheLikelyUnreadKey() {
        struct Dish: Decodable { let id: Int; let name: String }
        let body = Data(#"{"id": 1, "title": "Soup", "price": 3.5}"#.utf8)
        var caught: (any Error)?
        do { _ = try JSONDecoder().decode(Dish.self, from: body) } catch { caught = error }
        let failure = DecodingFailure(caught!, body: body, status: 200)
        XCTAssertEqual(failure.fix, .likelyKey(property: "name", jsonKey: "title"))
        let error = APIError.decoding(failure)
        let english = error.explanation(in: .english)
        XCTAssertTrue(english.why.contains("\"title\""), english.why)
        XCTAssertTrue(english.fix.contains("case name = \"title\""), english.fix)
        for language in APIError.MessageLanguage.allCases {
            let text = error.explanation(in: language).description
            XCTAssertTrue(text.contains("title"), "\(language): \(text)")
            XCTAssertTrue(text.contains("case name = \"title\""), "\(language): \(text)")
        }
        // The control: with no likely synonym, the fix stays an optional.
        let other = Data(#"{"id": 1, "colour": "red"}"#.utf8)
        do { _ = try JSONDecoder().decode(Dish.self, from: other) } catch { caught = error }
        XCTAssertEqual(DecodingFailure(caught!, body: other).fix, .optional(property: "name", type: nil))
    }

    func testASecretFieldsValueIsNotShown() {
        struct Login: Decodable { let token: Int }
        let body = Data(#"{"token":"tok-SECRET-123"}"#.utf8)
        var caught: (any Error)?
        do { _ = try JSONDecoder().decode(Login.self, from: body) } catch { caught = error }
        let error = APIError.decoding(DecodingFailure(caught!, body: body, status: 200))
        XCTAssertFalse(error.localizedDescription.contains("tok-SECRET-123"), error.localizedDescription)
        XCTAssertFalse(error.description.contains("tok-SECRET-123"), error.description)
        XCTAssertTrue(error.localizedDescription.contains("at `token`"), error.localizedDescription)
    }

    func testADescriptionTheClientDidNotWriteIsShownAsItIs() {
        let error = APIError.decoding(
            DecodingFailure(problem: .other(detail: "type mismatch at items[1].price"), body: Data("{}".utf8)))
        XCTAssertTrue(error.localizedDescription.contains("type mismatch at items[1].price"))
        XCTAssertNotNil(error.recoverySuggestion)
    }
}
