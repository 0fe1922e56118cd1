import Foundation

@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One of every decided message, made the way the client makes them: errors with their facts, through
/// ``MessageEngine``. The first message of each ``Message/key`` is that case's sample, whose English
/// text a translation's fingerprint follows.
enum MessageCorpus {
    static let url = URL(string: "https://api.example.com:8443/v3/movies")!
    static let local = URL(string: "http://127.0.0.1:8090/menu")!

    static func message(_ error: APIError, request: URLRequest? = nil) -> Message {
        MessageEngine.message(for: error, context: MessageContext(request: request))
    }

    static var all: [Message] {
        var errors: [(APIError, URLRequest?)] = []
        let problems: [RequestProblem] = [
            "REASON-42", .baseURLWithoutScheme(baseURL: "localhost:8090/"),
            .baseURLScheme(baseURL: "htp://localhost:8090/", scheme: "htp"),
            .baseURLHostSpace(baseURL: "http://local%20host:8090/", host: "local host"), .noURL(.path("::movies")),
            .noURL(.url("ftp://files.example.com/a")), .fragmentInPath(shown: "tags/c#…"), .bodyNeedsMainActor,
            .tokenOffOrigin(host: "api.example.com"), .tokenOffOrigin(host: nil),
            .multipartBoundary(boundary: "Boundary-77"), .hookFailed(detail: "DETAIL-7"),
            .bodyNotFiniteNumber(value: "nan", codingPath: "items[0].price"),
            .bodyNotFiniteNumber(value: "inf", codingPath: nil),
            .bodyNotEncodable(codingPath: "items[0]", detail: "DETAIL-8"),
            .bodyNotEncodable(codingPath: nil, detail: "DETAIL-8"),
        ]
        errors += problems.map { (.invalidRequest($0), nil) }
        for url in [url, nil] as [URL?] {
            errors += [
                (.offline(url: url), nil), (.timedOut(url: url), nil), (.cancelled, nil), (.notAuthenticated, nil),
                (.incompleteDownload(expected: 2000, received: 1000, url: url), nil),
            ]
        }
        var timed = URLRequest(url: url)
        timed.timeoutInterval = 0.5
        errors.append((.timedOut(url: nil), timed))
        timed.timeoutInterval = 60
        errors.append((.timedOut(url: nil), timed))
        errors += [
            (.server(message: "Email taken"), nil), (.tooManyTokenRefreshes, nil),
            (.tokenStorage("Not a directory (errno 20)"), nil), (.diskFull, nil),
        ]
        let files: [FileProblem] = [
            .unreadable(file: "a.png"), .symbolicLink(file: "a.png"), .notRegularFile(file: "folder"),
            .changedWhileSent(file: "a.bin", url: url.absoluteString, sizeBefore: 100, sizeAfter: 200),
            .changedWhileSent(file: "a.bin", url: nil, sizeBefore: 100, sizeAfter: 100),
            .changedWhileSent(file: "a.bin", url: url.absoluteString, sizeBefore: 100, sizeAfter: nil),
            .noDownloadedFile, .cannotWriteUploadBody(path: "/tmp/ServiceLayer-upload-1", errno: "EACCES"),
            .other("FOUNDATION-TEXT-5"),
        ]
        errors += files.map { (.fileAccess($0), nil) }
        errors += transportErrors().map { ($0, nil) }
        errors += httpErrors()
        errors += decodingFailures().map { (.decoding($0), nil) }
        errors += eventStreamErrors().map { ($0, nil) }
        return errors.map { message($0.0, request: $0.1) }
    }

