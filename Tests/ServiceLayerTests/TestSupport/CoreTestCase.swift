import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Test-wide defaults for the core's unit tests: a ``URLStub`` per test and a client on a private
/// serial queue.
class CoreTestCase: XCTestCase {
    /// The queue most tests' completions run on.
    let queue = DispatchQueue(label: "CoreTests.callbacks")

    /// A new stub answered by `handler`; it stops answering when the test releases it.
    func makeStub(_ handler: @escaping URLStub.Handler) -> URLStub {
        URLStub(handler)
    }

    /// A stub that always gives `answer`.
    func makeStub(always answer: StubAnswer) -> URLStub {
        URLStub(always: answer)
    }

    /// A client for `stub` (or `baseURL`) on ``queue``, with retries off unless `options` says otherwise.
    func makeClient(
        _ stub: URLStub? = nil,
        baseURL: URL? = nil,
        callbackQueue: DispatchQueue? = nil,
        options: APIClient.Options = APIClient.Options(retryPolicy: .never),
        tokenProvider: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        let stub = stub ?? URLStub()
        return APIClient(
            baseURL: baseURL ?? stub.baseURL,
            session: stub.makeSession(),
            callbackQueue: callbackQueue ?? queue,
            options: options,
            tokenProvider: tokenProvider)
    }

    /// Sends `endpoint` and waits (10 s at most) for its one completion; see ``awaitCompletion``.
    func result<Response>(
        _ endpoint: Endpoint<Response>, on client: APIClient, timeout: TimeInterval = 10,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result<Response, APIError>? {
        let onMain = client.callbackQueue.label == DispatchQueue.main.label
        return awaitCompletion(
            callbackQueue: onMain ? nil : client.callbackQueue, timeout: timeout, file: file, line: line
        ) {
            client.send(endpoint, completion: $0)
        }
    }

}
