import Foundation

/// Every message the client can say, decided: each case is final (the engine, ``MessageEngine``, has
/// already chosen loopback or not, which scheme, whether a credential was sent, which fix the body points
/// at), and carries only the facts its sentences show. A language's table is one exhaustive `switch` over
/// these cases that writes sentences and decides nothing; adding a language is writing one such table.
///
/// URLs are already shown without secrets (``ShownURL``); an optional URL is one the client did not know.
///
/// `indirect`: a message is made once per explanation and read by one table, so its payload is boxed;
/// the enum is then one reference, and its copies and destroys (in every function that switches over it)
/// are a retain and a release instead of a case analysis of its hundred-odd payloads (about 5,000 fewer
/// instructions in a debug build of the core; BENCHMARKS.md, "Issue 57, item 6").
indirect enum Message: Sendable {
    // MARK: Not built: nothing was sent

    /// A reason the app wrote itself (``RequestProblem/reason(_:)``).
    case appReason(String)
    case baseURLWithoutScheme(baseURL: String)
    case baseURLScheme(baseURL: String, scheme: String)
    case baseURLHostSpace(baseURL: String, host: String)
    /// No URL for a path as the endpoint wrote it.
    case noURLForPath(String)
    /// No `http(s)` URL for an absolute URL (shown without secrets).
    case noURLForURL(String)
    case fragmentInPath(shown: String)
    case bodyNeedsMainActor
    case tokenOffOrigin(host: String)
    case tokenOffOriginUnknownHost
    case multipartBoundary(boundary: String)
    case hookFailed(detail: String)
    case bodyNotFiniteNumber(value: String, codingPath: String?)
    case bodyNotEncodable(codingPath: String?, detail: String)

    // MARK: Sent, no answer

    case offline(url: String?)
    /// `seconds` is the request's timeout when known.
    case timedOut(url: String?, seconds: TimeInterval?)
    case cancelled(url: String?)
    case notAuthenticated(url: String?)
    case transport(TransportMessage, TransportPlace)

    // MARK: Answered

    case http(HTTPMessage)
    case decoding(DecodingMessage)
    case serverRefused(message: String)
    case tooManyTokenRefreshes
    case tokenStorage(reason: String)
    case file(FileMessage)
    case diskFull
    case incompleteDownload(expected: Int64, received: Int64, url: String?)
    case eventStream(EventStreamMessage)
}

// MARK: - Transport

/// Where a transport failure happened: the failing URL and its `host:port`, when known.
struct TransportPlace: Sendable {
    var url: String?
    var hostPort: String?
}

/// A transport failure, decided: one case per `URLError` code Foundation defines, split where the fix
/// differs (a refused connection to this machine or to another; App Transport Security for a local or a
/// remote host; a TLS failure on an `https://` URL), and the hints Linux's text gives.
enum TransportMessage: Sendable, Equatable {
    case refusedLocal, refusedRemote, hostNotFound, dnsFailed, timedOut, connectionLost, unparsable
    case badServerResponse, secureFailedHTTPS, secureFailed, certificateExpired, certificateUntrusted
    case certificateUnknownRoot, certificateNotYetValid, clientCertificateRejected, clientCertificateRequired
    case transportSecurityLocal, transportSecurityRemote, cancelled, unknown, badURL, unsupportedURL
    case tooManyRedirects, resourceUnavailable, notConnected, redirectToNowhere, authenticationCancelled
    case authenticationRequired, zeroByteResource, cannotDecodeRawData, cannotDecodeContentData, roamingOff
    case callIsActive, dataNotAllowed, bodyStreamExhausted, fileDoesNotExist, fileIsDirectory
    case noPermissionToReadFile, dataLengthExceedsMaximum, fileOutsideSafeArea, backgroundSharedContainer
    case backgroundSessionInUse, backgroundSessionDisconnected, cannotLoadFromNetwork, cannotCreateFile
    case cannotOpenFile, cannotCloseFile, cannotWriteToFile, cannotRemoveFile, cannotMoveFile
    case downloadDecodingFailedMidStream, downloadDecodingFailedToComplete
    /// An `https://` URL answered in plain HTTP (Linux's text said so).
    case httpsToPlainServer
    /// The body ended before its `Content-Length`; `missingBytes` when the text said how many.
    case bodyCutShort(missingBytes: Int?)
    /// No route to the host.
    case hostUnreachable
    /// A code this client has no sentence for.
    case other(code: Int)
}

