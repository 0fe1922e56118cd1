import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one place every message is decided: an ``APIError`` (with what the failed request adds) becomes a
/// final ``Message`` whose facts every language's table only writes out.
enum MessageEngine {
    static func message(for error: APIError, context: MessageContext) -> Message {
        let url = (error.failingURL ?? context.url).flatMap(ShownURL.text)
        switch error {
        case .invalidRequest(let problem): return message(for: problem)
        case .offline: return .offline(url: url)
        case .timedOut: return .timedOut(url: url, seconds: context.timeout)
        case .transport(let urlError): return transport(urlError, contextURL: context.url)
        case .cancelled: return .cancelled(url: url)
        case .notAuthenticated: return .notAuthenticated(url: url)
        case .httpStatus(let code, let body):
            return .http(http(code, body: body.data, url: url, context: context, retryAfter: body.retryAfter))
        case .decoding(let failure): return .decoding(decoding(failure, contextURL: url))
        case .server(let message): return .serverRefused(message: message)
        case .tooManyTokenRefreshes: return .tooManyTokenRefreshes
        case .tokenStorage(let reason): return .tokenStorage(reason: reason)
        case .fileAccess(let problem): return .file(file(problem))
        case .diskFull: return .diskFull
        case .incompleteDownload(let expected, let received, _):
            return .incompleteDownload(expected: expected, received: received, url: url)
        case .eventStream(let problem, _): return .eventStream(eventStream(problem, url: url))
        }
    }

    // MARK: - Requests not built

    static func message(for problem: RequestProblem) -> Message {
        switch problem {
        case .reason(let text): return .appReason(text)
        case .baseURLWithoutScheme(let base): return .baseURLWithoutScheme(baseURL: base)
        case .baseURLScheme(let base, let scheme): return .baseURLScheme(baseURL: base, scheme: scheme)
        case .baseURLHostSpace(let base, let host): return .baseURLHostSpace(baseURL: base, host: host)
        case .noURL(.path(let path)): return .noURLForPath(path)
        case .noURL(.url(let url)): return .noURLForURL(url)
        case .fragmentInPath(let shown): return .fragmentInPath(shown: shown)
        case .bodyNeedsMainActor: return .bodyNeedsMainActor
        case .tokenOffOrigin(let host?): return .tokenOffOrigin(host: host)
        case .tokenOffOrigin(nil): return .tokenOffOriginUnknownHost
        case .multipartBoundary(let boundary): return .multipartBoundary(boundary: boundary)
        case .hookFailed(let detail): return .hookFailed(detail: detail)
        case .bodyNotFiniteNumber(let value, let path): return .bodyNotFiniteNumber(value: value, codingPath: path)
        case .bodyNotEncodable(let path, let detail): return .bodyNotEncodable(codingPath: path, detail: detail)
        }
    }

    // MARK: - Transport

    static func transport(_ error: URLError, contextURL: URL?) -> Message {
        let failing = error.failingURL ?? contextURL
        let place = TransportPlace(url: failing.flatMap(ShownURL.text), hostPort: failing.flatMap(ShownURL.hostPort))
        let isLoopback = if let failing { LoopbackHost.matches(failing.absoluteURL) } else { false }
        switch (error.userInfo[TransportHint.key] as? String).flatMap(TransportHint.init(rawValue:)) {
        case .httpsToPlainServer?: return .transport(.httpsToPlainServer, place)
        case .bodyCutShort?:
            return .transport(.bodyCutShort(missingBytes: error.userInfo[TransportHint.missingBytesKey] as? Int), place)
        case .hostUnreachable?: return .transport(.hostUnreachable, place)
        case nil:
            let https = failing?.scheme?.lowercased() == "https"
            return .transport(transportCase(error.code.rawValue, isLoopback: isLoopback, https: https), place)
        }
    }

    // The raw values, so that the cases are the same on every platform (a few codes exist only on
    // Apple's Foundation or only in swift-corelibs-foundation).
    private static func transportCase(_ code: Int, isLoopback: Bool, https: Bool) -> TransportMessage {
        switch code {
        case -1004: return isLoopback ? .refusedLocal : .refusedRemote  // cannotConnectToHost
        case -1022: return isLoopback ? .transportSecurityLocal : .transportSecurityRemote  // ATS
        case -1200: return https ? .secureFailedHTTPS : .secureFailed  // secureConnectionFailed
        default: return codes[code] ?? .other(code: code)
        }
    }

