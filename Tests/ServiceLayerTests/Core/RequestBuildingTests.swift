import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What goes on the wire: method, headers, body, timeout and the token.
final class RequestBuildingTests: StubTestCase {
    private struct Order: Codable, Equatable, Sendable {
        let menuIds: [Int]
        let note: String
    }

    private struct NotANumber: Encodable, Sendable {
        let value = Double.nan
    }

    func testMethodAndAcceptAreSent() {
        let stub = makeStub(always: .status(204))
        let client = makeClient(stub)
        for method in HTTPMethod.allCases {
            XCTAssertNotNil(success(result(Endpoint<Void>(method: method, "thing"), on: client)), method.rawValue)
        }
        XCTAssertEqual(stub.requests.map(\.method), HTTPMethod.allCases.map(\.rawValue))
        XCTAssertEqual(stub.requests.map { $0.header("Accept") }, Array(repeating: "application/json", count: 6))
    }

    func testJSONBodyAndContentTypeAreSent() {
        let stub = makeStub(always: .json(#"{"preparation_time":20}"#))
        let client = makeClient(stub)
        let order = Order(menuIds: [1, 2], note: "no onions & extra +")
        let endpoint = Endpoint<[String: Int]>(method: .post, "order").body(order)
        XCTAssertEqual(success(result(endpoint, on: client)), ["preparation_time": 20])
        let sent = stub.requests.first
        XCTAssertEqual(sent?.method, "POST")
        XCTAssertEqual(sent?.header("Content-Type"), "application/json")
        let body = sent?.body.flatMap { try? JSONDecoder().decode(Order.self, from: $0) }
        XCTAssertEqual(body, order)
    }

    func testNoContentTypeWithoutBody() {
        let stub = makeStub(always: .json("{}"))
        XCTAssertNotNil(success(result(Endpoint<Data>("x"), on: makeClient(stub))))
        XCTAssertNil(stub.requests.first?.header("Content-Type"))
        XCTAssertTrue(stub.requests.first?.body?.isEmpty ?? true)
    }

    func testEndpointHeadersOverrideClientHeaders() {
        let stub = makeStub(always: .json("{}"))
        let options = APIClient.Options(
            retryPolicy: .never, headers: ["X-API-Key": "client-key", "X-Client": "tests", "Accept": "text/plain"])
        let client = makeClient(stub, options: options)
        let endpoint = Endpoint<Data>("x").headers(["X-API-Key": "endpoint-key"])
        XCTAssertNotNil(success(result(endpoint, on: client)))
        let sent = stub.requests.first
        XCTAssertEqual(sent?.header("X-API-Key"), "endpoint-key")
        XCTAssertEqual(sent?.header("X-Client"), "tests")
        XCTAssertEqual(sent?.header("Accept"), "text/plain", "a client Accept header replaces the default")
    }

    func testBodyThatCannotBeEncodedFailsAndSendsNothing() {
        let stub = makeStub(always: .json("{}"))
        let endpoint = Endpoint<Void>(method: .post, "x").body(NotANumber())
        guard case .invalidRequest(let reason) = failure(result(endpoint, on: makeClient(stub))) else {
            return XCTFail("expected .invalidRequest")
        }
        XCTAssertTrue("\(reason)".contains("body"), "\(reason)")
        XCTAssertEqual(stub.requestCount, 0)
    }

    func testTimeoutIsRoundedUpToWholeSecondsAndAtLeastOne() {
        let client = makeClient(baseURL: URL(string: "http://host/")!)
        let cases: [(TimeInterval, TimeInterval)] = [(0.2, 1), (0, 1), (1, 1), (1.5, 2), (2.01, 3), (30, 30)]
        for (given, expected) in cases {
            let request = try? client.makeRequest(for: Endpoint<Data>("x").timeout(given)).get()
            XCTAssertEqual(request?.timeoutInterval, expected, "\(given)")
        }
        let clientDefault = makeClient(
            baseURL: URL(string: "http://host/")!, options: APIClient.Options(timeout: 0.4, retryPolicy: .never))
        XCTAssertEqual(try? clientDefault.makeRequest(for: Endpoint<Data>("x")).get().timeoutInterval, 1)
    }

    func testTimeoutReachesTheWire() {
        let stub = makeStub(always: .json("{}"))
        XCTAssertNotNil(success(result(Endpoint<Data>("x").timeout(1.5), on: makeClient(stub))))
        XCTAssertEqual(stub.requests.first?.request.timeoutInterval, 2)
    }

    func testBearerTokenGoesToTheBaseOriginWhenRequired() {
        let stub = makeStub(always: .json("{}"))
        let client = makeClient(stub, tokenProvider: { "secret-token" })
        XCTAssertNotNil(success(result(Endpoint<Data>("products").requiringAuthorization(), on: client)))
        XCTAssertNotNil(success(result(Endpoint<Data>("public"), on: client)))
        XCTAssertEqual(stub.requests.map { $0.header("Authorization") }, ["Bearer secret-token", nil])
    }

    func testClientHeadersNeverGoToAnotherHost() {
        let api = makeStub(always: .json("{}"))
        let images = makeStub(always: .respond(status: 200, headers: [:], body: Data([1])))
        let options = APIClient.Options(retryPolicy: .never, headers: ["X-API-Key": "client-key"])
        let client = makeClient(api, options: options)
        XCTAssertNotNil(success(result(Endpoint<Data>("x"), on: client)))
        XCTAssertNotNil(success(result(Endpoint<Data>(.url(images.url("a.png"))), on: client)))
        XCTAssertEqual(api.requests.first?.header("X-API-Key"), "client-key")
        XCTAssertNil(images.requests.first?.header("X-API-Key"), "the API key went to another host")
    }

    func testTokenNeverGoesToAnotherHost() {
        let api = makeStub(always: .json("{}"))
        let images = makeStub(always: .respond(status: 200, headers: [:], body: Data([1, 2, 3])))
        let client = makeClient(api, tokenProvider: { "secret-token" })
        XCTAssertEqual(success(result(Endpoint<Data>(.url(images.url("a.png"))), on: client)), Data([1, 2, 3]))
        XCTAssertNil(images.requests.first?.header("Authorization"))

        var forced = Endpoint<Data>(.url(images.url("b.png")))
        forced.requiresAuthorization = true
        guard case .invalidRequest = failure(result(forced, on: client)) else {
            return XCTFail("a token for another host must be refused")
        }
        XCTAssertEqual(images.requestCount, 1, "the refused request was not sent")
        XCTAssertEqual(api.requestCount, 0)
    }

    func testTokenNeverGoesToAnotherPortOrScheme() {
        let client = makeClient(baseURL: URL(string: "http://api.test:8090/")!, tokenProvider: { "secret-token" })
        for other in ["http://api.test:8091/x", "https://api.test:8090/x", "http://api.test/x"] {
            var endpoint = Endpoint<Data>(.url(URL(string: other)!))
            endpoint.requiresAuthorization = true
            guard
                case .invalidRequest = client.makeRequest(for: endpoint, authorize: client.providedToken()).failureError
            else {
                return XCTFail("a token for \(other) must be refused")
            }
        }
        var same = Endpoint<Data>(.url(URL(string: "http://API.test:8090/x")!))
        same.requiresAuthorization = true
        let request = try? client.makeRequest(for: same, authorize: client.providedToken()).get()
        XCTAssertEqual(request?.value(forHTTPHeaderField: "Authorization"), "Bearer secret-token")
    }

    func testRequiresAuthorizationWithoutTokenFailsAndSendsNothing() {
        let stub = makeStub(always: .json("{}"))
        let noProvider = makeClient(stub)
        let emptyToken = makeClient(stub, tokenProvider: { "" })
        let nilToken = makeClient(stub, tokenProvider: { nil })
        for client in [noProvider, emptyToken, nilToken] {
            XCTAssertEqual(
                failure(result(Endpoint<Data>("products").requiringAuthorization(), on: client)),
                .notAuthenticated)
        }
        XCTAssertEqual(stub.requestCount, 0)
    }

    func testTokenIsReadAtEachSend() {
        let stub = makeStub(always: .json("{}"))
        let token = Locked<String?>("first")
        let client = makeClient(stub, tokenProvider: { token.withLock { $0 } })
        let endpoint = Endpoint<Data>("me").requiringAuthorization()
        XCTAssertNotNil(success(result(endpoint, on: client)))
        token.withLock { $0 = "second" }
        XCTAssertNotNil(success(result(endpoint, on: client)))
        XCTAssertEqual(stub.requests.map { $0.header("Authorization") }, ["Bearer first", "Bearer second"])
    }
}
