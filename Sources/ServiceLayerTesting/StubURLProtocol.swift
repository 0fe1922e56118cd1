import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLProtocol` behind every ``URLStub``: it answers a request from the stub registered for the
/// request's host.
///
/// You rarely name it: ``URLStub/makeSession(configuration:)`` puts it in a session's configuration.
/// To compose your own configuration, put `StubURLProtocol.self` first in its `protocolClasses`.
///
/// URLSession makes one instance per request. Once URLSession calls `stopLoading` (a cancel, or the
/// end of the request), the instance never calls its client again. On Linux it also stops once the
/// task leaves `.running`: a cancel there changes the state before `stopLoading`, and a client call
/// in between crashes URLSession. A delayed answer keeps the instance alive until the delay ends, a
/// held one until its gate opens (or the gate is released).
///
/// An answer given later (delayed or held) is delivered on the thread that started loading, through
/// its run loop, as Apple's URLProtocol documentation asks of every client call; on Linux, where
/// URLSession starts loading on a dispatch queue with no run loop, from a global queue.
///
/// Not on watchOS: URLSession there does not consult custom `URLProtocol` classes.
public final class StubURLProtocol: URLProtocol {
    private struct WeakStub: Sendable {
        weak var stub: URLStub?
    }

    private static let stubs = Locked<[String: WeakStub]>([:])
    private let progress = Locked<(stopped: Bool, answered: Bool)>((false, false))
    /// Where later answers are delivered; set by `startLoading`.
    private var loadingThread: LoadingThread?

    static func register(_ stub: URLStub) { stubs.withLock { $0[stub.host] = WeakStub(stub: stub) } }
    static func unregister(host: String) { _ = stubs.withLock { $0.removeValue(forKey: host) } }

    private static func stub(for request: URLRequest) -> URLStub? {
        guard let host = request.url?.host?.lowercased() else { return nil }
        return stubs.withLock { $0[host]?.stub }
    }

    /// Whether this protocol takes `request`: a request for a live stub's host, or for any host
    /// under ``URLStub/hostSuffix`` (it then fails with `URLError(.cannotFindHost)`).
    public override class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host?.lowercased() else { return false }
        return host.hasSuffix("." + URLStub.hostSuffix) || stub(for: request) != nil
    }

    /// `request`, unchanged.
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// Records the request with its stub and gives the stub's answer.
    public override func startLoading() {
        loadingThread = LoadingThread.current()
        let request = self.request
        guard let stub = Self.stub(for: request) else {
            return answer(.fail(URLError(.cannotFindHost)), stub: nil)
        }
        answer(stub.receive(StubRequest(request)), stub: stub)
    }

    /// Marks the request stopped: no client call follows. Counts a cancel when no answer was given.
    public override func stopLoading() {
        let unanswered = progress.withLock { progress -> Bool in
            progress.stopped = true
            return !progress.answered
        }
        if unanswered { Self.stub(for: request)?.recordCancel() }
    }

    // MARK: Answering

    private func answer(_ answer: StubAnswer, stub: URLStub?) {
        switch answer {
        case .never:
            return
        case .delayed(let seconds, let later):
            // URLProtocol is not Sendable on Linux; the instance's own state is behind `progress`,
            // and the answer goes back to the loading thread (see `LoadingThread`).
            let instance = UncheckedBox(self)
            let thread = loadingThread
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                LoadingThread.run(on: thread) { instance.value.answer(later, stub: stub) }
            }
            return
        case .held(let gate, let later):
            let instance = UncheckedBox(self)
            let thread = loadingThread
            gate.whenOpen { LoadingThread.run(on: thread) { instance.value.answer(later, stub: stub) } }
            return
        default:
            break
        }
        let answering = progress.withLock { progress -> Bool in
            guard !progress.stopped else { return false }
            #if canImport(FoundationNetworking)
            // Linux: `task.state` turns `.canceling` as soon as `cancel()` is called, before `stopLoading`.
            guard task?.state == .running else { return false }
            #endif
            progress.answered = true
            return true
        }
        guard answering else { return }
        deliver(answer)
    }

    private func deliver(_ answer: StubAnswer) {
        switch answer {
        case .respond(let status, let headers, let body):
            guard send(status: status, headers: headers) else { return }
            if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
            client?.urlProtocolDidFinishLoading(self)
        case .truncated(let status, let headers, let body, let sentBytes):
            var all = headers
            all["Content-Length"] = String(body.count)
            guard send(status: status, headers: all) else { return }
            let prefix = body.prefix(max(0, min(sentBytes, body.count - 1)))
            if !prefix.isEmpty { client?.urlProtocol(self, didLoad: Data(prefix)) }
            client?.urlProtocol(self, didFailWithError: URLError(.networkConnectionLost))
        case .fail(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .never, .delayed, .held:
            break
        }
    }

    private func send(status: Int, headers: [String: String]) -> Bool {
        guard
            let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return false
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        return true
    }
}

/// The thread a ``StubURLProtocol`` started loading on: its run loop on Apple platforms, nothing on
/// Linux (URLSession starts loading on a dispatch queue there, and its client may be called anywhere).
struct LoadingThread: @unchecked Sendable {
    #if canImport(FoundationNetworking)
    static func current() -> LoadingThread? { nil }
    #else
    /// The run loop of the thread that called `startLoading`; only used to schedule blocks on it.
    let runLoop: CFRunLoop

    static func current() -> LoadingThread? { LoadingThread(runLoop: CFRunLoopGetCurrent()) }
    #endif

    /// Runs `work` on `thread`'s run loop (and wakes it), or at once where there is none.
    static func run(on thread: LoadingThread?, _ work: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
        work()
        #else
        guard let thread else { return work() }
        CFRunLoopPerformBlock(thread.runLoop, CFRunLoopMode.commonModes.rawValue, work)
        CFRunLoopWakeUp(thread.runLoop)
        #endif
    }
}

/// Carries a value the compiler cannot check across threads; see ``StubURLProtocol`` for why it is safe.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
