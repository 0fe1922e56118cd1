import Foundation

// MARK: - What the server does with a request the wire read, and with what the wire tells

/// The one handler a ``ServerContext`` hands the wire: it records the request, applies a queued fault (or
/// the one a route file asks for), routes, validates caches and finishes the answer (`--delay`, CORS); and
/// writes the teaching answers to what the wire could not read or write. Its observer is ``ServerObserver``.
struct ServerHandler: Sendable {
    /// Routes requests.
    let router: Router
    /// Queued faults.
    let faults: FaultQueue
    /// Recorded requests.
    let log: RequestLog
    /// Validators and 304s (see `CacheValidation.swift`).
    let cache: CacheValidation

    /// The context for one run of the listener at `fallbackAuthority`, closing connections idle for
    /// `idleTimeout` seconds, with `observer` told what the wire reports.
    func context(idleTimeout: TimeInterval, fallbackAuthority: String, observer: ServerObserver) -> ServerContext {
        ServerContext(
            handler: { answer($0) }, observer: { observer.observe($0) }, idleTimeout: idleTimeout,
            fallbackAuthority: fallbackAuthority)
    }

    /// Answers what the wire read: a request (``answer(_:authority:)``), or the teaching answer to a request
    /// it could not read (in the language it asked for), to an answer it could not write safely, or to a
    /// connection over the limit.
    func answer(_ incoming: Incoming) -> HTTPResponse {
        switch incoming {
        case .request(let request, let authority):
            return answer(request, authority: authority)
        case .unreadable(let error, let acceptLanguage):
            let language = TeachingLanguage.parse(acceptLanguage)
            var response = HTTPResponse.error(error.status, Teaching.unreadableRequest(error).text(language))
            response.fields.append(HTTPResponse.Field(name: "Vary", value: "Accept-Language"))
            return response
        case .unwritable(let request):
            return HTTPResponse.teaching(500, .unsafeResponseHead, for: request)
        case .overLimit:
            return HTTPResponse.error(503, Teaching.tooManyConnections.english)
        }
    }

    /// Answers `request`: a queued fault first (an injected close happens before routing, so the request
    /// changes nothing on the server), else the route's response, whose own fault an injected one overrides.
    /// The fault that decides how the answer is written is left in ``HTTPResponse/fault``.
    func answer(_ request: HTTPRequest, authority: String) -> HTTPResponse {
        log.record(request)
        let injected = faults.take(method: request.method, path: request.routePath)
        var response: HTTPResponse
        if injected == .closeBeforeResponse {
            response = HTTPResponse(status: 500, contentType: nil)
        } else {
            response = injected.flatMap(\.replacement) ?? route(request, authority: authority)
        }
        // An injected fault wins over one the route asks for (a route file's "fault").
        let fault = injected ?? response.fault
        if fault != .closeBeforeResponse {
            if injected == nil, let routed = response.fault, let replacement = routed.replacement {
                let delay = response.delay
                response = replacement
                response.delay = delay
            }
            if case .delay(let seconds)? = fault { response.delay = max(response.delay, seconds) }
            response = router.finish(response)  // --delay and CORS on every answer (Router.swift)
        }
        response.fault = fault
        return response
    }

    /// The router's answer: a 412 when a precondition fails (before the method runs: `If-Match`,
    /// `If-Unmodified-Since`, and `If-None-Match` on unsafe methods, for every route, the `--api` folder's
    /// included), else the route's response with validators, or a 304.
    private func route(_ request: HTTPRequest, authority: String) -> HTTPResponse {
        let headers = request.headers
        let unsafe = request.method != "GET" && request.method != "HEAD"
        if headers["if-match"] != nil || headers["if-unmodified-since"] != nil
            || (unsafe && headers["if-none-match"] != nil),
            Router.knownMethods.contains(request.method), request.method != "OPTIONS",
            let (route, _) = router.route(for: request), route.handler(for: request.method) != nil,
            let failed = cache.failedPrecondition(
                request, current: router.currentRepresentation(for: request, authority: authority))
        {
            return failed
        }
        return cache.finish(router.respond(to: request, authority: authority), for: request)
    }
}
