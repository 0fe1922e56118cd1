import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The mistakes a new user makes that the messages now name, each made over a socket against the
/// fixture server: a base URL without `http://`, with `htp://`, with a space in its host, and with a
/// path but no trailing slash (which works); `.convertFromSnakeCase` with snake_case `CodingKeys`; the
/// request logger's size of an HTML error page; and the table's own reason phrases.
final class LearnerMistakeMessageTests: MessageScenarioTestCase {
    private func client(_ base: URL, logger: RequestLogger? = nil, decoder: JSONDecoder = JSONDecoder()) -> APIClient {
        APIClient(
            baseURL: base, session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 10, retryPolicy: .never, logger: logger, decoder: decoder))
    }

    private func failure<T: Decodable & Sendable>(_ endpoint: Endpoint<T>, on client: APIClient) async -> APIError? {
        do {
            _ = try await client.send(endpoint)
            return nil
        } catch { return error }
    }

    private var hostPort: String { "127.0.0.1:\(servers.fixture.port)" }

    func testABaseURLWithoutSchemeNamesItAndSaysHTTP() async throws {
        // `URL(string: "127.0.0.1:8090/")` is `nil`; `localhost:8090/` is a URL whose scheme is `localhost`.
        let hostPort = "localhost:\(servers.fixture.port)"
        let base = try XCTUnwrap(URL(string: "\(hostPort)/"))
        let errorFailure = await failure(Endpoint<[String: [String]]>("categories"), on: client(base))
        let error = try XCTUnwrap(errorFailure)
        XCTAssertEqual(error.invalidReason, .baseURLWithoutScheme(baseURL: "\(hostPort)/"), "\(error)")
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("\"\(hostPort)/\""), "the base URL as given: \(text)")
        XCTAssertTrue(text.contains("`http://`"), text)
        XCTAssertTrue(text.contains("URL(string: \"http://\(hostPort)/\")"), text)
        XCTAssertFalse(text.contains("endpoint's path"), "not the path's fault: \(text)")
        XCTAssertEqual(servers.fixture.requestCount(path: "/categories"), 0, "nothing sent")
        // The control: with its scheme, the same base URL works.
        let fixed = try XCTUnwrap(URL(string: "http://\(hostPort)/"))
        let answer = try await client(fixed).send(Endpoint<[String: [String]]>("categories"))
        XCTAssertEqual(answer["categories"]?.count, 6)
    }

    func testAMisspelledSchemeIsNamed() async throws {
        let base = try XCTUnwrap(URL(string: "htp://\(hostPort)/"))
        let errorFailure = await failure(Endpoint<[String: [String]]>("categories"), on: client(base))
        let error = try XCTUnwrap(errorFailure)
        XCTAssertEqual(error.invalidReason, .baseURLScheme(baseURL: "htp://\(hostPort)/", scheme: "htp"))
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("\"htp\""), text)
        XCTAssertTrue(text.contains("`http`"), text)
        XCTAssertEqual(servers.fixture.requestCount(path: "/categories"), 0)
    }

    func testASpaceInTheHostIsNamed() async throws {
        // `URL(string:)` refuses a literal space on Linux; a space percent-encoded reaches the client.
        let base = try XCTUnwrap(URL(string: "http://local%20host:\(servers.fixture.port)/"))
        let errorFailure = await failure(Endpoint<[String: [String]]>("categories"), on: client(base))
        let error = try XCTUnwrap(errorFailure)
        guard case .baseURLHostSpace? = error.invalidReason else { return XCTFail("\(error)") }
        XCTAssertTrue(error.localizedDescription.contains("\"local host\""), error.localizedDescription)
    }

    func testABaseURLWithAPathButNoTrailingSlashKeepsItsPath() async throws {
        let base = try XCTUnwrap(URL(string: "http://\(hostPort)/api"))
        struct Wrapped: Decodable, Sendable { let data: [String: JSONScalar] }
        let answer = try await client(base).send(Endpoint<Wrapped>("users/2"))
        XCTAssertNotNil(answer.data["email"])
        XCTAssertEqual(servers.fixture.requestCount(path: "/api/users/2"), 1)
    }

    func testConvertFromSnakeCaseWithSnakeCaseCodingKeysSaysToDropTheRawValue() async throws {
        struct Person: Decodable, Sendable {
            let firstName: String
            enum CodingKeys: String, CodingKey { case firstName = "first_name" }
        }
        struct Envelope: Decodable, Sendable { let data: Person }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let base = try XCTUnwrap(URL(string: "http://\(hostPort)/api/"))
        let errorFailure = await failure(Endpoint<Envelope>("users/2"), on: client(base, decoder: decoder))
        let error = try XCTUnwrap(errorFailure)
        let explanation = error.explanation()
        XCTAssertTrue(explanation.what.contains("\"first_name\""), explanation.what)
        XCTAssertTrue(explanation.why.contains("`.convertFromSnakeCase`"), explanation.why)
        XCTAssertTrue(explanation.fix.contains("`case firstName`"), explanation.fix)
        XCTAssertFalse(
            explanation.fix.contains("`case firstName = \"first_name\"`"),
            "not the advice that caused it: \(explanation.fix)")
    }

    func testTheLoggerShowsTheSizeOfAnHTMLErrorPageNotOfItsPlaceholder() async throws {
        let lines = Locked<[String]>([])
        servers.fixture.inject(.html500, path: "/categories", times: nil)
        let base = try XCTUnwrap(URL(string: "http://\(hostPort)/"))
        let logging = client(base, logger: { line in lines.withLock { $0.append(line) } })
        let errorFailure = await failure(Endpoint<[String: [String]]>("categories"), on: logging)
        let error = try XCTUnwrap(errorFailure)
        let size = try XCTUnwrap(error.responseBody).count
        let line = try XCTUnwrap(lines.withLock { $0.first })
        XCTAssertTrue(line.contains("response: <\(size) bytes>"), "the page's size: \(line)")
        XCTAssertFalse(line.contains("response: <\("<\(size) bytes>".count) bytes>"), line)
    }

    func testReasonPhrasesAreTheTablesOwn() async throws {
        servers.fixture.inject(.json(422, #"{"error":"bad"}"#), path: "/categories")
        servers.fixture.inject(.json(418, #"{"error":"short and stout"}"#), path: "/menu")
        let base = try XCTUnwrap(URL(string: "http://\(hostPort)/"))
        let unprocessableFailure = await failure(Endpoint<Data>("categories"), on: client(base))
        let unprocessable = try XCTUnwrap(unprocessableFailure)
        XCTAssertTrue(unprocessable.localizedDescription.contains("422 (Unprocessable Content)"))
        let teapotFailure = await failure(Endpoint<Data>("menu"), on: client(base))
        let teapot = try XCTUnwrap(teapotFailure)
        XCTAssertTrue(teapot.localizedDescription.contains("418 (I'm a teapot)"), teapot.localizedDescription)
        XCTAssertEqual(EnglishReasonPhrases.phrase(599), "Server Error")
    }
}

/// A JSON value of a user's fields, for a test that reads any of them.
private enum JSONScalar: Decodable, Sendable {
    case text(String), number(Double), other
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .other
        }
    }
}

extension APIError {
    /// The problem of an ``APIError/invalidRequest(_:)``, else `nil`.
    fileprivate var invalidReason: RequestProblem? {
        if case .invalidRequest(let reason) = self { return reason }
        return nil
    }
}
