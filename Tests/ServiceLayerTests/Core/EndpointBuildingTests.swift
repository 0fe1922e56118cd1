import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One initializer per kind of response, a target that is a path or a URL, and builders that each
/// return a changed copy.
final class EndpointBuildingTests: StubTestCase {
    func testAStringLiteralIsAPathAndInterpolationWorks() {
        let id = 7
        XCTAssertEqual(Endpoint<Data>("users/\(id)").target, .path("users/7"))
        XCTAssertEqual(Endpoint<Void>(method: .delete, "users").method, .delete)
        let url = URL(string: "http://images.test/a.png")!
        XCTAssertEqual(Endpoint<Data>(.url(url)).target, .url(url))
    }

    func testBuildersChangeOnlyTheirOwnPropertyAndLaterHeadersWin() {
        let base = Endpoint<Data>("x", query: [URLQueryItem(name: "q", value: "1")])
        let built = base.headers(["A": "1", "B": "1"]).headers(["B": "2"]).requiringAuthorization().timeout(3)
            .retry(.never, evenIfNotIdempotent: true).coalescing(false)
        XCTAssertEqual(built.headers, ["A": "1", "B": "2"])
        XCTAssertTrue(built.requiresAuthorization)
        XCTAssertEqual(built.timeout, 3)
        XCTAssertEqual(built.retryPolicy?.maxRetries, 0)
        XCTAssertTrue(built.retriesNonIdempotent)
        XCTAssertEqual(built.coalesces, false)
        XCTAssertEqual(built.query, base.query)
        XCTAssertEqual(base.headers, [:], "the original is unchanged")
        XCTAssertFalse(base.requiresAuthorization)
    }

    func testMapKeepsEverythingButTheResponse() {
        let endpoint = Endpoint<[String: Int]>(method: .put, "x").headers(["A": "1"]).timeout(2).map { $0.count }
        XCTAssertEqual(endpoint.method, .put)
        XCTAssertEqual(endpoint.headers, ["A": "1"])
        XCTAssertEqual(endpoint.timeout, 2)
    }

    /// An error thrown by `map` reaches the completion as it is, not as a decoding error.
    func testAnErrorThrownByMapReachesTheCompletionAsItIs() {
        let stub = makeStub(always: .json(#"{"ok": false}"#))
        let checked = Endpoint<[String: Bool]>("x").map { reply throws(APIError) -> Bool in
            guard reply["ok"] == true else { throw .server(message: "refused") }
            return true
        }
        XCTAssertEqual(failure(result(checked, on: makeClient(stub))), .server(message: "refused"))
    }

    func testARawBodyIsSentWithItsContentType() throws {
        let stub = makeStub(always: .status(204))
        let endpoint = Endpoint<Void>(method: .post, "notes").body(Data("hello".utf8), contentType: "text/plain")
        XCTAssertNotNil(success(result(endpoint, on: makeClient(stub))))
        let sent = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(sent.header("Content-Type"), "text/plain")
        XCTAssertEqual(sent.bodyText, "hello")
    }
}
