import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base of the unit tests that need no socket: a ``URLStub`` (an in-process fake server) per test,
/// a client on it, and a private serial queue. See `TestSupport/README.md` for the other bases.
class StubTestCase: XCTestCase {
    /// The queue most tests' completions run on.
    let queue = DispatchQueue(label: "StubTests.callbacks")

    /// A new stub answered by `handler`; it stops answering when the test releases it.
    func makeStub(_ handler: @escaping URLStub.Handler) -> URLStub {
        URLStub(handler)
    }

    /// A stub that always gives `answer`.
    func makeStub(always answer: StubAnswer) -> URLStub {
        URLStub(always: answer)
    }

    /// A client for `stub` (or `baseURL`), with retries off unless `options` says otherwise.
    func makeClient(
        _ stub: URLStub? = nil,
        baseURL: URL? = nil,
        options: APIClient.Options = APIClient.Options(retryPolicy: .never),
        tokenProvider: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        let stub = stub ?? URLStub()
        return APIClient(
            baseURL: baseURL ?? stub.baseURL,
            session: stub.makeSession(),
            options: options,
            tokenProvider: tokenProvider)
    }

    /// Sends `endpoint` and waits (10 s at most) for its one completion; see ``awaitCompletion``.
    func result<Response: Sendable>(
        _ endpoint: Endpoint<Response>, on client: APIClient, timeout: TimeInterval = 10,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result<Response, APIError>? {
        awaitCompletion(callbackQueue: queue, timeout: timeout, file: file, line: line) { [queue] in
            client.send(endpoint, callbackQueue: queue, completion: $0)
        }
    }

}
