import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Teaching never prints a secret: a server that echoes the request's API key into the places a message
/// quotes (an HTML page's title, a `status_message`, a value the decoder found) and a URL with a password
/// leave none of it in any message or report.
final class HostileErrorMessageTests: HostileServerTestCase {
    private let key = "KEY-ECHOED-5150"
    private let password = "PW-ECHOED-2112"

    /// Every text of `error` and of the exchange's report.
    private func texts(_ error: APIError, _ reports: Locked<[ExchangeReport]>) -> [String] {
        var texts = [
            error.localizedDescription, error.failureReason ?? "", error.recoverySuggestion ?? "", error.description,
        ]
        for report in reports.withLock({ $0 }) {
            texts.append(report.explanation?.description ?? "")
        }
        return texts
    }

    private func send<Response: Decodable & Sendable>(
        _ type: Response.Type, to server: HostileServer, password: String? = nil
    ) async -> (APIError?, Locked<[ExchangeReport]>) {
        let reports = Locked<[ExchangeReport]>([])
        var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
        if let password {
            components.user = "learner"
            components.password = password
        }
        let options = APIClient.Options(
            timeout: 10, retryPolicy: .never, resultObserver: { report in reports.withLock { $0.append(report) } })
        let client = makeClient(components.url!, options: options)
        let endpoint = Endpoint<Response>("movie", query: [URLQueryItem(name: "api_key", value: key)])
        let error = await self.error { () async throws(APIError) -> Response in try await client.send(endpoint) }
        return (error, reports)
    }

    func testAnEchoInAnHTMLPagesTitleIsNotShown() async throws {
        let server = try startServer { request in
            let echoed = request.target.components(separatedBy: "api_key=").last ?? ""
            return .init(
                status: 500, headers: [("Content-Type", "text/html")],
                body: Data(
                    "<html><head><title>Error for \(echoed)</title></head><body>key \(echoed)</body></html>".utf8))
        }
        let (error, reports) = await send(Data.self, to: server)
        let unwrapped = try XCTUnwrap(error)
        XCTAssertTrue(unwrapped.localizedDescription.contains("HTML page"), "the control: the title is quoted")
        for text in texts(unwrapped, reports) { XCTAssertFalse(text.contains(key), text) }
    }

    func testAnEchoInAStatusMessageIsNotShown() async throws {
        let server = try startServer { _ in
            .init(
                status: 401, body: Data(#"{"status_code":7,"status_message":"Invalid API key KEY-ECHOED-5150"}"#.utf8))
        }
        let (error, reports) = await send(Data.self, to: server)
        let unwrapped = try XCTUnwrap(error)
        XCTAssertTrue(unwrapped.localizedDescription.contains("Invalid API key"), "the control: the server is quoted")
        for text in texts(unwrapped, reports) { XCTAssertFalse(text.contains(key), text) }
    }

    func testAnEchoedValueTheDecoderFoundIsNotShown() async throws {
        let server = try startServer { _ in .json(#"{"name":"Tea","price":"KEY-ECHOED-5150"}"#) }
        let (error, reports) = await send(ScenarioProduct.self, to: server)
        let unwrapped = try XCTUnwrap(error)
        XCTAssertTrue(unwrapped.localizedDescription.contains("at `price`"), "the control: the value is named")
        for text in texts(unwrapped, reports) { XCTAssertFalse(text.contains(key), text) }
    }

    func testAPasswordInTheBaseURLIsNotShown() async throws {
        let server = try startServer { _ in .init(status: 404, body: Data(#"{"error":"Not found"}"#.utf8)) }
        let (error, reports) = await send(Data.self, to: server, password: password)
        let unwrapped = try XCTUnwrap(error)
        XCTAssertEqual(unwrapped.statusCode, 404, "the control: the request reached the server")
        for text in texts(unwrapped, reports) {
            XCTAssertFalse(text.contains(password), text)
            XCTAssertFalse(text.contains(key), text)
        }
    }
}