    /// Every URLError code Foundation defines, on a local and a remote host, over http and https, and
    /// the hints Linux's text gives.
    static func transportErrors() -> [APIError] {
        let codes = [
            -1004, -1003, -1006, -1001, -1005, -1017, -1011, -1200, -1201, -1202, -1203, -1204, -1205, -1206, -1022,
            -999, -1, -1000, -1002, -1007, -1008, -1009, -1010, -1012, -1013, -1014, -1015, -1016, -1018, -1019,
            -1020, -1021, -1100, -1101, -1102, -1103, -1104, -995, -996, -997, -2000, -3000, -3001, -3002, -3003,
            -3004, -3005, -3006, -3007, -4242,
        ]
        var errors: [APIError] = []
        for raw in codes {
            #if canImport(FoundationNetworking)
            let code = URLError.Code(rawValue: raw) ?? .unknown  // failable on Linux only
            #else
            let code = URLError.Code(rawValue: raw)
            #endif
            for failing in [url, local, URL(string: "http://api.example.com/x")!] {
                errors.append(.transport(URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: failing])))
            }
            errors.append(.transport(URLError(code)))
        }
        let hints: [(TransportHint, Int?)] = [
            (.httpsToPlainServer, nil), (.bodyCutShort, 40), (.bodyCutShort, nil), (.hostUnreachable, nil),
        ]
        for (hint, missing) in hints {
            var info: [String: Any] = [NSURLErrorFailingURLErrorKey: local, TransportHint.key: hint.rawValue]
            info[TransportHint.missingBytesKey] = missing
            errors.append(.transport(URLError(.unknown, userInfo: info)))
        }
        return errors
    }

    /// Each status the advice tells apart, with a server message, an HTML page, nothing, an API key and an
    /// expired token, after a request that carried a credential, one that did not, and none known.
    static func httpErrors() -> [(APIError, URLRequest?)] {
        var withToken = URLRequest(url: url)
        withToken.setValue("Bearer tok", forHTTPHeaderField: "Authorization")
        let requests: [URLRequest?] = [nil, withToken, URLRequest(url: url)]
        let bodies = [
            #"{"message":"Not found"}"#, "<html><title>Oops</title>Down for maintenance</html>", "",
            #"{"error":"Invalid API key"}"#, #"{"message":"token expired"}"#,
        ]
        var errors: [(APIError, URLRequest?)] = []
        for code in [400, 401, 403, 404, 405, 408, 409, 413, 415, 418, 422, 429, 500, 503, 599] {
            for body in bodies {
                for request in requests {
                    errors.append(
                        (.httpStatus(code: code, body: APIError.Body(data: Data(body.utf8), url: url)), request))
                }
            }
        }
        // A 429 and a 503 naming their wait, in seconds and as a date.
        let date = Date(timeIntervalSince1970: 1_792_567_680)  // Wed, 21 Oct 2026 07:28:00 GMT
        for code in [429, 503] {
            for wait in [APIError.RetryAfter.seconds(120), .seconds(1), .date(date)] {
                let body = APIError.Body(data: Data(#"{"message":"Slow down"}"#.utf8), url: url, retryAfter: wait)
                errors.append((.httpStatus(code: code, body: body), nil))
            }
        }
        return errors
    }

    /// Each problem of an event stream, with each kind of answer that came instead of events and each
    /// kind of `error` event, from a known URL and an unknown one.
    static func eventStreamErrors() -> [APIError] {
        let bodies = [
            #"{"error":"nope"}"#, #"[1,2,3]"#, "<html><title>Sign in</title>Please sign in</html>", "Hello there", "",
        ]
        var problems: [EventStreamProblem] = bodies.map {
            .notAnEventStream(status: 200, contentType: "application/json", body: Data($0.utf8))
        }
        problems += [
            .notAnEventStream(status: 203, contentType: nil, body: Data()),
            .cutMidEvent(eventsRead: 3, unfinishedBytes: 42), .cutMidEvent(eventsRead: 1, unfinishedBytes: 7),
            .cutMidEvent(eventsRead: 0, unfinishedBytes: 7), .eventTooLarge(limit: 16 << 20),
            .errorEvent(type: "error", data: #"{"error":{"message":"The model is overloaded"}}"#, id: nil),
            .errorEvent(type: "error", data: "boom at step 4", id: "9"),
            .buffered(seconds: 30.2, bytesReceived: 4096),
        ]
        return problems.flatMap { problem in [url, nil].map { APIError.eventStream(problem, url: $0) } }
    }

    /// Each problem with each fix it can have, from an answer and from a file.
    static func decodingFailures() -> [DecodingFailure] {
        let found = DecodingFailure.FoundValue(kind: .string, text: "\"12.5\"")
        let problems: [DecodingFailure.Problem] = [
            .emptyBody, .htmlPage(title: "Oops", firstWords: "Down"), .htmlPage(title: nil, firstWords: ""),
            .notJSON(beginning: "Hello"),
            .typeMismatch(codingPath: "results[0].price", expected: "Double", found: found),
            .typeMismatch(codingPath: "", expected: "Array<Any>", found: nil),
            .typeMismatch(codingPath: nil, expected: "Dictionary<String, Any>", found: nil),
            .valueNotFound(codingPath: "nickname", expected: "String"),
            .keyNotFound(key: "release_date", codingPath: "results[0]"), .keyNotFound(key: "name", codingPath: ""),
            .keyNotFound(key: "name", codingPath: nil),
            .dataCorrupted(codingPath: "released", detail: "DETAIL-9", found: found),
            .dataCorrupted(
                codingPath: nil, detail: "DETAIL-9", found: .init(kind: .string, text: "\"2024\"", bodyKey: "released")),
            .dataCorrupted(codingPath: nil, detail: "DETAIL-9", found: nil), .other(detail: "RAW-3"),
        ]
        let fixes: [DecodingFailure.Fix?] =
            [
                nil, .convertFromSnakeCase(property: "releaseDate", jsonKey: "release_date"),
                .codingKeys(property: "releaseDate", jsonKey: "ReleaseDate"),
                .likelyKey(property: "name", jsonKey: "title"),
                .snakeCaseTwice(jsonKey: "release_date", renamed: "releaseDate"), .wrapper(field: "movie_list"),
                .decodeArray,
                .optional(property: "nickname", type: nil), .optional(property: "nickname", type: "String"),
                .numberInString(property: "price"), .changeType(property: "price", serverSends: .string),
                .changeType(property: "price", serverSends: nil), .checkURL,
            ] + DecodingFailure.DateFormat.allCases.map { .dateStrategy($0) }
        var failures: [DecodingFailure] = []
        for problem in problems {
            for fix in fixes {
                failures.append(DecodingFailure(url: url, status: 200, problem: problem, fix: fix))
            }
        }
        failures.append(
            DecodingFailure(
                problem: .keyNotFound(key: "name", codingPath: ""), fix: .optional(property: "name", type: nil)))
        failures.append(DecodingFailure(url: url, problem: .emptyBody, fix: .checkURL))
        failures.append(DecodingFailure(status: 200, problem: .other(detail: "RAW-3"), fix: nil))
        return failures
    }

    /// For each recorded key, its first message in the corpus and the part of the text it covers: the
    /// sample whose English a translation's fingerprint follows.
    static var samples: [(key: String, message: Message, part: ExplanationPart)] {
        var seen: Set<String> = []
        var samples: [(String, Message, ExplanationPart)] = []
        for message in all {
            for (key, part) in message.followedParts where seen.insert(key).inserted {
                samples.append((key, message, part))
            }
        }
        return samples
    }
}
