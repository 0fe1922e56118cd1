import FixtureServer
import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A call that went through the authenticator's flow — a rejection, a wait for a refresh, a replay —
/// lets go of everything once it has completed: the call, its client and the client's session. (A
/// stop that held the call's run kept all three alive until the process ended; LeakSanitizer saw it.)
final class AuthenticationLifetimeTests: FixtureServerTestCase {
    private func assertReleased(
        tokens: AuthTokens?, signUp: Bool, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        weak var weakCall: RequestHandle?
        weak var weakClient: APIClient?
        weak var weakSession: URLSession?
        do {
            let session = APIClient.makeSession(configuration: .ephemeral)
            weakSession = session
            let controller = AccountController(
                baseURL: apiURL(), session: session, options: APIClient.Options(timeout: 5, retryPolicy: .never),
                tokenStore: InMemoryTokenStore(tokens: tokens))
            weakClient = controller.client
            if signUp {
                let signedUp = awaitCompletion {
                    controller.signUp(
                        email: "life@example.com", password: "a-long-password-1", name: "L",
                        emailContent: "", completion: $0)
                }
                XCTAssertNotNil(signedUp?.successValue, file: file, line: line)
                server.expireAllTokens()
            }
            let result = awaitCompletion { completion in
                let call = controller.fetchProducts(completion: completion)
                weakCall = call
                return call
            }
            XCTAssertNotNil(result, file: file, line: line)
            session.finishTasksAndInvalidate()
        }
        Polling.until(timeout: 5) { weakCall == nil && weakClient == nil && weakSession == nil }
        XCTAssertNil(weakCall, "the call", file: file, line: line)
        XCTAssertNil(weakClient, "the client", file: file, line: line)
        XCTAssertNil(weakSession, "the session", file: file, line: line)
    }

    func testAFailedRefreshLetsGoOfTheCallTheClientAndTheSession() throws {
        try assertReleased(tokens: AuthTokens(accessToken: "not-a-token"), signUp: false)
    }

    func testARefreshAndAReplayLetGoOfTheCallTheClientAndTheSession() throws {
        try assertReleased(tokens: nil, signUp: true)
    }
}
