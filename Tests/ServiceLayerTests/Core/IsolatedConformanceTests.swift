import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a thread-recording model was decoded or encoded.
private let threads = Locked<[String: Bool]>([:])

/// Records whether `event` happened on the main thread.
private func record(_ event: String) {
    threads.withLock { $0[event] = TestMainQueue.isCurrent }
}

/// A learner's model as an app target with main-actor default isolation declares it: its `Decodable`
/// conformance is isolated to the main actor (SE-0470), so it may only be decoded there.
private struct LearnerMovie: Equatable {
    let id: Int
    let title: String
}

extension LearnerMovie: @MainActor Decodable {
    init(from decoder: any Decoder) throws {
        record("decode LearnerMovie")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
    }

    private enum CodingKeys: String, CodingKey { case id, title }
}

/// A learner's request body with a main-actor-isolated `Encodable` conformance.
private struct LearnerReview {
    let stars: Int
}

extension LearnerReview: @MainActor Encodable {
    func encode(to encoder: any Encoder) throws {
        record("encode LearnerReview")
        var container = encoder.singleValueContainer()
        try container.encode(["stars": stars])
    }
}

/// A model whose conformance may run anywhere, as ours are: it must be decoded off the main thread.
private struct PlainMovie: Decodable, Sendable {
    let id: Int

    init(from decoder: any Decoder) throws {
        record("decode PlainMovie")
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }

    private enum CodingKeys: String, CodingKey { case id }
}

/// A learner's controller as Xcode's app template makes it (main actor), passing its own plain
/// completion parameter straight on.
@MainActor
private final class LearnerMovieController {
    let client: APIClient

    init(client: APIClient) {
        self.client = client
    }

    func fetchMovie(completion: @escaping (Result<LearnerMovie, APIError>) -> Void) {
        client.send(Endpoint<LearnerMovie>("movie/7"), completion: completion)
    }
}

/// A learner's own `Codable` types work as responses and bodies as they are, in callbacks and in the
/// async twin; they are decoded and encoded on the main actor, and every other type off it.
///
/// XCTest on Linux cannot run `@MainActor` test methods, so each test makes its main-actor-only
/// endpoint inside `MainActor.assumeIsolated` (tests run on the main thread) and sends it as any other.
final class IsolatedConformanceTests: StubTestCase {
    private let movie = #"{"id": 7, "title": "Ran"}"#
    private let movieEndpoint = MainActor.assumeIsolated { Endpoint<LearnerMovie>("movie/7") }

    /// Answers every request with ``movie`` for the whole test.
    private var stub: URLStub!

    override func setUp() {
        super.setUp()
        stub = makeStub(always: .json(movie))
        TestMainQueue.prepare()
        threads.withLock { $0 = [:] }
    }

    func testAMainActorIsolatedResponseIsDecodedOnTheMainActorForACallback() {
        let client = makeClient(stub)
        let once = ExactlyOnce<Result<LearnerMovie, APIError>>()
        client.send(movieEndpoint) { result in
            XCTAssertTrue(TestMainQueue.isCurrent)
            once.callback(result)
        }
        XCTAssertEqual(firstCall(once)?.successValue, LearnerMovie(id: 7, title: "Ran"))
        XCTAssertEqual(threads.withLock { $0["decode LearnerMovie"] }, true)
    }

    func testAMainActorIsolatedResponseWorksInTheAsyncTwinAndThroughMap() async throws {
        let client = makeClient(stub)
        let endpoint = await MainActor.run { Endpoint<LearnerMovie>("movie/7").map { $0.title } }
        let title = try await client.send(endpoint)
        XCTAssertEqual(title, "Ran")
        XCTAssertEqual(threads.withLock { $0["decode LearnerMovie"] }, true)
    }

    func testTheQueueFormDecodesOnTheMainActorThenDeliversOnItsQueue() {
        let client = makeClient(stub)
        let once = ExactlyOnce<Result<LearnerMovie, APIError>>()
        let queue = self.queue
        client.send(movieEndpoint, callbackQueue: queue) { result in
            dispatchPrecondition(condition: .onQueue(queue))
            once.callback(result)
        }
        XCTAssertEqual(firstCall(once)?.successValue?.id, 7)
        XCTAssertEqual(threads.withLock { $0["decode LearnerMovie"] }, true)
    }

