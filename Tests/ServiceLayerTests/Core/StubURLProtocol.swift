import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - What a stub answers

/// What the stub does with one request.
enum StubAnswer: Sendable {
    /// Answers with a status, headers and body.
    case respond(status: Int, headers: [String: String], body: Data)
    /// Fails the request with a transport error.
    case fail(URLError)
    /// Never answers: the request stays in flight until it is cancelled (or times out).
    case never
    /// Gives `answer` after `seconds`, unless the request was stopped first.
    indirect case delayed(TimeInterval, StubAnswer)

    /// A JSON answer from a string.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        var all = ["Content-Type": "application/json"]
        all.merge(headers) { _, new in new }
        return .respond(status: status, headers: all, body: Data(text.utf8))
    }

    /// An answer with a status and an optional text body.
    static func status(_ status: Int, body: String = "", headers: [String: String] = [:]) -> StubAnswer {
        .respond(status: status, headers: headers, body: Data(body.utf8))
    }
}

/// One request as the stub saw it.
struct StubRequest: Sendable {
    let request: URLRequest
    /// The body, read from `httpBody` or `httpBodyStream` (URLSession moves it to the stream).
    let body: Data?
    /// When the stub saw it.
    let time: DispatchTime

    var method: String { request.httpMethod ?? "GET" }
    var url: URL? { request.url }
    func header(_ name: String) -> String? { request.value(forHTTPHeaderField: name) }
}

// MARK: - The routes

/// A stubbed host: a unique host name, the handler that answers its requests, and what it saw.
///
/// Every test makes its own (`http://t-<uuid>.test/`), so tests never see each other's requests.
final class StubHost: Sendable {
    typealias Handler = @Sendable (StubRequest) -> StubAnswer

    let host: String
    let handler: Handler
    private let seen = Locked<(requests: [StubRequest], stops: Int)>(([], 0))

    /// Registers a new host answered by `handler`.
    init(_ handler: @escaping Handler) {
        self.host = "t-\(UUID().uuidString.lowercased()).test"
        self.handler = handler
        StubURLProtocol.register(self)
    }

    /// `http://<host>/`.
    var baseURL: URL { URL(string: "http://\(host)/")! }

    /// `http://<host>/<path>`.
    func url(_ path: String) -> URL { URL(string: "http://\(host)/\(path)")! }

    /// Every request the stub received for this host, in order.
    var requests: [StubRequest] { seen.withLock { $0.requests } }
    /// How many requests the stub received for this host.
    var hits: Int { seen.withLock { $0.requests.count } }
    /// How many requests of this host URLSession stopped (`stopLoading`) before the stub answered
    /// them: the requests that were cancelled in flight. (Linux also calls `stopLoading` after a
    /// request finished normally; those calls are not counted.)
    var stops: Int { seen.withLock { $0.stops } }

    func record(_ request: StubRequest) { seen.withLock { $0.requests.append(request) } }
    func recordStop() { seen.withLock { $0.stops += 1 } }

    /// Stops answering for this host.
    func unregister() { StubURLProtocol.unregister(self) }
}

// MARK: - The URLProtocol

/// A `URLProtocol` that answers from the ``StubHost`` registered for the request's host.
///
/// URLSession creates one instance per request and calls `startLoading` and `stopLoading` on it. The
/// only mutable state it adds (`progress`) is behind a `Locked`, and the registry is a static `Locked`.
/// Foundation marks `URLProtocol` explicitly non-`Sendable` on Linux, so a delayed answer carries the
/// instance across threads in an ``UncheckedSendable`` box: safe because the instance's own state is
/// locked and URLSession's protocol client may be called from any thread.
final class StubURLProtocol: URLProtocol {
    private static let hosts = Locked<[String: StubHost]>([:])
    private let progress = Locked<(stopped: Bool, answered: Bool)>((false, false))

    static func register(_ host: StubHost) { hosts.withLock { $0[host.host] = host } }
    static func unregister(_ host: StubHost) { _ = hosts.withLock { $0.removeValue(forKey: host.host) } }