// MARK: - HTTP

/// An answer outside 200–299, decided: its status, URL, what the server said, and the advice that fits.
struct HTTPMessage: Sendable {
    var status: Int
    var url: String?
    var said: ServerWords
    var advice: HTTPAdvice
}

/// What an error answer's body said.
enum ServerWords: Sendable {
    /// The server's own message, from the usual fields (``ServerMessage``), quoted as it is.
    case quoted(String)
    /// An HTML page: its title, when it has one, and its first words.
    case htmlPage(title: String?, firstWords: String)
    /// Nothing readable.
    case nothing
}

/// The why and the fix of an error answer: decided from its status, its body and the credential sent.
enum HTTPAdvice: Sendable {
    /// 401 whose message speaks of an API key.
    case apiKeyNotAccepted
    /// 403 whose message speaks of an API key.
    case apiKeyRefused
    /// 401 after a credential was sent.
    case credentialRefused
    /// 403 after a credential was sent.
    case forbiddenForCredential
    /// 401 or 403 with no credential sent.
    case credentialMissing
    /// 401 or 403, nothing known of the request, and the message speaks of an expired or invalid token.
    case tokenExpired
    /// 401, nothing known of the request.
    case credentialUnknownNotAccepted
    /// 403, nothing known of the request.
    case credentialUnknownRefused
    /// 404 answered with an HTML page.
    case notFoundPage
    case notFound
    case methodNotAllowed
    /// 408, 429, 502, 503, 504 (a 429 or 503 without a `Retry-After`).
    case busy
    /// 429 with a `Retry-After`: the server names the wait.
    case rateLimited(RetryWait)
    /// 503 with a `Retry-After`: the server names the wait.
    case unavailable(RetryWait)
    /// 409, 412.
    case conflict
    case tooLarge
    case unsupportedMediaType
    /// 400 or 422 with the server's message.
    case badParametersNamed
    /// 400 or 422 without one.
    case badParameters
    case clientError
    case serverErrorPage
    case serverError
}

/// How long the server asks the client to wait, as its `Retry-After` said.
enum RetryWait: Sendable {
    case seconds(Int)
    /// The moment, as the header writes it (IMF-fixdate, GMT).
    case until(String)
}

// MARK: - Event streams

// Boxed (`indirect`), as `Message` is: made once per explanation, so a copy is a retain, not a case analysis.
/// An event stream that ended because of what came over it, decided.
indirect enum EventStreamMessage: Sendable {
    /// A 2xx that is not `text/event-stream`; `contentType` as sent, `nil` without one.
    case notAnEventStream(url: String?, status: Int, contentType: String?, came: StreamAnswer)
    case cutMidEvent(url: String?, eventsRead: Int, unfinishedBytes: Int)
    case eventTooLarge(url: String?, limitMiB: Int)
    case errorEvent(url: String?, said: ErrorEventWords)
    case buffered(url: String?, seconds: Int, bytes: Int)
}

/// What came instead of an event stream.
enum StreamAnswer: Sendable {
    /// JSON whose usual fields (``ServerMessage``) hold a message, quoted as it is.
    case jsonMessage(String)
    /// Other JSON: its first characters.
    case json(beginning: String)
    case htmlPage(title: String?, firstWords: String)
    /// Neither JSON nor HTML: its first characters.
    case text(beginning: String)
    case empty
}

/// What an `error` event said.
enum ErrorEventWords: Sendable {
    /// Its data's `error.message` (or `message`, `error`), quoted as it is.
    case quoted(String)
    /// Its data's first characters, when they hold no such message.
    case data(String)
}

// MARK: - Decoding

/// A body that did not decode, decided: where it came from, what went wrong, why, and the fix.
struct DecodingMessage: Sendable {
    var source: DecodingSource
    var what: DecodingWhat
    var why: DecodingWhy
    var fix: DecodingFix
}

