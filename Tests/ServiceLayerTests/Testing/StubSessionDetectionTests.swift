import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A protocol whose name starts with `_`, as the system's own do: recognised as the caller's own all
/// the same (by identity, not by name).
private final class _LooksLikeASystemProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { false }
}

/// Which sessions answer through a `URLProtocol` of the caller's own (then an upload from a file is
/// read into the request's body, as a stub sees only `httpBody`), decided by the classes' identity:
/// every system session streams, on every platform (issue 35).
final class StubSessionDetectionTests: XCTestCase {
    func testTheSystemsSessionsAreNotStubSessions() {
        // The control: there is a system list to compare with, and our sessions hold exactly it.
        XCTAssertFalse((URLSessionConfiguration.default.protocolClasses ?? []).isEmpty)
        XCTAssertFalse(SessionTask.goesThroughOwnProtocol(APIClient.makeSession()))
        XCTAssertFalse(SessionTask.goesThroughOwnProtocol(APIClient.makeSession(configuration: .ephemeral)))
        XCTAssertFalse(SessionTask.goesThroughOwnProtocol(URLSession.shared))
        XCTAssertFalse(SessionTask.goesThroughOwnProtocol(URLSession(configuration: .default)))
    }

    #if !os(watchOS)
    func testAStubsSessionIsAStubSession() {
        let stub = URLStub()
        XCTAssertTrue(SessionTask.goesThroughOwnProtocol(stub.makeSession()))
        XCTAssertTrue(SessionTask.goesThroughOwnProtocol(stub.makeSession(configuration: .default)))
    }
    #endif

    func testAnyProtocolOfTheCallersOwnCountsWhateverItsName() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [_LooksLikeASystemProtocol.self] + (configuration.protocolClasses ?? [])
        XCTAssertTrue(SessionTask.goesThroughOwnProtocol(URLSession(configuration: configuration)))
    }
}