    /// A session whose requests all go through this protocol.
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return APIClient.makeSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let request = self.request
        guard let hostName = request.url?.host?.lowercased(), let host = Self.hosts.withLock({ $0[hostName] }) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let seen = StubRequest(request: request, body: Self.body(of: request), time: .now())
        host.record(seen)
        answer(host.handler(seen))
    }

    override func stopLoading() {
        let unanswered = progress.withLock { progress -> Bool in
            progress.stopped = true
            return !progress.answered
        }
        if unanswered, let hostName = request.url?.host?.lowercased(), let host = Self.hosts.withLock({ $0[hostName] })
        {
            host.recordStop()
        }
    }

    private func answer(_ answer: StubAnswer) {
        if case .never = answer { return }
        if case .delayed(let seconds, let later) = answer {
            let protocolInstance = UncheckedSendable(self)
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { protocolInstance.value.answer(later) }
            return
        }
        let answering = progress.withLock { progress -> Bool in
            // A cancelled task must not hear from its protocol again: on Linux a client call after the
            // cancel crashes URLSession. `state` turns `.canceling` as soon as `cancel()` is called,
            // before `stopLoading`.
            guard !progress.stopped, task?.state == .running else { return false }
            progress.answered = true
            return true
        }
        guard answering else { return }
        switch answer {
        case .respond(let status, let headers, let body):
            guard
                let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { return }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
            client?.urlProtocolDidFinishLoading(self)
        case .fail(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .never, .delayed:
            break
        }
    }

    private static func body(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return nil }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

// MARK: - Test helpers

/// Carries a value the compiler cannot check across threads; see ``StubURLProtocol`` for why it is safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A value behind a lock, for results and counts written from completion handlers.
final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    init(_ value: Value) { storage = Locked(value) }

    var value: Value { storage.withLock { $0 } }

    func set(_ value: Value) { storage.withLock { $0 = value } }

    @discardableResult
    func update<T: Sendable>(_ body: (inout Value) -> T) -> T { storage.withLock { body(&$0) } }
}

extension Box where Value == Int {
    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int {
        update {
            $0 += 1; return $0
        }
    }
}

/// A connectivity source whose answer a test sets.
struct FixedConnectivity: ConnectivitySource {
    let isOnline: Bool
}

/// Test-wide defaults: a stub host per test and a client on a private serial queue.
class CoreTestCase: XCTestCase {
    /// The queue most tests' completions run on.
    let queue = DispatchQueue(label: "CoreTests.callbacks")

    /// A new stub host answered by `handler`, unregistered when the test ends.
    func makeStub(_ handler: @escaping StubHost.Handler) -> StubHost {
        let stub = StubHost(handler)
        addTeardownBlock { stub.unregister() }
        return stub
    }

    /// A stub host that always gives `answer`.
    func makeStub(always answer: StubAnswer) -> StubHost {
        makeStub { _ in answer }
    }

    /// A client for `stub` (or `baseURL`) on ``queue``, with retries off unless `options` says otherwise.
    func makeClient(
        _ stub: StubHost? = nil,
        baseURL: URL? = nil,
        callbackQueue: DispatchQueue? = nil,
        options: APIClient.Options = APIClient.Options(retryPolicy: .never),
        tokenProvider: (@Sendable () -> String?)? = nil
    ) -> APIClient {
        APIClient(
            baseURL: baseURL ?? stub?.baseURL ?? URL(string: "http://unused.test/")!,
            session: StubURLProtocol.makeSession(),
            callbackQueue: callbackQueue ?? queue,
            options: options,
            tokenProvider: tokenProvider)
    }

    /// Sends `endpoint` and waits (10 s by default) for its completion.
    func result<Response>(
        _ endpoint: Endpoint<Response>, on client: APIClient, timeout: TimeInterval = 10,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result<Response, APIError>? {
        let box = Box<Result<Response, APIError>?>(nil)
        let done = expectation(description: "completion")
        client.send(endpoint) { result in
            box.set(result)
            done.fulfill()
        }
        wait(for: [done], timeout: timeout)
        return box.value
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

    /// Polls `condition` every 10 ms until it holds, failing the test after `timeout` seconds.
    func waitUntil(
        timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
    ) {
        let deadline = DispatchTime.now() + timeout
        while !condition() {
            guard DispatchTime.now() < deadline else {
                return XCTFail("condition not met within \(timeout) s", file: file, line: line)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Sleeps the calling thread while letting the main run loop run (so `.main` work is not blocked).
    func pause(_ seconds: TimeInterval) {
        let slept = expectation(description: "pause")
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { slept.fulfill() }
        wait(for: [slept], timeout: seconds + 10)
    }
}

/// Counts a call's completions: the test waits for the first, then a little longer to catch a second.
final class CompletionProbe<Response: Sendable>: Sendable {
    private let results = Box<[Result<Response, APIError>]>([])
    let firstCall: XCTestExpectation

    init(_ testCase: XCTestCase, _ name: String = "completion") {
        firstCall = testCase.expectation(description: name)
        firstCall.assertForOverFulfill = false
    }

    /// The completion to pass to `send`.
    var completion: @Sendable (Result<Response, APIError>) -> Void {
        { result in
            let count = self.results.update { results -> Int in
                results.append(result)
                return results.count
            }
            if count == 1 { self.firstCall.fulfill() }
        }
    }

    var count: Int { results.value.count }
    var result: Result<Response, APIError>? { results.value.first }
}

extension CoreTestCase {
    /// Waits for `probe`'s first completion, then 0.3 s more, and checks there was exactly one.
    func assertCalledExactlyOnce<Response>(
        _ probe: CompletionProbe<Response>, file: StaticString = #filePath, line: UInt = #line
    ) {
        wait(for: [probe.firstCall], timeout: 10)
        pause(0.3)
        XCTAssertEqual(probe.count, 1, "completion calls", file: file, line: line)
    }
}
