import Foundation
import Loopback
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// No secret in any text the client produces: error descriptions, `localizedDescription`, `dump`,
/// log lines, even when the server echoes the secret back.
final class HostileSecretsTests: HostileServerTestCase {
    /// Every text a person or a log may see of `error`.
    private func texts(of error: APIError) -> [String] {
        var dumped = ""
        dump(error, to: &dumped)
        return [
            error.description, error.localizedDescription, String(reflecting: error), dumped, error.serverMessage ?? "",
            String(data: error.responseBody ?? Data(), encoding: .utf8) ?? "",
        ]
    }

    private func assertNoSecret(
        _ secrets: [String], in texts: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        for text in texts {
            for secret in secrets {
                XCTAssertFalse(text.contains(secret), "\(secret) in: \(text)", file: file, line: line)
            }
        }
    }

    func testAQueryTokenNeverAppearsInAnErrorsTexts() async throws {
        let closed = try ClosedPort()
        let client = makeClient(closed.baseURL)
        let url = URL(string: "\(closed.baseURL.absoluteString)items?token=tk-query-secret&page=2")!
        let refused = await error { () async throws(APIError) in try await client.send(Endpoint<Data>(.url(url))) }
        guard case .transport = refused else { return XCTFail("\(String(describing: refused))") }
        assertNoSecret(["tk-query-secret"], in: texts(of: try XCTUnwrap(refused)))

        let ftp = URL(string: "ftp://files.test/items?token=tk-query-secret")!
        let invalid = await error { () async throws(APIError) in try await client.send(Endpoint<Data>(.url(ftp))) }
        guard case .invalidRequest = invalid else { return XCTFail("\(String(describing: invalid))") }
        assertNoSecret(["tk-query-secret"], in: texts(of: try XCTUnwrap(invalid)))
    }

    func testABaseURLPasswordNeverAppearsInALogLine() async throws {
        let server = try startServer { _ in .text("ok") }
        let base = URL(string: "http://ann:pw-in-userinfo@127.0.0.1:\(server.baseURL.port!)/")!
        let lines = Locked<[String]>([])
        var options = APIClient.Options(timeout: 10, retryPolicy: .never)
        options.logger = { line in lines.withLock { $0.append(line) } }
        let client = makeClient(base, options: options)
        _ = try? await client.send(Endpoint<TextAnswer>("x"))
        XCTAssertEqual(lines.withLock { $0.count }, 1)
        assertNoSecret(["pw-in-userinfo"], in: lines.withLock { $0 } + [client.description])
        XCTAssertTrue(lines.withLock { $0 }[0].contains("ann:<redacted>@"), lines.withLock { $0 }[0])
    }

    /// The server says the token and the password back in its `message`: neither reaches the error's
    /// texts nor the log line.
    func testAnEchoedTokenOrPasswordIsRemovedFromTheErrorAndTheLog() async throws {
        let server = try startServer { request in
            let sent = String(data: request.body, encoding: .utf8) ?? ""
            let said = "you sent \(request.headers["authorization"] ?? "") and \(sent) with s3cr/et-pw"
            let body = try! JSONSerialization.data(withJSONObject: ["message": said])
            return .init(status: 400, headers: [("Content-Type", "application/json")], body: body)
        }
        struct Login: Encodable, Sendable { let email: String, password: String }
        let lines = Locked<[String]>([])
        var options = APIClient.Options(timeout: 10, retryPolicy: .never)
        options.logger = { line in lines.withLock { $0.append(line) } }
        let client = makeClient(server.baseURL, options: options, token: { "tk-echoed-1234" })
        var endpoint = Endpoint<Void>(method: .post, "login").body(
            Login(email: "ann@example.com", password: "s3cr/et-pw"))
        endpoint.requiresAuthorization = true
        let failure = await error { () async throws(APIError) in try await client.send(endpoint) }
        let refused = try XCTUnwrap(failure)
        XCTAssertEqual(refused.statusCode, 400)
        assertNoSecret(
            ["tk-echoed-1234", "s3cr/et-pw", #"s3cr\/et-pw"#], in: texts(of: refused) + lines.withLock { $0 })
        XCTAssertTrue(refused.serverMessage?.contains("ann@example.com") ?? false, "the rest of the message stays")
    }

    /// A login refused in a 200 (`{"success":false,"message":...}`) that quotes the password.
    func testAPasswordEchoedInAServerMessageIsRemoved() async throws {
        let server = try startServer { _ in
            .json(#"{"success":false,"message":"wrong password: hunter2-long"}"#)
        }
        let accounts = AccountController(
            baseURL: server.url("api/"), session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 10, retryPolicy: .never))
        let failure = await error { () async throws(APIError) in
            try await accounts.logIn(email: "ann@example.com", password: "hunter2-long")
        }
        let refused = try XCTUnwrap(failure)
        guard case .server = refused else { return XCTFail("\(refused)") }
        assertNoSecret(["hunter2-long"], in: texts(of: refused))
    }

    func testMoreSecretNamesAreRedactedInLogLines() async throws {
        let server = try startServer { _ in .text("ok") }
        let lines = Locked<[String]>([])
        var options = APIClient.Options(timeout: 10, retryPolicy: .never)
        options.logger = { line in lines.withLock { $0.append(line) } }
        let client = makeClient(server.baseURL, options: options)
        let endpoint = Endpoint<TextAnswer>(
            "x",
            query: [
                URLQueryItem(name: "api_key", value: "ak-value"), URLQueryItem(name: "sig", value: "sig-value"),
                URLQueryItem(name: "client_secret", value: "cs-value"), URLQueryItem(name: "page", value: "2"),
            ]
        ).headers(["X-Auth-Token": "xat-value"])
        _ = try await client.send(endpoint)
        let line = try XCTUnwrap(lines.withLock { $0.first })
        assertNoSecret(["ak-value", "sig-value", "cs-value", "xat-value"], in: [line])
        XCTAssertTrue(line.contains("page=2"), line)
    }
}