    /// The cases that depend on the code alone.
    private static let codes: [Int: TransportMessage] = [
        -1003: .hostNotFound, -1006: .dnsFailed, -1001: .timedOut, -1005: .connectionLost, -1017: .unparsable,
        -1011: .badServerResponse, -1201: .certificateExpired, -1202: .certificateUntrusted,
        -1203: .certificateUnknownRoot, -1204: .certificateNotYetValid, -1205: .clientCertificateRejected,
        -1206: .clientCertificateRequired, -999: .cancelled, -1: .unknown, -1000: .badURL, -1002: .unsupportedURL,
        -1007: .tooManyRedirects, -1008: .resourceUnavailable, -1009: .notConnected, -1010: .redirectToNowhere,
        -1012: .authenticationCancelled, -1013: .authenticationRequired, -1014: .zeroByteResource,
        -1015: .cannotDecodeRawData, -1016: .cannotDecodeContentData, -1018: .roamingOff, -1019: .callIsActive,
        -1020: .dataNotAllowed, -1021: .bodyStreamExhausted, -1100: .fileDoesNotExist, -1101: .fileIsDirectory,
        -1102: .noPermissionToReadFile, -1103: .dataLengthExceedsMaximum, -1104: .fileOutsideSafeArea,
        -995: .backgroundSharedContainer, -996: .backgroundSessionInUse, -997: .backgroundSessionDisconnected,
        -2000: .cannotLoadFromNetwork, -3000: .cannotCreateFile, -3001: .cannotOpenFile, -3002: .cannotCloseFile,
        -3003: .cannotWriteToFile, -3004: .cannotRemoveFile, -3005: .cannotMoveFile,
        -3006: .downloadDecodingFailedMidStream, -3007: .downloadDecodingFailedToComplete,
    ]

    // MARK: - HTTP

    static func http(
        _ code: Int, body: Data, url: String?, context: MessageContext, retryAfter: APIError.RetryAfter? = nil
    ) -> HTTPMessage {
        let said = ServerMessage.read(body)
        let page = HTMLPage(body)
        let words: ServerWords
        switch (said, page) {
        case (let said?, _): words = .quoted(said)
        case (nil, let page?): words = .htmlPage(title: page.title, firstWords: page.firstWords)
        case (nil, nil): words = .nothing
        }
        let lowered = said?.lowercased() ?? ""
        let facts = HTTPFacts(
            code: code, isPage: page != nil, hasMessage: said != nil, sentCredential: context.sentCredential,
            mentionsAPIKey: ["api key", "api_key", "apikey", "api-key"].contains { lowered.contains($0) },
            mentionsExpiredToken: lowered.contains("expired")
                || (lowered.contains("token") && (lowered.contains("invalid") || lowered.contains("revoked"))),
            retryAfter: retryAfter.map(wait))
        return HTTPMessage(status: code, url: url, said: words, advice: advice(facts))
    }

    /// What decides an error answer's advice.
    struct HTTPFacts {
        var code: Int
        var isPage: Bool
        var hasMessage: Bool
        /// `nil` when unknown (the error alone does not say).
        var sentCredential: Bool?
        var mentionsAPIKey: Bool
        var mentionsExpiredToken: Bool
        /// The wait a 429's or 503's `Retry-After` names.
        var retryAfter: RetryWait? = nil
    }

    /// The wait `retryAfter` names, as a message shows it.
    static func wait(_ retryAfter: APIError.RetryAfter) -> RetryWait {
        switch retryAfter {
        case .seconds(let seconds): return .seconds(seconds)
        case .date(let date): return .until(APIError.RetryAfter.text(of: date))
        }
    }

    static func advice(_ facts: HTTPFacts) -> HTTPAdvice {
        switch facts.code {
        case 401, 403: return credentialAdvice(facts)
        case 404: return facts.isPage ? .notFoundPage : .notFound
        case 405: return .methodNotAllowed
        case 429: return facts.retryAfter.map(HTTPAdvice.rateLimited) ?? .busy
        case 503: return facts.retryAfter.map(HTTPAdvice.unavailable) ?? .busy
        case 408, 502, 504: return .busy
        case 409, 412: return .conflict
        case 413: return .tooLarge
        case 415: return .unsupportedMediaType
        case 400, 422: return facts.hasMessage ? .badParametersNamed : .badParameters
        case 400..<500: return .clientError
        default: return facts.isPage ? .serverErrorPage : .serverError
        }
    }

    private static func credentialAdvice(_ facts: HTTPFacts) -> HTTPAdvice {
        let notAccepted = facts.code == 401
        if facts.mentionsAPIKey { return notAccepted ? .apiKeyNotAccepted : .apiKeyRefused }
        switch facts.sentCredential {
        case true?: return notAccepted ? .credentialRefused : .forbiddenForCredential
        case false?: return .credentialMissing
        case nil:
            if facts.mentionsExpiredToken { return .tokenExpired }
            return notAccepted ? .credentialUnknownNotAccepted : .credentialUnknownRefused
        }
    }

    // MARK: - Decoding

    static func decoding(_ failure: DecodingFailure, contextURL: String?) -> DecodingMessage {
        let url = failure.url.flatMap(ShownURL.text) ?? contextURL
        let source: DecodingSource =
            url == nil && failure.status == nil ? .file : .answer(url: url, status: failure.status)
        return DecodingMessage(
            source: source, what: what(failure.problem), why: why(failure.problem, failure.fix),
            fix: fix(failure.problem, failure.fix))
    }

