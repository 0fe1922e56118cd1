import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `async throws(APIError)` twin of `send`.
final class AsyncTests: StubTestCase {
    private struct User: Decodable, Equatable, Sendable {
        let id: Int
        let email: String
    }

    /// Polls `condition` every 10 ms from an async test, failing after `timeout` seconds.
    func testReturnsTheDecodedValue() async throws {
        let stub = makeStub(always: .json(#"{"id":2,"email":"janet@example.com"}"#))
        let user = try await makeClient(stub).send(Endpoint<User>("users/2"))
        XCTAssertEqual(user, User(id: 2, email: "janet@example.com"))
        XCTAssertEqual(stub.requestCount, 1)
    }

    func testVoidEndpointReturnsOn204() async throws {
        let stub = makeStub(always: .status(204))
        try await makeClient(stub).send(Endpoint<Void>(method: .delete, "users/2"))
        XCTAssertEqual(stub.requests.first?.method, "DELETE")
    }

    func testThrowsTypedAPIError() async {
        let stub = makeStub(always: .status(404, body: "{}"))
        do throws(APIError) {
            _ = try await makeClient(stub).send(Endpoint<User>("users/23"))
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error, .httpStatus(code: 404, body: APIError.Body(data: Data("{}".utf8))))
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    func testThrowsDecodingError() async {
        let stub = makeStub(always: .json(#"{"id":"two","email":"x"}"#))
        do throws(APIError) {
            _ = try await makeClient(stub).send(Endpoint<User>("users/2"))
            XCTFail("expected a throw")
        } catch {
            guard case .decoding(let decodingFailure) = error else {
                return XCTFail("expected .decoding, got \(error)")
            }
            let description = decodingFailure.facts
            XCTAssertTrue(description.contains("id"), description)
        }
    }

    func testCancellingTheTaskCancelsTheRequest() async {
        let stub = makeStub(always: .never)
        let client = makeClient(stub)
        let task = Task { () -> Result<Data, APIError> in
            do throws(APIError) {
                return .success(try await client.send(Endpoint<Data>("slow")))
            } catch {
                return .failure(error)
            }
        }
        Polling.until { stub.requestCount == 1 }
        let cancelled = DispatchTime.now()
        task.cancel()
        let result = await task.value
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - cancelled.uptimeNanoseconds) / 1e9
        XCTAssertEqual(result.failureError, .cancelled)
        XCTAssertLessThan(elapsed, 3, "cancellation must not wait for the request")
        Polling.until { stub.cancelledCount >= 1 }
    }

    func testTaskCancelledBeforeTheCallThrowsCancelled() async {
        let stub = makeStub(always: .delayed(0.5, .json("{}")))
        let client = makeClient(stub)
        let task = Task { () -> Result<Data, APIError> in
            while !Task.isCancelled { await Task.yield() }
            do throws(APIError) {
                return .success(try await client.send(Endpoint<Data>("x")))
            } catch {
                return .failure(error)
            }
        }
        task.cancel()
        let result = await task.value
        XCTAssertEqual(result.failureError, .cancelled)
    }
}
