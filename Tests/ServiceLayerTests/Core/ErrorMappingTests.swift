import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Transport failures reported by URLSession, mapped to `APIError` through a real request.
final class ErrorMappingTests: StubTestCase {
    private func failure(for code: URLError.Code) -> APIError? {
        let stub = makeStub(always: .fail(URLError(code)))
        let error = failure(result(Endpoint<Data>("x"), on: makeClient(stub)))
        XCTAssertEqual(stub.requestCount, 1)
        return error
    }

    func testNotConnectedToInternetIsOffline() {
        XCTAssertEqual(failure(for: .notConnectedToInternet), .offline)
    }

    func testTimedOutIsTimedOut() {
        XCTAssertEqual(failure(for: .timedOut), .timedOut)
    }

    func testCancelledIsCancelled() {
        XCTAssertEqual(failure(for: .cancelled), .cancelled)
    }

    func testCannotConnectToHostIsTransport() {
        let error = failure(for: .cannotConnectToHost)
        guard case .transport(let urlError) = error else {
            return XCTFail("expected .transport, got \(String(describing: error))")
        }
        XCTAssertEqual(urlError.code, .cannotConnectToHost)
        XCTAssertFalse(error?.isTransient ?? true)
    }

    func testConnectionLostIsATransientTransportError() {
        let error = failure(for: .networkConnectionLost)
        XCTAssertEqual(error, .transport(URLError(.networkConnectionLost)))
        XCTAssertTrue(error?.isTransient ?? false)
    }

    func testOfflineConnectivitySourceFailsAtOnceAndSendsNothing() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub, options: APIClient.Options(connectivity: FakeConnectivity(online: false)))
        XCTAssertEqual(failure(result(Endpoint<Data>("x"), on: client)), .offline)
        XCTAssertEqual(failure(result(Endpoint<Void>(method: .post, "order"), on: client)), .offline)
        XCTAssertEqual(stub.requestCount, 0)
        let online = makeClient(stub, options: APIClient.Options(connectivity: FakeConnectivity(online: true)))
        XCTAssertNotNil(success(result(Endpoint<Data>("x"), on: online)))
        XCTAssertEqual(stub.requestCount, 1)
    }
}
