import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The testing kit's stub: routes, faults, the record of requests, isolation and cancellation.
final class URLStubTests: XCTestCase {
    /// Sends one raw request through `stub`'s session and waits for its answer.
    private func load(_ request: URLRequest, through stub: URLStub) -> (Data?, HTTPURLResponse?, URLError?)? {
        let once = ExactlyOnce<(Data?, HTTPURLResponse?, URLError?)>()
        stub.makeSession().dataTask(with: request) { data, response, error in
            once.callback((data, response as? HTTPURLResponse, error as? URLError))
        }.resume()
        return firstCall(once).map { ($0.0, $0.1, $0.2) }
    }

    func testRoutesMatchMethodPathAndQueryAndTheLastAddedWins() throws {
        let stub = URLStub()
        stub.on(.any("/menu"), .status(200, body: "any"))
        stub.on(.get("menu"), .status(200, body: "get"))
        stub.on(.get("/menu?category=soups"), .status(200, body: "soups"))
        stub.on(.get(stub.url("full").absoluteString), .status(201))
        XCTAssertEqual(load(URLRequest(url: stub.url("menu")), through: stub)?.0, Data("get".utf8))
        XCTAssertEqual(load(URLRequest(url: stub.url("menu?category=soups")), through: stub)?.0, Data("soups".utf8))
        var post = URLRequest(url: stub.url("menu"))
        post.httpMethod = "POST"
        XCTAssertEqual(load(post, through: stub)?.0, Data("any".utf8))
        XCTAssertEqual(load(URLRequest(url: stub.url("full")), through: stub)?.1?.statusCode, 201)
        XCTAssertEqual(load(URLRequest(url: stub.url("other")), through: stub)?.1?.statusCode, 404)
        XCTAssertEqual(stub.requestCount, 5)
    }

    /// Stub URLs are built from components: the path encoded, a given query kept as written.
    func testStubURLsAreBuiltFromComponents() {
        let stub = URLStub()
        XCTAssertEqual(stub.baseURL.absoluteString, "http://\(stub.host)/")
        XCTAssertEqual(stub.url("/menu").absoluteString, "http://\(stub.host)/menu")
        XCTAssertEqual(stub.url("dish images/1.png").absoluteString, "http://\(stub.host)/dish%20images/1.png")
        XCTAssertEqual(
            stub.url("api/menu?category=desserts%20%26%20more").absoluteString,
            "http://\(stub.host)/api/menu?category=desserts%20%26%20more")
        XCTAssertEqual(stub.url("api/menu?category=desserts%20%26%20more").query, "category=desserts%20%26%20more")
        XCTAssertEqual(stub.url("").host, stub.host)
    }

    func testTimesUsesARouteUpThenFallsThrough() {
        let stub = URLStub(always: .status(200))
        stub.on(.get("/x"), .status(503), times: 2)
        let statuses = (0..<3).map { _ in load(URLRequest(url: stub.url("x")), through: stub)?.1?.statusCode }
        XCTAssertEqual(statuses, [503, 503, 200])
    }

