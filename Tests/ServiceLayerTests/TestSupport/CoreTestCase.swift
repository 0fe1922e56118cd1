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

    /// Sends `endpoint` and waits (10 s at most) for its one completion.
    func result<Response>(
        _ endpoint: Endpoint<Response>, on client: APIClient, timeout: TimeInterval = 10,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result<Response, APIError>? {
        let once = ExactlyOnce<Result<Response, APIError>>()
        client.send(endpoint, completion: once.callback)
        return firstCall(once, timeout: timeout, file: file, line: line)
    }

    /// The error of `result`, failing the test if it succeeded.
    func error<Response>(
        _ result: Result<Response, APIError>?, file: StaticString = #filePath, line: UInt = #line
    ) -> APIError? {
        switch result {
        case .failure(let error): return error
        case .success: XCTFail("expected a failure, got a success", file: file, line: line)
        case nil: XCTFail("no result", file: file, line: line)
        }
        return nil
    }

    /// The value of `result`, failing the test if it failed.
    func value<Response>(
        _ result: Result<Response, APIError>?, file: StaticString = #filePath, line: UInt = #line
    ) -> Response? {
        switch result {
        case .success(let value): return value
        case .failure(let error): XCTFail("expected a success, got \(error)", file: file, line: line)
        case nil: XCTFail("no result", file: file, line: line)
        }
        return nil
    }
}
