import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A redirect to another origin carries only the headers that say how to answer, never who asks:
/// not the token, not a cookie, not the client's API key, not an endpoint's custom header.
final class HostileRedirectTests: HostileServerTestCase {
    /// A call to `start` on `origin` that carries every kind of header, followed to `landing`.
    private func sendEveryKindOfHeader(to origin: HostileServer) async throws {
        let client = makeClient(
            origin.baseURL, options: APIClient.Options(timeout: 10, retryPolicy: .never, headers: ["X-API-Key": "k-1"]),
            token: { "tk-bearer-1" })
        var endpoint = Endpoint<TextAnswer>("start").headers([
            "X-Custom": "custom-1", "Cookie": "sid=cookie-1", "Accept-Language": "fr", "X-Auth-Token": "xat-1",
            "Proxy-Authorization": "Basic cHJveHk6cHc=",
        ])
        endpoint.requiresAuthorization = true
        let answer = try await client.send(endpoint)
        XCTAssertEqual(answer.text, "landed")
    }

    func testACrossOriginRedirectCarriesOnlySafeHeaders() async throws {
        let elsewhere = try startServer { _ in .text("landed") }
        let landing = elsewhere.url("landing").absoluteString
        let origin = try startServer { _ in .init(status: 302, headers: [("Location", landing)]) }
        try await sendEveryKindOfHeader(to: origin)

        XCTAssertEqual(origin.requests.first?.headers["x-api-key"], "k-1", "the API's own origin gets everything")
        let landed = try XCTUnwrap(elsewhere.requests.first)
        for name in ["authorization", "cookie", "x-api-key", "x-custom", "x-auth-token", "proxy-authorization"] {
            XCTAssertNil(landed.headers[name], "\(name) reached another origin: \(landed.headers)")
        }
        XCTAssertEqual(landed.headers["accept-language"], "fr", "a safe header survives")
        XCTAssertEqual(landed.headers["accept"], "application/json")
    }

    func testASameOriginRedirectKeepsEveryHeader() async throws {
        let origin = try startServer()
        let landing = origin.url("landing").absoluteString
        origin.answer { request in
            request.target == "/landing" ? .text("landed") : .init(status: 302, headers: [("Location", landing)])
        }
        try await sendEveryKindOfHeader(to: origin)
        let landed = try XCTUnwrap(origin.requests.last)
        XCTAssertEqual(landed.target, "/landing")
        XCTAssertEqual(landed.headers["x-api-key"], "k-1")
        XCTAssertEqual(landed.headers["x-custom"], "custom-1")
        XCTAssertEqual(landed.headers["authorization"], "Bearer tk-bearer-1")
    }

    func testTheSafeListIsExactlyTheHeadersThatDescribeTheAnswer() {
        XCTAssertEqual(
            RedirectGuard.safeAcrossOrigins,
            ["accept", "accept-encoding", "accept-language", "content-language", "content-type", "user-agent"])
        var request = URLRequest(url: URL(string: "https://elsewhere.test/")!)
        for name in ["Accept", "User-Agent", "If-None-Match", "X-Request-ID", "Api-Key", "Authorization"] {
            request.setValue("v", forHTTPHeaderField: name)
        }
        let stripped = RedirectGuard.strippingCredentials(
            from: request, redirectedFrom: URL(string: "https://api.test/")!)
        XCTAssertEqual(
            Set((stripped.allHTTPHeaderFields ?? [:]).keys.map { $0.lowercased() }), ["accept", "user-agent"])
    }
}