    func testTheRecordKeepsMethodHeadersAndTheStreamedBody() throws {
        let stub = URLStub(always: .status(204))
        var request = URLRequest(url: stub.url("order"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"menuIds":[1]}"#.utf8)
        _ = load(request, through: stub)
        let seen = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(seen.method, "POST")
        XCTAssertEqual(seen.path, "/order")
        XCTAssertEqual(seen.header("content-type"), "application/json")
        XCTAssertEqual(seen.bodyText, #"{"menuIds":[1]}"#)
    }

    func testFaultsReachTheClientAsTransportErrors() {
        let stub = URLStub()
        stub.on(.get("/drop"), .dropConnection)
        stub.on(
            .get("/cut"), .truncated(status: 200, headers: [:], body: Data(repeating: 7, count: 100), sentBytes: 10))
        stub.on(.get("/late"), .delayed(0.05, .status(202)))
        XCTAssertEqual(load(URLRequest(url: stub.url("drop")), through: stub)?.2?.code, .networkConnectionLost)
        XCTAssertNotNil(load(URLRequest(url: stub.url("cut")), through: stub)?.2, "a truncated body must fail")
        XCTAssertEqual(load(URLRequest(url: stub.url("late")), through: stub)?.1?.statusCode, 202)
    }

    func testStubsInUseTogetherNeverSeeEachOthersRequests() {
        let first = URLStub(always: .status(200, body: "first"))
        let second = URLStub(always: .status(200, body: "second"))
        XCTAssertEqual(load(URLRequest(url: first.url("a")), through: second)?.0, Data("first".utf8))
        XCTAssertEqual(load(URLRequest(url: second.url("a")), through: first)?.0, Data("second".utf8))
        XCTAssertEqual([first.requestCount, second.requestCount], [1, 1])
    }

    func testAReleasedStubsHostCannotBeFound() {
        var stub: URLStub? = URLStub(always: .status(200))
        let url = stub!.url("x")
        let session = stub!.makeSession()
        stub = nil
        let once = ExactlyOnce<URLError?>()
        session.dataTask(with: url) { _, _, error in once.callback(error as? URLError) }.resume()
        XCTAssertEqual(firstCall(once)??.code, .cannotFindHost)
    }

    func testCancellingAnUnansweredOrDelayedRequestEndsItOnceAndCountsTheCancel() {
        let stub = URLStub()
        stub.on(.get("/never"), .never)
        stub.on(.get("/late"), .delayed(0.2, .status(200)))
        let client = APIClient(baseURL: stub.baseURL, session: stub.makeSession())
        for path in ["never", "late"] {
            let once = ExactlyOnce<Result<Data, APIError>>()
            let handle = client.send(Endpoint<Data>(.path(path)), completion: once.callback)
            Polling.until { stub.requests.contains { $0.path == "/" + path } }
            handle.cancel()
            XCTAssertEqual(firstCall(once)?.failureError, .cancelled, path)
        }
        Polling.until { stub.cancelledCount == 2 }
        // The delayed answer (due 0.2 s after the request) must not reach the cancelled task: each
        // `once` stays watched for a second call, and the count for a change, to the end of the run
        // (LateCallWatch; a run of this test alone still lasts past the answer).
        LateCallWatch.shared.watch("two cancels counted, nothing after", forAtLeast: 0.3, in: self) {
            stub.cancelledCount == 2
        }
    }
}

/// The testing kit's waiter.
final class ExactlyOnceWaiterTests: XCTestCase {
    func testAMissingCallIsReported() {
        let once = ExactlyOnce<Int>()
        XCTAssertThrowsError(try once.wait(timeout: 0.05)) { error in
            XCTAssertEqual(error as? ExactlyOnceError, .notCalled(timeout: 0.05))
            XCTAssertEqual("\(error)", "the callback was not called within 0.05 s")
        }
        XCTAssertThrowsError(try once.verify()) { error in
            XCTAssertEqual(error as? ExactlyOnceError, .notCalled(timeout: 0))
        }
    }

    func testASecondCallIsReported() throws {
        let once = ExactlyOnce<Int>()
        once.callback(1)
        XCTAssertEqual(try once.wait(), 1)
        once.callback(2)
        XCTAssertThrowsError(try once.verify()) { error in
            XCTAssertEqual(error as? ExactlyOnceError, .calledMoreThanOnce(count: 2))
            XCTAssertEqual("\(error)", "the callback was called 2 times; it must be called exactly once")
        }
    }

    func testWaitingOnTheMainThreadLetsMainQueueCompletionsRun() throws {
        let once = ExactlyOnce<String>()
        DispatchQueue.global().async { DispatchQueue.main.async { once.callback("main") } }
        XCTAssertEqual(try once.wait(), "main")
    }
}