    private static func place(_ path: String?) -> CodingPlace {
        switch path {
        case nil: return .unknown
        case ""?: return .root
        case let path?: return .path(path)
        }
    }

    private static func expected(_ type: String) -> ExpectedValue {
        if type.hasPrefix("Array<") { return .kind(.array) }
        if type.hasPrefix("Dictionary<") { return .kind(.object) }
        return .type(type)
    }

    private static func what(_ problem: DecodingFailure.Problem) -> DecodingWhat {
        switch problem {
        case .emptyBody: return .emptyBody
        case .htmlPage(let title, let words): return .htmlPage(title: title, firstWords: words)
        case .notJSON(let beginning): return .notJSON(beginning: beginning)
        case .typeMismatch(let path, let type, let found):
            return .typeMismatch(place(path), expected: expected(type), found: found)
        case .valueNotFound(let path, let type): return .valueNotFound(place(path), expected: expected(type))
        case .keyNotFound(let key, let path): return .keyNotFound(key: key, container: place(path))
        case .dataCorrupted(let path, let detail, let found):
            if path == nil, let found, let key = found.bodyKey {
                return .dataCorruptedAtBodyKey(detail: detail, key: key, value: found.text)
            }
            return .dataCorrupted(place(path), detail: detail, found: found?.text)
        case .other(let detail): return .other(detail: detail)
        }
    }

    private static func why(_ problem: DecodingFailure.Problem, _ fix: DecodingFailure.Fix?) -> DecodingWhy {
        switch fix {
        case .convertFromSnakeCase(let property, let key)?: return .snakeCase(jsonKey: key, property: property)
        case .codingKeys(let property, let key)?: return .spelledOtherwise(jsonKey: key, property: property)
        case .likelyKey(let property, let key)?: return .likelyKey(jsonKey: key, property: property)
        case .snakeCaseTwice(let key, let renamed)?: return .snakeCaseTwice(jsonKey: key, renamed: renamed)
        case .wrapper(let field)?: return .wrapper(field: field)
        case .decodeArray?: return .answerIsArray
        case .optional?:
            if case .valueNotFound = problem { return .nullNotOptional }
            return .keyAbsent
        case .numberInString?: return .numberAsString
        case .dateStrategy(let format)?: return .dateFormat(format)
        case .changeType?: return .typeDiffers
        case .checkURL?:
            switch problem {
            case .htmlPage: return .webPage
            case .emptyBody: return .noBody
            default: return .notThisAPI
            }
        case nil:
            if case .other = problem { return .bodyDoesNotMatch }
            return .modelDisagrees
        }
    }

    private static func fix(_ problem: DecodingFailure.Problem, _ fix: DecodingFailure.Fix?) -> DecodingFix {
        switch fix {
        case .convertFromSnakeCase(let property, let key)?:
            return .convertFromSnakeCase(property: property, jsonKey: key)
        case .codingKeys(let property, let key)?: return .codingKeys(property: property, jsonKey: key)
        case .likelyKey(let property, let key)?: return .likelyKey(property: property, jsonKey: key)
        case .snakeCaseTwice(let key, let renamed)?: return .snakeCaseTwice(jsonKey: key, renamed: renamed)
        case .wrapper(let field)?: return .wrapper(field: field, typeName: typeName(field))
        case .decodeArray?: return .decodeArray
        case .optional(let property, let type)?:
            if let type { return .optional(property: property, type: type) }
            if case .valueNotFound(_, let expected) = problem { return .optional(property: property, type: expected) }
            return .optional(property: property, type: "Type")
        case .numberInString(let property)?: return .numberInString(property: property)
        case .dateStrategy(let format)?: return .dateStrategy(format)
        case .changeType(let property, let kind?)?: return .changeTypeTo(property: property, serverSends: kind)
        case .changeType(let property, nil)?: return .changeType(property: property)
        case .checkURL?:
            if case .emptyBody = problem { return .voidOrCheckURL }
            return .checkURL
        case nil: return .compareWithBody
        }
    }

    /// `results` → `Results`, `movie_list` → `MovieList`.
    private static func typeName(_ field: String) -> String {
        field.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    // MARK: - Files

    static func file(_ problem: FileProblem) -> FileMessage {
        switch problem {
        case .unreadable(let file): return .unreadable(file: file)
        case .symbolicLink(let file): return .symbolicLink(file: file)
        case .notRegularFile(let file): return .notRegularFile(file: file)
        case .changedWhileSent(let file, let url, let before, let after?):
            if after == before { return .rewritten(file: file, url: url, size: before) }
            return .grewOrShrank(file: file, url: url, before: before, after: after)
        case .changedWhileSent(let file, let url, let before, nil): return .vanished(file: file, url: url, size: before)
        case .noDownloadedFile: return .noDownloadedFile
        case .cannotWriteUploadBody(let path, let errno): return .cannotWriteUploadBody(path: path, errno: errno)
        case .other(let text): return .other(text)
        }
    }
}
