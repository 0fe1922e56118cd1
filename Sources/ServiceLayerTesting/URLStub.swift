import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A fake server for tests without a network: routes that give canned answers or faults, and a record
/// of every request.
///
/// Each stub has a host of its own (`http://<uuid>.stub.test/`), so stubs used at the same time — by
/// tests that run in parallel, say — never see each other's requests. Point the code under test at
/// ``baseURL`` and give it a session from ``makeSession(configuration:)``:
///
/// ```swift
/// let stub = URLStub()
/// stub.on(.get("/categories"), .json(#"{"categories":["soups"]}"#))
/// let menu = MenuController(baseURL: stub.baseURL, session: stub.makeSession())
/// ```
///
/// The stub stops answering when it is deallocated; requests for its host then fail with
/// `URLError(.cannotFindHost)`.
///
/// Not on watchOS: URLSession there never consults custom `URLProtocol` classes, so
/// ``makeSession(configuration:)`` is unavailable on it.
public final class URLStub: Sendable {
    /// Chooses the answer to one request.
    public typealias Handler = @Sendable (StubRequest) -> StubAnswer

    private struct Route {
        let route: StubRoute
        let handler: Handler
        var remaining: Int?
    }

    private struct State {
        var routes: [Route] = []
        var requests: [StubRequest] = []
        var cancelled = 0
    }

    /// This stub's host name, unique to it (`<uuid>.stub.test`).
    public let host: String
    private let unmatched: StubAnswer
    private let state = Locked(State())

    /// A stub with no routes yet.
    ///
    /// - Parameter unmatched: The answer to a request that no route matches; `404` with the body
    ///   `no stub route` by default.
    public init(unmatched: StubAnswer = .status(404, body: "no stub route")) {
        self.host = "\(UUID().uuidString.lowercased()).\(Self.hostSuffix)"
        self.unmatched = unmatched
        StubURLProtocol.register(self)
    }

    /// A stub whose every request is answered by `handler`.
    public convenience init(_ handler: @escaping Handler) {
        self.init()
        on(.all, handler)
    }

    /// A stub that gives every request `answer`.
    public convenience init(always answer: StubAnswer) {
        self.init { _ in answer }
    }

    deinit {
        StubURLProtocol.unregister(host: host)
    }

    /// The suffix of every stub's host: `stub.test`.
    public static let hostSuffix = "stub.test"

    // MARK: Routes

    /// Answers the requests that `route` matches with `answer`.
    ///
    /// The route added last that matches a request answers it.
    ///
    /// - Parameters:
    ///   - route: Which requests; see ``StubRoute``.
    ///   - answer: The canned response or fault.
    ///   - times: For how many requests (at least 1) the route answers before it is used up; `nil`
    ///     (the default) for every request.
    public func on(_ route: StubRoute, _ answer: StubAnswer, times: Int? = nil) {
        on(route, times: times) { _ in answer }
    }

    /// Answers the requests that `route` matches with what `handler` returns for each.
    ///
    /// - Parameters:
    ///   - route: Which requests; see ``StubRoute``.
    ///   - times: For how many requests (at least 1) the route answers before it is used up; `nil`
    ///     (the default) for every request.
    ///   - handler: Chooses the answer; it runs on a URLSession thread.
    public func on(_ route: StubRoute, times: Int? = nil, _ handler: @escaping Handler) {
        precondition((times ?? 1) >= 1, "a route answers at least once; times: \(times ?? 0)")
        state.withLock { $0.routes.append(Route(route: route, handler: handler, remaining: times)) }
    }

    // MARK: Addresses

    /// `http://<host>/`: the base URL to give the code under test.
    public var baseURL: URL { url("") }

    /// `http://<host>/<path>` (a leading `/` of `path` is dropped).
    ///
    /// Built with `URLComponents`, not parsed from text (`URL(string:)` of iOS 15 and 16 follows an
    /// older URL standard than later systems and Linux).
    ///
    /// - Parameter path: The path as plain text (it is percent-encoded here), optionally followed by
    ///   `?` and a query that is percent-encoded already, e.g. `menu?category=desserts%20%26%20more`.
    public func url(_ path: String) -> URL {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let parts = relative.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var components = URLComponents()
        components.scheme = "http"
        components.host = host
        components.path = "/" + parts[0]
        if parts.count > 1 { components.percentEncodedQuery = String(parts[1]) }
        guard let url = components.url else { preconditionFailure("URLStub: no URL for the path \(path)") }
        return url
    }

    // MARK: What the stub saw

    /// Every request the stub received, in order.
    public var requests: [StubRequest] { state.withLock { $0.requests } }

    /// How many requests the stub received.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// How many requests were cancelled (URLSession called `stopLoading`) before the stub answered
    /// them. Requests that finished normally are not counted, though Linux calls `stopLoading` for
    /// them too.
    public var cancelledCount: Int { state.withLock { $0.cancelled } }

    // MARK: Used by StubURLProtocol

    /// Records `request` and returns the handler that answers it.
    func receive(_ request: StubRequest) -> StubAnswer {
        let handler = state.withLock { state -> Handler? in
            state.requests.append(request)
            guard let index = state.routes.lastIndex(where: { $0.route.matches(request) }) else { return nil }
            let handler = state.routes[index].handler
            if let remaining = state.routes[index].remaining {
                if remaining <= 1 {
                    state.routes.remove(at: index)
                } else {
                    state.routes[index].remaining = remaining - 1
                }
            }
            return handler
        }
        return handler?(request) ?? unmatched
    }

    /// Counts a request cancelled before it was answered.
    func recordCancel() { state.withLock { $0.cancelled += 1 } }
}