    func testAMainActorIsolatedBodyIsEncodedOnTheMainActorAndSent() throws {
        let client = makeClient(stub)
        let review = MainActor.assumeIsolated {
            Endpoint<LearnerMovie>(method: .post, "reviews").body(LearnerReview(stars: 5))
        }
        let once = ExactlyOnce<Result<LearnerMovie, APIError>>()
        client.send(review) { once.callback($0) }
        XCTAssertNotNil(firstCall(once)?.successValue)
        XCTAssertEqual(threads.withLock { $0["encode LearnerReview"] }, true)
        let sent = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(sent.method, "POST")
        XCTAssertEqual(sent.header("Content-Type"), "application/json")
        XCTAssertEqual(sent.bodyText, #"{"stars":5}"#)
    }

    func testAMainActorBodyCallCancelledBeforeItsEncodingSendsNothing() {
        let client = makeClient(stub)
        let review = MainActor.assumeIsolated {
            Endpoint<LearnerMovie>(method: .post, "reviews").body(LearnerReview(stars: 1))
        }
        let once = ExactlyOnce<Result<LearnerMovie, APIError>>()
        let handle = client.send(review) { once.callback($0) }
        handle.cancel()
        XCTAssertEqual(firstCall(once)?.failureError, .cancelled)
        TestMainQueue.drain()
        XCTAssertEqual(stub.requestCount, 0)
        XCTAssertNil(threads.withLock { $0["encode LearnerReview"] }, "a cancelled call encodes nothing")
    }

    func testAMainActorIsolatedResponseThatDoesNotDecodeKeepsItsBody() {
        let wrong = makeStub(always: .json(#"{"id": "seven"}"#))
        let client = makeClient(wrong)
        let once = ExactlyOnce<Result<LearnerMovie, APIError>>()
        client.send(movieEndpoint) { once.callback($0) }
        guard case .decoding(let decodingFailure)? = firstCall(once)?.failureError else {
            return XCTFail("expected a decoding error")
        }
        let description = decodingFailure.facts
        let body = decodingFailure.body
        XCTAssertTrue(description.contains("id"), description)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"id": "seven"}"#)
    }

    func testAMainActorControllerPassesItsPlainCompletionStraightOn() {
        let client = makeClient(stub)
        let controller = MainActor.assumeIsolated { LearnerMovieController(client: client) }
        let once = ExactlyOnce<Result<LearnerMovie, APIError>>()
        MainActor.assumeIsolated { controller.fetchMovie { once.callback($0) } }
        XCTAssertEqual(firstCall(once)?.successValue?.title, "Ran")
    }

    /// A nonisolated conformance is decoded off the main thread, even for a main-actor completion.
    func testAnyOtherResponseIsDecodedOffTheMainThread() {
        let client = makeClient(stub)
        let once = ExactlyOnce<Result<Int, APIError>>()
        client.send(Endpoint<PlainMovie>("movie/7").map(\.id)) { once.callback($0) }
        XCTAssertEqual(firstCall(once)?.successValue, 7)
        XCTAssertEqual(threads.withLock { $0["decode PlainMovie"] }, false)
    }

    /// `parse` reads a saved answer the way the client does, for both kinds of conformance.
    func testParseReadsASavedAnswer() throws {
        let response = try XCTUnwrap(
            HTTPURLResponse(url: URL(string: "http://x.test/")!, statusCode: 200, httpVersion: nil, headerFields: nil))
        let body = Data(movie.utf8)
        let endpoint = movieEndpoint
        let parsed = MainActor.assumeIsolated { endpoint.parse(body, response: response) }
        XCTAssertEqual(parsed.successValue?.title, "Ran")
        XCTAssertEqual(Endpoint<PlainMovie>("m").map(\.id).parse(body, response: response).successValue, 7)
    }
}
