import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Secrets never reach a log: `Redaction` on its own, and the client's request logger.
final class RedactionTests: StubTestCase {
    private struct Login: Encodable, Sendable {
        let email: String
        let password: String
    }

    func testBodySecretsAreReplacedAtAnyDepth() {
        let json = """
            {"email":"a@b.c","password":"pw-1","profile":{"name":"Ann","token":"tk-2",
            "sessions":[{"accessToken":"at-3","refreshToken":"rt-4","device":"phone"}]},
            "access_token":"at-5","refresh_token":"rt-6","Password":"pw-7"}
            """
        let text = Redaction.body(Data(json.utf8))
        for secret in ["pw-1", "tk-2", "at-3", "rt-4", "at-5", "rt-6", "pw-7"] {
            XCTAssertFalse(text.contains(secret), "\(secret) leaked: \(text)")
        }
        for kept in ["a@b.c", "Ann", "phone", "\"device\"", "\"sessions\""] {
            XCTAssertTrue(text.contains(kept), "\(kept) lost: \(text)")
        }
        XCTAssertTrue(text.contains(#""password":"<redacted>""#), text)
        XCTAssertTrue(text.contains(#""accessToken":"<redacted>""#), text)
    }

    func testSecretFieldsHoldingObjectsAreReplacedWhole() {
        let text = Redaction.body(Data(#"[{"token":{"value":"tk-9"}},{"token":["tk-10"]}]"#.utf8))
        XCTAssertFalse(text.contains("tk-9"), text)
        XCTAssertFalse(text.contains("tk-10"), text)
    }

    func testNonJSONBodiesShowOnlyTheirSize() {
        XCTAssertEqual(Redaction.body(Data("password=hunter2&user=ann".utf8)), "<25 bytes>")
        XCTAssertEqual(Redaction.body(Data([0x89, 0x50, 0x4E, 0x47, 0x00])), "<5 bytes>")
        XCTAssertEqual(Redaction.body(Data()), "<empty>")
        XCTAssertEqual(Redaction.body(Data(#""a bare JSON string""#.utf8)), "<20 bytes>", "fragments are not shown")
    }

    func testLongBodiesAreTruncated() {
        let long = Data(("{\"text\":\"" + String(repeating: "x", count: 2000) + "\"}").utf8)
        let text = Redaction.body(long, limit: 100)
        XCTAssertEqual(text.count, 101)
        XCTAssertTrue(text.hasSuffix("…"))
    }

    func testURLTokenQueryValuesAreRedacted() {
        let url = URL(string: "https://host/api/items?page=2&token=tk-1&access_token=at-2&TOKEN=tk-3&q=a%20b")!
        let text = Redaction.url(url)
        for secret in ["tk-1", "at-2", "tk-3"] { XCTAssertFalse(text.contains(secret), text) }
        XCTAssertTrue(text.hasPrefix("https://host/api/items?page=2&token="), text)
        XCTAssertTrue(text.contains("q=a%20b"), text)
        XCTAssertEqual(Redaction.url(URL(string: "https://host/a?b=c")!), "https://host/a?b=c")
        XCTAssertEqual(Redaction.url(URL(string: "https://host/a")!), "https://host/a")
    }

    func testSecretHeadersAreRedacted() {
        XCTAssertEqual(Redaction.headerValue("Bearer tk", forName: "Authorization"), "<redacted>")
        XCTAssertEqual(Redaction.headerValue("Bearer tk", forName: "proxy-authorization"), "<redacted>")
        XCTAssertEqual(Redaction.headerValue("sid=1", forName: "Cookie"), "<redacted>")
        XCTAssertEqual(Redaction.headerValue("sid=1", forName: "SET-COOKIE"), "<redacted>")
        XCTAssertEqual(Redaction.headerValue("application/json", forName: "Accept"), "application/json")
    }

    // MARK: - The client's log line

    func testLoggerWritesOneRedactedLinePerRequest() {
        let lines = ExactlyOnce<String>()
        let stub = makeStub(always: .json(#"{"success":true,"token":"tk-from-server"}"#))
        let options = APIClient.Options(retryPolicy: .never, logger: lines.callback)
        let client = makeClient(stub, options: options, tokenProvider: { "tk-SECRET-42" })
        var login = Endpoint<Void>(method: .post, "accounts/login").body(
            Login(email: "ann@example.com", password: "hunter2")
        ).requiringAuthorization()
        login.headers["X-Trace"] = "trace-7"
        XCTAssertNotNil(success(result(login, on: client)))
        let line = firstCall(lines) ?? ""
        assertCalledExactlyOnce(lines)
        XCTAssertTrue(line.hasPrefix("POST \(stub.baseURL.absoluteString)accounts/login -> 200"), line)
        XCTAssertTrue(line.contains("0 retries"), line)
        XCTAssertTrue(line.contains("trace-7"), line)
        XCTAssertTrue(line.contains("ann@example.com"), line)
        XCTAssertTrue(line.contains("<redacted>"), line)
        XCTAssertFalse(line.contains("tk-SECRET-42"), line)
        XCTAssertFalse(line.contains("hunter2"), line)
        XCTAssertFalse(line.contains("\n"), line)
        XCTAssertEqual(stub.requests.first?.header("Authorization"), "Bearer tk-SECRET-42", "the wire keeps the token")
    }

    func testLoggerLineCountsRetriesAndRedactsErrorBodies() {
        let lines = ExactlyOnce<String>()
        let count = Locked(0)
        let stub = makeStub { _ in
            count.withLock {
                $0 += 1; return $0
            } == 1 ? .status(503) : .status(401, body: #"{"message":"bad token","token":"tk-old"}"#)
        }
        let options = APIClient.Options(
            retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.05),
            logger: lines.callback)
        let client = makeClient(stub, options: options)
        let endpoint = Endpoint<Data>("items", query: [URLQueryItem(name: "token", value: "tk-query")])
        XCTAssertEqual(failure(result(endpoint, on: client))?.statusCode, 401)
        let line = firstCall(lines) ?? ""
        assertCalledExactlyOnce(lines)  // one line per request, not per try
        XCTAssertTrue(line.hasPrefix("GET http://\(stub.host)/items?token="), line)
        XCTAssertTrue(line.contains("-> 401"), line)
        XCTAssertTrue(line.contains("1 retries"), line)
        XCTAssertTrue(line.contains("bad token"), line)
        XCTAssertFalse(line.contains("tk-old"), line)
        XCTAssertFalse(line.contains("tk-query"), line)
    }

    func testLoggerWritesOneLineForACancelledRequest() {
        let lines = ExactlyOnce<String>()
        let stub = makeStub(always: .never)
        let client = makeClient(
            stub,
            options: APIClient.Options(retryPolicy: .never, logger: lines.callback))
        let probe = ExactlyOnce<Result<Data, APIError>>()
        let handle = client.send(Endpoint<Data>("slow"), completion: probe.callback)
        Polling.until { stub.requestCount == 1 }
        handle.cancel()
        assertCalledExactlyOnce(probe)
        let line = firstCall(lines) ?? ""
        assertCalledExactlyOnce(lines)
        XCTAssertTrue(line.contains("APIError.cancelled"), line)
    }
}
