import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``ExchangeReport`` redacts what a log line redacts: the authenticator's headers, the credential
/// list, secret query items, secret JSON fields, the secret values of a form body, and `Set-Cookie`.
final class HostileReportTests: HostileServerTestCase {
    /// Every text of `report` a person or an observer may see.
    static func texts(of report: ExchangeReport) -> [String] {
        var dumped = ""
        dump(report, to: &dumped)
        var texts = [dumped, report.request.url?.absoluteString ?? ""]
        texts += (report.request.allHTTPHeaderFields ?? [:]).map { "\($0.key): \($0.value)" }
        texts.append(String(decoding: report.request.httpBody ?? Data(), as: UTF8.self))
        texts += (report.response?.allHeaderFields ?? [:]).map { "\($0.key): \($0.value)" }
        texts.append(report.response?.url?.absoluteString ?? "")
        texts.append(String(decoding: report.error?.responseBody ?? Data(), as: UTF8.self))
        texts.append(report.error.map { "\($0)" } ?? "")
        return texts
    }

    private func observed() -> (APIClient.Options, Locked<[ExchangeReport]>, Locked<[String]>) {
        let reports = Locked<[ExchangeReport]>([])
        let lines = Locked<[String]>([])
        var options = APIClient.Options(timeout: 10, retryPolicy: .never, headers: ["X-API-Key": "key-1234-options"])
        options.resultObserver = { report in reports.withLock { $0.append(report) } }
        options.logger = { line in lines.withLock { $0.append(line) } }
        return (options, reports, lines)
    }

    func testTheAuthenticatorsHeaderAndEveryCredentialAreRedactedInTheReport() async throws {
        let server = try startServer { _ in
            .json(
                #"{"text":"ok"}"#,
                headers: [("Set-Cookie", "session=cookie-secret-9876; HttpOnly"), ("X-Trace", "t-1")])
        }
        let (options, reports, lines) = observed()
        let client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral), options: options,
            authenticator: HostileOriginTests.SignatureAuthenticator())
        let url = server.url("items?api_key=query-key-4321&page=2")
        _ = try await client.send(Endpoint<TextAnswer>(.url(url)).requiringAuthorization())

        // The control: the server did get every secret, so the report had each one to hide.
        let sent = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(sent.headers["x-session-signature"], "sig-credential-5678")
        XCTAssertEqual(sent.headers["x-api-key"], "key-1234-options")
        XCTAssertTrue(sent.target.contains("query-key-4321"))

        let report = try XCTUnwrap(reports.withLock { $0.first })
        XCTAssertEqual(report.request.value(forHTTPHeaderField: "X-Session-Signature"), "<redacted>")
        XCTAssertEqual(report.request.value(forHTTPHeaderField: "X-Auth-Token"), "<redacted>")
        XCTAssertEqual(report.request.value(forHTTPHeaderField: "X-API-Key"), "<redacted>")
        XCTAssertEqual(report.response?.value(forHTTPHeaderField: "Set-Cookie"), "<redacted>")
        XCTAssertEqual(report.response?.value(forHTTPHeaderField: "X-Trace"), "t-1", "other headers are kept")
        XCTAssertEqual(report.response?.statusCode, 200)
        XCTAssertTrue(report.request.url?.absoluteString.contains("page=2") ?? false)
        let secrets = ["sig-credential-5678", "key-1234-options", "query-key-4321", "cookie-secret-9876"]
        for text in Self.texts(of: report) + lines.withLock({ $0 }) {
            for secret in secrets { XCTAssertFalse(text.contains(secret), "\(secret) in \(text)") }
        }
    }

    func testSecretFieldsOfAJSONOrFormBodyAreRedactedAndOtherBodiesKept() async throws {
        struct Login: Encodable, Sendable { let email: String, password: String }
        let server = try startServer { _ in .init(status: 400, body: Data("refused".utf8)) }
        let (options, reports, _) = observed()
        let client = makeClient(server.baseURL, options: options)
        let json = Endpoint<Void>(method: .post, "json").body(Login(email: "ann@example.com", password: "pw-json-1234"))
        let form = Endpoint<Void>(method: .post, "form").form([("user", "ann"), ("password", "pw-form-5678")])
        let plain = Endpoint<Void>(method: .post, "plain").body(["text": "hello"])
        for endpoint in [json, form, plain] { _ = try? await client.send(endpoint) }

        XCTAssertEqual(server.requests.count, 3)
        XCTAssertTrue(String(decoding: server.requests[1].body, as: UTF8.self).contains("pw-form-5678"), "control")
        let bodies = reports.withLock { $0 }.map { String(decoding: $0.request.httpBody ?? Data(), as: UTF8.self) }
        XCTAssertEqual(bodies.count, 3)
        XCTAssertFalse(bodies[0].contains("pw-json-1234"), bodies[0])
        XCTAssertTrue(bodies[0].contains("ann@example.com") && bodies[0].contains("<redacted>"), bodies[0])
        XCTAssertFalse(bodies[1].contains("pw-form-5678"), bodies[1])
        XCTAssertTrue(bodies[1].contains("user=ann"), bodies[1])
        XCTAssertEqual(bodies[2], #"{"text":"hello"}"#, "a body without a secret is as sent")
    }

    func testAnAuthenticatorsHeaderEchoedByTheServerIsRemovedFromTheErrorAndTheReport() async throws {
        let server = try startServer { request in
            let said = "bad signature \(request.headers["x-session-signature"] ?? "none")"
            let body = try! JSONSerialization.data(withJSONObject: ["message": said])
            return .init(status: 400, headers: [("Content-Type", "application/json")], body: body)
        }
        let (options, reports, lines) = observed()
        let client = APIClient(
            baseURL: server.baseURL, session: APIClient.makeSession(configuration: .ephemeral), options: options,
            authenticator: HostileOriginTests.SignatureAuthenticator())
        let failure = await error { () async throws(APIError) in
            try await client.send(Endpoint<TextAnswer>("signed").requiringAuthorization())
        }
        let refused = try XCTUnwrap(failure)
        XCTAssertEqual(refused.statusCode, 400)
        let body = String(decoding: refused.responseBody ?? Data(), as: UTF8.self)
        XCTAssertTrue(body.contains("bad signature <redacted>"), "the control: the echo was there: \(body)")
        let report = try XCTUnwrap(reports.withLock { $0.first })
        var dumped = ""
        dump(refused, to: &dumped)
        for text in Self.texts(of: report) + lines.withLock({ $0 }) + [refused.description, dumped, body] {
            XCTAssertFalse(text.contains("sig-credential-5678"), text)
        }
    }
}
