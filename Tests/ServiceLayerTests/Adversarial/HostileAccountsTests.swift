import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The token flow and the token file against a changing user, a planted hard link, a second store on
/// the same file, and the shared cookie jar.
final class HostileAccountsTests: HostileServerTestCase {
    /// An accounts backend: login answers `<name>-token` / `<name>-refresh` for the email's name, a
    /// refresh waits for `gate`, products accept only Bob's token.
    private func startAccountsServer(gate: DispatchSemaphore) throws -> HostileServer {
        try startServer { request in
            let path = request.target.split(separator: "?").first.map(String.init) ?? ""
            switch path {
            case "/api/accounts/login":
                let text = String(data: request.body, encoding: .utf8) ?? ""
                let name = text.contains("alice") ? "alice" : "bob"
                return .json(
                    #"{"success":true,"message":"ok","token":"\#(name)-token","refreshToken":"\#(name)-refresh","expiresIn":3600}"#
                )
            case "/api/accounts/refresh":
                gate.wait()
                return .json(
                    #"{"success":true,"message":"ok","token":"alice-new","refreshToken":"alice-refresh-2","expiresIn":3600}"#
                )
            default:
                guard request.headers["authorization"] == "Bearer bob-token" else {
                    return .init(
                        status: 401, headers: [("WWW-Authenticate", "Bearer"), ("Content-Type", "application/json")],
                        body: Data(#"{"success":false,"message":"expired"}"#.utf8))
                }
                return .json(#"{"success":true,"message":"ok","products":[]}"#)
            }
        }
    }

    /// Alice's call waits for a refresh; meanwhile Alice logs out and Bob logs in. Her call ends with
    /// its own 401 and is never sent with Bob's token.
    func testACallWaitingForARefreshIsNeverReplayedWithTheNextUsersToken() async throws {
        let gate = DispatchSemaphore(value: 0)
        let server = try startAccountsServer(gate: gate)
        let accounts = AccountController(
            baseURL: server.url("api/"), session: APIClient.makeSession(configuration: .ephemeral),
            options: APIClient.Options(timeout: 10, retryPolicy: .never))
        _ = try await accounts.logIn(email: "alice@example.com", password: "alice-pw")
        let alicesCall = Task { () async throws(APIError) -> [Product] in try await accounts.fetchProducts() }
        Polling.until { server.requests.contains { $0.target == "/api/accounts/refresh" } }
        accounts.logOut()
        _ = try await accounts.logIn(email: "bob@example.com", password: "bob-pw")
        gate.signal()
        let result = await alicesCall.result
        guard case .failure(let error) = result else { return XCTFail("Alice's call succeeded: \(result)") }
        XCTAssertEqual((error as? APIError)?.statusCode, 401)
        let products = server.requests.filter { $0.target == "/api/products" }
        XCTAssertEqual(products.map { $0.headers["authorization"] }, ["Bearer alice-token"])
        XCTAssertEqual(accounts.isLoggedIn, true, "Bob stays logged in")
    }

    // MARK: The token file

    private func tokenFile() throws -> URL {
        try makeDirectory().appendingPathComponent("token.json")
    }

    /// A hard link at the token path is neither read as the token nor narrows its target's permissions.
    func testAHardLinkAtTheTokenPathIsNotTheToken() throws {
        let url = try tokenFile()
        let elsewhere = url.deletingLastPathComponent().appendingPathComponent("someone-elses")
        XCTAssertTrue(FileManager.default.createFile(atPath: elsewhere.path, contents: Data("planted-token".utf8)))
        XCTAssertEqual(chmod(elsewhere.path, 0o644), 0)
        XCTAssertEqual(link(elsewhere.path, url.path), 0)
        let store = FileTokenStore(url: url)
        XCTAssertNil(store.tokens?.accessToken)
        let mode = try FileManager.default.attributesOfItem(atPath: elsewhere.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o644, "the target's permissions were changed")
        try store.setTokens(AuthTokens(accessToken: "ours"))
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "planted-token", "the target was written")
    }

    /// Documented limit: a store reads its file once; a second store over the same file does not see
    /// what the first writes later (so two controllers sharing a file may both refresh).
    func testASecondStoreOverTheSameFileKeepsItsOwnCopy() throws {
        let url = try tokenFile()
        let first = FileTokenStore(url: url)
        try first.setTokens(AuthTokens(accessToken: "t1", refreshToken: "r1"))
        let second = FileTokenStore(url: url)
        XCTAssertEqual(second.tokens?.accessToken, "t1", "read at creation")
        try first.setTokens(AuthTokens(accessToken: "t2", refreshToken: "r2"))
        XCTAssertEqual(second.tokens?.accessToken, "t1", "not re-read: one store per file")
        XCTAssertEqual(FileTokenStore(url: url).tokens?.accessToken, "t2")
    }

    // MARK: Cookies

    /// Documented limit: cookies are per host, not per port (RFC 6265 §8.5). With a session on the
    /// shared cookie storage, a cookie one port set is sent to another port of the same host.
    func testTheSharedCookieJarDoesNotSeparatePorts() async throws {
        let name = "hostile\(UInt32.random(in: 0...UInt32.max))"
        let setter = try startServer { _ in .text("set", headers: [("Set-Cookie", "\(name)=from-setter; Path=/")]) }
        let other = try startServer { _ in .text("other") }
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = HTTPCookieStorage.shared
        let session = APIClient.makeSession(configuration: configuration)
        defer {
            for cookie in HTTPCookieStorage.shared.cookies ?? [] where cookie.name == name {
                HTTPCookieStorage.shared.deleteCookie(cookie)
            }
        }
        _ = try await makeClient(setter.baseURL, session: session).send(Endpoint<TextAnswer>("x"))
        _ = try await makeClient(other.baseURL, session: session).send(Endpoint<TextAnswer>("x"))
        XCTAssertEqual(other.requests.first?.headers["cookie"], "\(name)=from-setter")
    }
}