/// Where the body came from.
enum DecodingSource: Sendable {
    /// A file the app reads itself.
    case file
    /// An answer, from its URL with its status when known.
    case answer(url: String?, status: Int?)
}

/// Where in the body: as Foundation gave it.
enum CodingPlace: Sendable {
    /// Foundation gave no coding path.
    case unknown
    /// The top-level value.
    case root
    /// `items[0].price`.
    case path(String)
}

/// What a model expected: a Swift type as Foundation named it, or (for `Array<…>`, `Dictionary<…>`) the
/// JSON kind it reads.
enum ExpectedValue: Sendable {
    case type(String)
    case kind(DecodingFailure.JSONKind)
}

// Boxed (`indirect`), as `Message` is: made once per explanation, so a copy is a retain, not a case analysis.
/// What went wrong in the body.
indirect enum DecodingWhat: Sendable {
    case emptyBody
    case htmlPage(title: String?, firstWords: String)
    case notJSON(beginning: String)
    case typeMismatch(CodingPlace, expected: ExpectedValue, found: DecodingFailure.FoundValue?)
    case valueNotFound(CodingPlace, expected: ExpectedValue)
    case keyNotFound(key: String, container: CodingPlace)
    /// `found` shown as the value at the place.
    case dataCorrupted(CodingPlace, detail: String, found: String?)
    /// Foundation gave no path; the body's `key` holds `value` (a guess, named as one).
    case dataCorruptedAtBodyKey(detail: String, key: String, value: String)
    case other(detail: String)
}

// Boxed (`indirect`), as `Message` is: made once per explanation, so a copy is a retain, not a case analysis.
/// Why, as the fix the body points at explains it.
indirect enum DecodingWhy: Sendable {
    // What the body is, when it is not what the model reads at all.
    case webPage, noBody, notThisAPI, answerIsArray
    // A key spelled otherwise.
    case snakeCase(jsonKey: String, property: String)
    case spelledOtherwise(jsonKey: String, property: String)
    case likelyKey(jsonKey: String, property: String)
    case snakeCaseTwice(jsonKey: String, renamed: String)
    // A value of another shape.
    case wrapper(field: String)
    case nullNotOptional, keyAbsent, numberAsString, typeDiffers
    case dateFormat(DecodingFailure.DateFormat)
    // No fix is clear.
    case bodyDoesNotMatch, modelDisagrees
}

// Boxed (`indirect`), as `Message` is: made once per explanation, so a copy is a retain, not a case analysis.
/// The fix, as code the learner writes.
indirect enum DecodingFix: Sendable {
    case convertFromSnakeCase(property: String, jsonKey: String)
    case codingKeys(property: String, jsonKey: String)
    case likelyKey(property: String, jsonKey: String)
    case snakeCaseTwice(jsonKey: String, renamed: String)
    /// `typeName` is the wrapper's suggested name (`Results` for `results`).
    case wrapper(field: String, typeName: String)
    case decodeArray
    /// `type` is the Swift type to make optional, `Type` when unknown.
    case optional(property: String, type: String)
    case numberInString(property: String)
    case dateStrategy(DecodingFailure.DateFormat)
    case changeType(property: String)
    case changeTypeTo(property: String, serverSends: DecodingFailure.JSONKind)
    case voidOrCheckURL
    case checkURL
    case compareWithBody
}

// MARK: - Files

// Boxed (`indirect`), as `Message` is: made once per explanation, so a copy is a retain, not a case analysis.
/// A file that could not be read, sent or placed, decided.
indirect enum FileMessage: Sendable {
    case unreadable(file: String)
    case symbolicLink(file: String)
    case notRegularFile(file: String)
    case grewOrShrank(file: String, url: String?, before: Int64, after: Int64)
    case rewritten(file: String, url: String?, size: Int64)
    case vanished(file: String, url: String?, size: Int64)
    case noDownloadedFile
    case cannotWriteUploadBody(path: String, errno: String)
    /// Foundation's own text, shown as it is.
    case other(String)
}
