import Foundation
import Loopback
import XCTest

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A refused connection to a name under `localhost` (`app.localhost`, RFC 6761: always this machine) gets the
/// message for a local server, as `localhost` and `127.0.0.1` do: the message engine and the connectivity
/// check ask the same loopback rule (`Safety/LoopbackHost.swift`).
final class LocalhostRefusedTests: XCTestCase {
    /// The transport message the engine decides for a refused connection to `url`.
    private func refused(_ url: String) throws -> TransportMessage? {
        let error = URLError(
            .cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: try XCTUnwrap(URL(string: url))])
        guard case .transport(let kind, _) = MessageEngine.transport(error, contextURL: nil) else { return nil }
        return kind
    }

    func testEveryLoopbackHostGetsTheLocalServerMessage() throws {
        for url in [
            "http://app.localhost:8090/menu", "http://API.Localhost/", "http://localhost:8090/",
            "http://127.0.0.1:8090/", "http://127.1.2.3/", "http://[::1]:8090/",
        ] {
            XCTAssertEqual(try refused(url), .refusedLocal, url)
        }
        for url in ["http://127.0.0.1.example.com/", "http://localhost.example.com/", "http://192.168.1.10:8090/"] {
            XCTAssertEqual(try refused(url), .refusedRemote, url)
        }
    }

    /// Over a real socket: a closed loopback port reached as `app.localhost`.
    func testARefusedAppLocalhostSaysToStartTheLocalServer() async throws {
        let closed = try ClosedPort()
        var components = try XCTUnwrap(URLComponents(url: closed.baseURL, resolvingAgainstBaseURL: false))
        components.host = "app.localhost"
        let base = try XCTUnwrap(components.url)
        let client = APIClient(baseURL: base, options: APIClient.Options(retryPolicy: .never))
        do {
            _ = try await client.send(Endpoint<Data>("menu"))
            XCTFail("nothing listens on \(base)")
        } catch {
            guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
            if urlError.code == .cannotFindHost || urlError.code == .dnsLookupFailed {
                throw XCTSkip("this platform's resolver does not map *.localhost to loopback: \(urlError.code)")
            }
            XCTAssertEqual(urlError.code, .cannotConnectToHost)
            let explanation = error.explanation()
            XCTAssertTrue(explanation.what.contains("app.localhost:\(closed.baseURL.port ?? 0)"), explanation.what)
            guard
                case .transport(.refusedLocal, _) = MessageEngine.message(
                    for: error, context: MessageContext(request: nil))
            else {
                return XCTFail("not the local server's message: \(explanation)")
            }
        }
    }
}
