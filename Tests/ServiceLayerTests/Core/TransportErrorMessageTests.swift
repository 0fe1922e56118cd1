import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Transport failures made for real (a closed port, https to a plain server, a cut body, a slow
/// server): each message names the URL, the host and port where it matters, and its own fix.
final class TransportErrorMessageTests: MessageScenarioTestCase {
    /// Every text a learner or a log can see of `error` and its report.
    private func texts(_ error: APIError, _ report: ExchangeReport?) -> [String] {
        var texts = [
            error.errorDescription ?? "", error.failureReason ?? "", error.recoverySuggestion ?? "",
            error.localizedDescription, error.description, String(describing: error),
        ]
        if let explanation = report?.explanation { texts.append(explanation.description) }
        if case .transport(let urlError) = error { texts.append(urlError.failingURL?.absoluteString ?? "") }
        return texts
    }

    func testTheControlCallSucceedsOnTheSameServer() async throws {
        let reports = Locked<[ExchangeReport]>([])
        let categories = try await servers.client(reports: reports).send(Endpoint<Data>("categories"))
        XCTAssertFalse(categories.isEmpty, "the fixture server answers: the failures below are the mistakes'")
    }

    func testARefusedConnectionNamesTheURLTheHostAndPortAndSaysToStartTheServer() async throws {
        let (error, report) = try await run("The server is not running, or the port is wrong")
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertEqual(urlError.code, .cannotConnectToHost)
        let port = try XCTUnwrap(servers.closedPort.port)
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("http://127.0.0.1:\(port)/menu"), text)
        XCTAssertTrue(text.contains("at 127.0.0.1:\(port)"), "host:port named: \(text)")
        XCTAssertTrue(error.recoverySuggestion?.contains("Start your local server") ?? false, text)
        XCTAssertTrue(error.recoverySuggestion?.contains("port") ?? false, text)
        XCTAssertEqual(error, .transport(URLError(.cannotConnectToHost)), "equal to the bare code, as before")
        XCTAssertEqual(report?.explanation?.what, error.explanation().what)
    }

    func testAHostThatDoesNotExistNamesTheHostAndSaysToCheckItsSpelling() async throws {
        let (error, _) = try await run("A host name that does not exist")
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertTrue([.cannotFindHost, .dnsLookupFailed].contains(urlError.code), "\(urlError.code)")
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("http://restaurant-server.invalid:8090/menu"), text)
        XCTAssertTrue(error.recoverySuggestion?.contains("host name") ?? false, text)
        XCTAssertFalse(text.contains("Start your local server"), "not the advice for a refused connection")
    }

    func testNoSecretOfTheURLAppearsInAnyText() async throws {
        let (error, report) = try await run("An API key in the query and a password in the URL, port closed")
        XCTAssertEqual(error, .transport(URLError(.cannotConnectToHost)))
        for text in texts(error, report) {
            XCTAssertFalse(text.contains(MessageScenarios.queryKey), text)
            XCTAssertFalse(text.contains(MessageScenarios.password), text)
            XCTAssertFalse(text.contains("learner@"), "no user info: \(text)")
            XCTAssertFalse(text.contains("api_key"), "no query at all: \(text)")
        }
        XCTAssertTrue(error.localizedDescription.contains("/search"), error.localizedDescription)
    }

    func testHTTPSToAPlainServerSaysToCheckTheScheme() async throws {
        let (error, report) = try await run("`https://` to a plain-HTTP server that waits")
        // Linux's URLSession (curl) waits for a TLS answer until the timeout; Apple's fails the handshake.
        switch error {
        case .timedOut:
            let explanation = try XCTUnwrap(report?.explanation)
            XCTAssertTrue(explanation.what.contains("https://127.0.0.1:"), explanation.what)
            XCTAssertTrue(explanation.what.contains("1 s"), "the timeout's value: \(explanation.what)")
            XCTAssertTrue(explanation.why.contains("`https://` URL to a plain-HTTP server"), explanation.why)
            XCTAssertTrue(explanation.fix.contains("scheme"), explanation.fix)
        case .transport(let urlError):
            XCTAssertTrue([.secureConnectionFailed, .badServerResponse].contains(urlError.code), "\(urlError.code)")
            XCTAssertTrue(error.localizedDescription.contains("http"), error.localizedDescription)
        default:
            XCTFail("expected a timeout or a TLS failure, got \(error)")
        }
    }

    func testHTTPSToAServerAnsweringInPlainHTTPSaysToUseHTTP() async throws {
        let (error, _) = try await run("`https://` to a server that answers in plain HTTP")
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        // Linux: URLError.unknown with OpenSSL's "wrong version number"; Apple: secureConnectionFailed.
        XCTAssertTrue([.unknown, .secureConnectionFailed].contains(urlError.code), "\(urlError.code)")
        let port = try XCTUnwrap(servers.plainAnswer.port)
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("https://127.0.0.1:\(port)/categories"), text)
        XCTAssertTrue(error.recoverySuggestion?.contains("`http://`") ?? false, text)
        XCTAssertFalse(text.contains("cut short"), "not mistaken for a cut body: \(text)")
    }

    func testAConnectionClosedBeforeTheAnswerNamesTheURL() async throws {
        let (error, _) = try await run("The server closes the connection before answering")
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertTrue([.badServerResponse, .networkConnectionLost].contains(urlError.code), "\(urlError.code)")
        XCTAssertTrue(error.localizedDescription.contains("/categories"), error.localizedDescription)
        XCTAssertFalse(error.localizedDescription.contains("\(urlError.code.rawValue)"), "no bare number")
    }

    func testABodyCutShortSaysSo() async throws {
        let (error, _) = try await run("The body is cut short")
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertTrue([.unknown, .networkConnectionLost, .cannotParseResponse].contains(urlError.code), "\(urlError)")
        let text = error.localizedDescription
        XCTAssertTrue(text.contains("cut short"), text)
        XCTAssertTrue(text.contains("http://127.0.0.1:"), text)
        XCTAssertFalse(text.contains("`http://`"), "not mistaken for a scheme mismatch: \(text)")
    }

    /// The wording is under test here, so a stub answers `.timedOut` at once; the scenario "The server
    /// is too slow (a 1 s timeout)" waits for the real 1 s in `ErrorMessageTableTests`.
    func testATimeoutNamesItsValueAndWhichTimeoutInTheReport() async throws {
        let stub = URLStub(always: .fail(URLError(.timedOut)))
        let reports = Locked<[ExchangeReport]>([])
        let client = APIClient(
            baseURL: stub.baseURL, session: stub.makeSession(),
            options: APIClient.Options(
                timeout: 1, retryPolicy: .never, resultObserver: { report in reports.withLock { $0.append(report) } }))
        let error: APIError
        do {
            let data = try await client.send(Endpoint<Data>("categories"))
            return XCTFail("expected .timedOut, got \(data)")
        } catch let caught {
            error = caught
        }
        let report = reports.withLock { $0.last }
        XCTAssertEqual(error, .timedOut)
        XCTAssertEqual(stub.requestCount, 1)
        let explanation = try XCTUnwrap(report?.explanation)
        XCTAssertTrue(explanation.what.contains("timeout of 1 s"), explanation.what)
        XCTAssertTrue(explanation.what.contains("/categories"), explanation.what)
        XCTAssertTrue(explanation.why.contains("Each try may take the request's timeout"), explanation.why)
        XCTAssertTrue(explanation.fix.contains("timeout(_:)"), explanation.fix)
        XCTAssertTrue(error.localizedDescription.contains("request's timeout"), error.localizedDescription)
    }
}
