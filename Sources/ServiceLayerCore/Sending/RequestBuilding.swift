import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Building the request

extension APIClient {
    /// The `URLRequest` for `endpoint`, or the reason it cannot be built: the URL (the base URL's path
    /// kept, the query strictly encoded), the method, a whole-second timeout, the client's headers
    /// (only to its own origin), the body, the endpoint's headers, the learner's language as
    /// `Accept-Language` when none of those set one (``acceptLanguage(_:)``), and the credential: an endpoint that
    /// requires authorization is `authorize`d, and fails with ``APIError/notAuthenticated`` without it.
    func makeRequest<Response>(for endpoint: Endpoint<Response>, authorize: ((inout URLRequest) -> Void)? = nil)
        -> Result<URLRequest, APIError>
    {
        makeRequestAndRule(for: endpoint, authorize: authorize).map(\.request)
    }

    /// ``makeRequest(for:authorize:)``, with the own-origin rule of its headers (see
    /// `OwnOriginHeaders.swift`): the client's headers, and those `authorize` set or changed.
    func makeRequestAndRule<Response>(
        for endpoint: Endpoint<Response>, authorize: ((inout URLRequest) -> Void)? = nil
    ) -> Result<(request: URLRequest, rule: OwnOriginHeaders), APIError> {
        // A path under the base URL is always on its origin; an absolute URL may be anywhere.
        let url: URL?
        let isOwnOrigin: Bool
        switch endpoint.target {
        case .path(let path):
            if let baseURLProblem { return .failure(baseURLProblem.error) }
            if let problem = URLBuilding.fragmentProblem(inPath: path) { return .failure(problem) }
            url = URLBuilding.url(base: baseURL, plainBase: plainBase, path: path, query: endpoint.query)
            isOwnOrigin = true
        case .url(let absolute):
            url = URLBuilding.url(absolute, appending: endpoint.query)
            isOwnOrigin = url.map { Origin.same($0, baseURL) } ?? false
        }
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            switch endpoint.target {  // the target as text with no secret (a token, a password)
            case .path(let path): return .failure(.invalidRequest(.noURL(.path(path))))
            case .url(let absolute): return .failure(.invalidRequest(.noURL(.url(Redaction.url(absolute)))))
            }
        }
        var request = URLRequest(url: url)
        if endpoint.method != .get { request.httpMethod = endpoint.method.rawValue }  // GET is the default
        request.timeoutInterval = wholeSecondTimeout(for: endpoint)
        if isOwnOrigin {  // the client's headers (an API key, say) never go to another host
            for (name, value) in options.headers { request.setValue(value, forHTTPHeaderField: name) }
        }
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        if let body = endpoint.body {
            switch body.encodedHere(with: options.encoder) {
            case .success(let data) where body.upload.isNone: request.httpBody = data
            case .success: break  // a file or a form with files: sent from disk by the exchange
            case .failure(let error): return .failure(error)
            case nil: return .failure(.invalidRequest(.bodyNeedsMainActor))
            }
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        if !sessionSetsAcceptLanguage, request.value(forHTTPHeaderField: "Accept-Language") == nil {
            request.setValue(Self.acceptLanguage(APIError.messageLanguage), forHTTPHeaderField: "Accept-Language")
        }
        var credentialStepHeaders: Set<String> = []
        if endpoint.requiresAuthorization {
            guard isOwnOrigin else { return .failure(.invalidRequest(.tokenOffOrigin(host: baseURL.host))) }
            guard let authorize else { return .failure(.notAuthenticated) }
            let before = request
            authorize(&request)
            credentialStepHeaders = OwnOriginHeaders.changedNames(from: before, to: request)
        }
        let rule = OwnOriginHeaders(
            baseURL: baseURL, clientHeaders: options.headers.keys, credentialStepHeaders: credentialStepHeaders)
        return .success((request, rule))
    }

    /// The `Accept-Language` of a request that sets none (nor its client's headers, nor the session's
    /// configuration): the message language, then English, so that a server that teaches in several
    /// languages (the fixture server does) answers in the one the learner reads its errors in, and its
    /// words arrive quoted in a message of the same language. `en` alone in English; `zh-TW` and `zh-CN`
    /// for the Chinese tables, whose usage is Taiwan's and the mainland's (servers know the region tags
    /// better than the script ones).
    static func acceptLanguage(_ language: APIError.MessageLanguage) -> String {
        if language == .english { return "en" }
        let tag =
            switch language.rawValue {
            case "zh-Hant": "zh-TW"
            case "zh-Hans": "zh-CN"
            default: language.rawValue
            }
        return tag + ", en;q=0.5"
    }

    /// The timeout that applies to `endpoint`, rounded up to whole seconds and at least 1: the endpoint's
    /// own, else the client's ``Options/timeout``, else the session's `timeoutIntervalForRequest`.
    func wholeSecondTimeout<Response>(for endpoint: Endpoint<Response>) -> TimeInterval {
        max(1, (endpoint.timeout ?? defaultTimeout).rounded(.up))
    }

    /// The timeout of an endpoint that names none: ``Options/timeout``, else the session's
    /// `timeoutIntervalForRequest` (not rounded).
    var defaultTimeout: TimeInterval {
        options.timeout ?? sessionTimeout
    }
}
