import Foundation

/// The English table: every decided ``Message`` written out. It decides nothing: each case's sentences
/// are fixed, and ``EnglishGrammar`` joins the facts into them.
struct EnglishMessages: MessageTable {
    private typealias G = EnglishGrammar

    func explain(_ message: Message) -> APIError.Explanation {
        switch message {
        case .appReason(let reason):
            return .init(
                what: "The request could not be built, so nothing was sent: \(reason)",
                why: "The endpoint's URL or body is not valid as written",
                fix: "Fix the endpoint in the calling code: its path, its query values or its body")
        case .baseURLWithoutScheme(let base):
            return .init(
                what: "The request could not be built, so nothing was sent: the base URL \"\(base)\" has no scheme",
                why: """
                    A base URL must start with `http://` or `https://`; without it, "\(base)" is not read as a \
                    host and port (`localhost:8090/` reads as the scheme `localhost`)
                    """,
                fix: "Write the base URL with its scheme, such as `URL(string: \"http://\(base)\")`")
        case .baseURLScheme(let base, let scheme):
            return .init(
                what: """
                    The request could not be built, so nothing was sent: the base URL "\(base)" has the \
                    scheme "\(scheme)"
                    """,
                why: "The client sends only `http://` and `https://` URLs",
                fix: "Correct the scheme in the base URL to `http` (a local development server) or `https`")
        case .baseURLHostSpace(let base, let host):
            return .init(
                what: """
                    The request could not be built, so nothing was sent: the host "\(host)" of the base URL \
                    "\(base)" contains a space
                    """,
                why: "A host name cannot contain spaces",
                fix: "Remove the space from the host in the base URL")
        case .noURLForPath(let path):
            return .init(
                what: """
                    The request could not be built, so nothing was sent: no valid http(s) URL can be formed for \
                    the path "\(path)"
                    """,
                why: "The endpoint's path is not valid as written",
                fix: "Fix the endpoint's path in the calling code")
        case .noURLForURL(let url):
            return .init(
                what: "The request could not be built, so nothing was sent: no valid http(s) URL can be formed for "
                    + url,
                why: "The endpoint's URL is not valid as written",
                fix: """
                    Fix the endpoint's URL in the calling code (an absolute URL must start with `http://` or \
                    `https://`)
                    """)
        case .fragmentInPath(let shown):
            return .init(
                what: """
                    The request could not be built, so nothing was sent: the endpoint path "\(shown)" \
                    contains "#", which starts a URL fragment
                    """,
                why: "A fragment is never sent to the server, so everything from the \"#\" on would be lost",
                fix: """
                    If "#" is part of a value, pass the value as a query item \
                    (`query: [URLQueryItem(name: "q", value: "c#")]` sends it as %23) or write %23 in the path; \
                    if it is a fragment, remove it
                    """)
        case .bodyNeedsMainActor:
            return .init(
                what: "The request could not be built, so nothing was sent: its body was not encoded",
                why: "The body's model belongs to the main actor, and the call was not made there",
                fix: "Send the request from the main actor, or make the body's model `nonisolated` and `Sendable`")
        case .tokenOffOrigin(let host):
            return .init(
                what: "The request was not sent: its token is only sent to \(host)",
                why: "The endpoint's URL is on another host than the base URL, and a token never leaves its origin",
                fix: "Use a path under the base URL for authorized endpoints, or a client whose base URL is that host")
        case .tokenOffOriginUnknownHost:
            return .init(
                what: "The request was not sent: its token is only sent to the API's own host",
                why: "The endpoint's URL is on another host than the base URL, and a token never leaves its origin",
                fix: "Use a path under the base URL for authorized endpoints, or a client whose base URL is that host")
        case .multipartBoundary(let boundary):
            return .init(
                what: """
                    The request could not be built, so nothing was sent: a part of the multipart form contains \
                    its boundary "\(boundary)"
                    """,
                why: "A boundary must never occur inside a part's content",
                fix: "Use another boundary (the default random one never occurs by chance)")
        case .hookFailed(let detail):
            return .init(
                what: "The request was not sent: a request hook failed (\(detail))",
                why: "A request hook threw, which ends the call before anything is sent",
                fix: "Fix the request hook, or throw an `APIError` from it to say why")
        case .bodyNotFiniteNumber(let value, let path):
            return .init(
                what: "The request could not be built, so nothing was sent: the request body has \(value)"
                    + G.atPath(path),
                why: "JSON cannot hold NaN or infinity",
                fix: "Send a finite number there, or leave the value out (an optional that is `nil`)")
        case .bodyNotEncodable(let path, let detail):
            return .init(
                what: """
                    The request could not be built, so nothing was sent: the request body could not be \
                    encoded as JSON\(G.atPath(path)) (\(detail))
                    """,
                why: "The body's `Encodable` conformance threw, or it holds a value JSON cannot represent",
                fix: "Fix the body's model or its `encode(to:)` at that place")
        case .offline(let url):
            return .init(
                what: "The request\(G.to(url)) was not sent: this device is offline",
                why: "The network connection is down (or the client's connectivity source says so)",
                fix: "Check the network connection (Wi-Fi, cable, airplane mode), then try again")
        case .timedOut(let url, let seconds):
            return .init(
                what: "No complete answer\(G.from(url)) arrived within the request's timeout\(G.limit(seconds))",
                why: """
                    Each try may take the request's timeout: the endpoint's `timeout(_:)`, else \
                    `APIClient.Options.timeout`, else the session's `timeoutIntervalForRequest` (60 s by default). \
                    The server was too slow or stopped answering mid-way (on Linux, an `https://` URL to a \
                    plain-HTTP server that waits for a request also ends here)
                    """,
                fix: """
                    Check that the server answers that URL quickly (curl it) and that its scheme is right (`http` \
                    for a local development server); for a slow endpoint raise its `timeout(_:)` or \
                    `APIClient.Options.timeout`
                    """)
        case .cancelled(let url):
            return .init(
                what: "The request\(G.to(url)) was cancelled",
                why: "Its handle was cancelled, the Swift task that awaited it was cancelled, or its owner went away",
                fix: """
                    Nothing to fix if that was intended; otherwise keep the handle (or the task) alive until \
                    the answer arrives
                    """)
        case .notAuthenticated(let url):
            return .init(
                what: "The request\(G.to(url)) was not sent: it needs a token and the client has none",
                why: "Nobody is logged in (or the login was discarded)",
                fix: "Log in first, then try again")
        case .transport(let failure, let place):
            return transport(failure, place)
        case .http(let answer):
            let (why, fix) = advice(answer.advice)
            return .init(what: httpWhat(answer), why: why, fix: fix)
        case .decoding(let failure):
            return .init(
                what: decodingWhat(failure.what, G.source(failure.source)), why: decodingWhy(failure.why),
                fix: decodingFix(failure.fix))
        case .serverRefused(let message):
            return .init(
                what: "The server refused the request: \"\(message)\"",
                why: "The server answered, but said the operation failed",
                fix: "Show the server's message to the user; it says what to change")
        case .tooManyTokenRefreshes:
            return .init(
                what: "The session had to be renewed more than 3 times in 30 seconds, so the client stopped",
                why: """
                    Each new token was refused at once: the device's clock or the server's token lifetime is \
                    likely wrong
                    """,
                fix: "Check the device's clock and the server's token lifetime, then try again")
        case .tokenStorage(let reason):
            return .init(
                what: "The login could not be saved (\(reason)), so you are logged out",
                why: "The token store could not write its file",
                fix: """
                    Check that the token file's folder exists and is writable (or use another `TokenStore`), \
                    then log in again
                    """)
        case .file(let problem):
            return file(problem)
        case .diskFull:
            return .init(
                what: "The disk is full, so the transfer stopped and nothing partial was kept",
                why: "There was no space left for the body being written",
                fix: "Free some space, then try again")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                what: "The download\(G.from(url)) ended after \(received) of \(expected) bytes, so it was discarded",
                why: "The connection was cut mid-way, or the server's `Content-Length` was wrong",
                fix: "Try again; if it keeps failing at the same size, check the server")
        case .eventStream(let problem):
            return eventStream(problem)
        }
    }

    // MARK: - Event streams

    private func eventStream(_ problem: EventStreamMessage) -> APIError.Explanation {
        switch problem {
        case .notAnEventStream(let url, let status, let contentType, let came):
            return .init(
                what: """
                    The server answered \(status) with \(G.contentType(contentType))\(G.from(url)) where an event \
                    stream (`text/event-stream`) was expected, so no event was read. 
                    """ + streamAnswer(came),
                why: """
                    That URL gives an ordinary answer, not server-sent events: the path is wrong, the server streams \
                    only when the request asks for it (such as `"stream": true` in the body), or a login page or \
                    proxy answered instead
                    """,
                fix: """
                    Check the endpoint's path and body against the API's documentation (curl it with \
                    `-H 'Accept: text/event-stream'`); for an ordinary answer call `send(_:)`, not `events(for:)`
                    """)
        case .cutMidEvent(let url, let events, let bytes):
            return .init(
                what: """
                    The event stream\(G.from(url)) ended in the middle of an event, after \(G.wholeEvents(events)); \
                    the unfinished event (\(bytes) bytes) was discarded
                    """,
                why: """
                    The connection closed before the event's blank line: the server stopped or crashed while \
                    writing, or the network or a proxy cut it. A `POST` stream never connects again (its request \
                    is not safe to repeat), and a `GET` stream only up to `ReconnectPolicy.maximumAttempts` times
                    """,
                fix: """
                    Read the server's log for why it stopped, and end every event with a blank line; send the \
                    request again only if repeating it is safe
                    """)
        case .eventTooLarge(let url, let limit):
            return .init(
                what: """
                    An event of the stream\(G.from(url)) grew past \(limit) MiB without its blank line, so the \
                    client closed the connection
                    """,
                why: "The server never ended the event (a blank line, `\\n\\n`, ends one), or sends one huge event",
                fix: """
                    End each event with a blank line on the server, and send large payloads as an ordinary answer \
                    or a download, not as one event
                    """)
        case .errorEvent(let url, let said):
            return .init(
                what: "The event stream\(G.from(url)) sent an `error` event, so the decoded stream ended there. "
                    + errorEventWords(said),
                why: """
                    The server reported a failure in the middle of the stream (chat-completion APIs send \
                    `event: error` with `data: {"error":{"message":…}}`)
                    """,
                fix: """
                    Show the server's message to the user (`APIError.serverMessage` reads it) and try again later; \
                    to handle `error` events yourself, read the stream with `events(for:)`, which delivers them
                    """)
        case .buffered(let url, let seconds, let bytes):
            return .init(
                what: """
                    The event stream\(G.from(url)) received \(bytes) bytes in \(seconds) s without one whole event, \
                    so the client closed it
                    """,
                why: """
                    A proxy or the server is likely buffering the stream: it holds the events back and sends them \
                    in blocks, or all at the end (nginx and many hosting platforms buffer by default)
                    """,
                fix: """
                    Make the server send `X-Accel-Buffering: no` and `Cache-Control: no-transform` with the stream \
                    and flush after each event, and turn the proxy's buffering off (nginx: `proxy_buffering off`); \
                    `ReconnectPolicy.bufferingLimit` sets the wait (0 turns the check off)
                    """)
        }
    }

    private func streamAnswer(_ came: StreamAnswer) -> String {
        switch came {
        case .jsonMessage(let said): return "It sent JSON; the server said: \"\(said)\""
        case .json(let beginning): return "It sent JSON, beginning \(beginning)"
        case .htmlPage(let title, let words): return "It sent an HTML page " + G.page(title: title, words: words)
        case .text(let beginning): return "It sent text beginning \(beginning)"
        case .empty: return "Its body was empty"
        }
    }

    private func errorEventWords(_ said: ErrorEventWords) -> String {
        switch said {
        case .quoted(let said): return "The server said: \"\(said)\""
        case .data(let data): return "Its data: \(data)"
        }
    }

    // MARK: - Files

    private func file(_ problem: FileMessage) -> APIError.Explanation {
        switch problem {
        case .unreadable(let file):
            return .init(
                what: "The file \(file) could not be read, so it was not uploaded",
                why: "It is missing, or this process may not read it",
                fix: "Check the file's path and permissions, and upload a regular file")
        case .symbolicLink(let file):
            return .init(
                what: "The file \(file) is a symbolic link, so it was not uploaded",
                why: "What would go up is whatever the link points to, which may change or lie outside what you meant",
                fix: "Upload the regular file the link points to")
        case .notRegularFile(let file):
            return .init(
                what: "\(file) is not a regular file, so it was not uploaded",
                why: "Only a regular file can be sent as a body (not a folder, a device or a socket)",
                fix: "Upload a regular file")
        case .grewOrShrank(let file, let url, let before, let after):
            return .init(
                what: """
                    The file \(file) changed while it was being sent\(G.to(url)) (\(G.sizes(before, after)) \
                    bytes)
                    """,
                why: "Something wrote to it during the upload, so the server may hold a mix of both versions",
                fix: "Send it again once nothing writes to it, or send a copy")
        case .rewritten(let file, let url, let size):
            return .init(
                what: "The file \(file) changed while it was being sent\(G.to(url)) (\(size) bytes, rewritten)",
                why: "Something wrote to it during the upload, so the server may hold a mix of both versions",
                fix: "Send it again once nothing writes to it, or send a copy")
        case .vanished(let file, let url, let size):
            return .init(
                what: """
                    The file \(file) changed while it was being sent\(G.to(url)) (\(size) bytes, then gone or \
                    replaced)
                    """,
                why: "It was removed or replaced during the upload, so the server may hold only part of it",
                fix: "Send it again once nothing moves or writes to it, or send a copy")
        case .noDownloadedFile:
            return .init(
                what: "The download finished, but URLSession kept no file for it",
                why: "The temporary file URLSession writes was missing when the download ended",
                fix: "Try again; if it repeats, check the free space and the temporary folder")
        case .cannotWriteUploadBody(let path, let errno):
            return .init(
                what: "The upload's body could not be written to \(path) (\(errno))",
                why: "The temporary folder is missing or not writable",
                fix: "Check that the temporary folder exists and is writable, then try again")
        case .other(let text):
            return .init(
                what: "A file could not be read or written (\(text))",
                why: "The file is missing, changed while it was sent, or its folder is not writable",
                fix: """
                    Check that the file exists, that nothing writes to it while it is sent, and that its folder \
                    exists and is writable
                    """)
        }
    }

    // MARK: - Transport

    // swift-format-ignore
    private func transport(_ failure: TransportMessage, _ place: TransportPlace) -> APIError.Explanation {
        let url = place.url
        switch failure {
        case .refusedLocal:
            return .init(what: "Could not connect\(G.to(url)): nothing accepted the connection\(G.atHostPort(place))",
                why: "The connection was refused: no server is listening on that port of this machine",
                fix: """
                    Start your local server (for example `swift run fixture-server`, with `--api FOLDER` when it \
                    mocks your own API) and check that it listens on that port — a wrong port and a stopped \
                    server both look like this
                    """)
        case .refusedRemote:
            return .init(what: "Could not connect\(G.to(url)): nothing accepted the connection\(G.atHostPort(place))",
                why: """
                    No server accepted the connection on that host and port: none is listening there, or the host \
                    cannot be reached from this network
                    """,
                fix: """
                    Check the host and port in the base URL, that \(G.server(place)) is running, and that this \
                    device can reach it (the same network, no firewall in between; a phone reaches your Mac by \
                    its LAN address, not `localhost`)
                    """)
        case .hostNotFound:
            return .init(what: "The host name\(G.in(url)) could not be found",
                why: "DNS has no address for that host: the name is misspelled, or it exists only on another network",
                fix: "Check the host name in the base URL (for a server on this machine use `127.0.0.1` or `localhost`)")
        case .dnsFailed:
            return .init(what: "The DNS lookup for the host\(G.in(url)) failed",
                why: "The name server did not answer, or answered with an error",
                fix: "Check the network's DNS settings and the host name, then try again")
        case .timedOut:
            return .init(what: "The request\(G.to(url)) timed out",
                why: "No complete answer arrived within the request's timeout",
                fix: "Check that \(G.server(place)) answers quickly; raise the endpoint's `timeout(_:)` for a slow one")
        case .connectionLost:
            return .init(what: "The connection\(G.to(url)) was lost before the answer was complete",
                why: """
                    \(G.theServer(place)) closed the connection (or the network dropped) mid-way through the \
                    exchange, for example a body cut short
                    """,
                fix: """
                    Try again (an idempotent request was retried already); if it keeps happening, check the \
                    server's log
                    """)
        case .unparsable:
            return .init(what: "The answer\(G.from(url)) could not be parsed as HTTP",
                why: """
                    \(G.theServer(place)) sent something that is not a complete HTTP response (a body cut short, \
                    or not an HTTP server on that port)
                    """,
                fix: "Check that the port is the HTTP server's, and the server's log for a crash mid-answer")
        case .badServerResponse:
            return .init(what: "The server\(G.at(url)) closed the connection without a valid answer",
                why: """
                    Nothing usable came back: the server crashed or dropped the connection before answering, or \
                    the port is not an HTTP server's
                    """,
                fix: "Check the server's log, and that the port in the base URL is the HTTP server's")
        case .secureFailedHTTPS:
            return .init(what: "A secure (TLS) connection\(G.to(url)) could not be made",
                why: """
                    The URL says `https`, but the server at that port does not speak TLS (a plain-HTTP server), \
                    or the TLS handshake failed
                    """,
                fix: """
                    If the server is plain HTTP (a local development server usually is), use `http://` in the \
                    base URL; otherwise check the server's TLS setup
                    """)
        case .secureFailed:
            return .init(what: "A secure (TLS) connection\(G.to(url)) could not be made",
                why: "The TLS handshake failed",
                fix: """
                    If the server is plain HTTP (a local development server usually is), use `http://` in the \
                    base URL; otherwise check the server's TLS setup
                    """)
        case .certificateExpired:
            return .init(what: "The server's certificate\(G.for(url)) has expired",
                why: "Its validity dates are in the past (or the device's clock is wrong)",
                fix: "Renew the server's certificate, or fix the device's date and time")
        case .certificateUntrusted:
            return .init(what: "The server's certificate\(G.for(url)) is not trusted",
                why: "It is self-signed, or signed by an authority this device does not trust",
                fix: """
                    Use a certificate from a trusted authority; for a development server use plain `http://` on \
                    localhost, or install its CA on the device — never turn trust checks off in shipped code
                    """)
        case .certificateUnknownRoot:
            return .init(what: "The server's certificate\(G.for(url)) has an unknown root",
                why: "It chains to a root authority this device does not know",
                fix: "Install the full certificate chain on the server, or the root CA on the device (development only)")
        case .certificateNotYetValid:
            return .init(what: "The server's certificate\(G.for(url)) is not valid yet",
                why: "Its start date is in the future (or the device's clock is wrong)",
                fix: "Fix the device's date and time, or the certificate's dates")
        case .clientCertificateRejected:
            return .init(what: "The server rejected this client's certificate\(G.for(url))",
                why: "The client certificate offered is not one the server accepts",
                fix: "Use the client certificate the server expects")
        case .clientCertificateRequired:
            return .init(what: "The server\(G.at(url)) requires a client certificate",
                why: "Mutual TLS is on and no client certificate was offered",
                fix: """
                    Configure the session's delegate to answer the client-certificate challenge, or use an \
                    endpoint without mutual TLS
                    """)
        case .transportSecurityLocal:
            return .init(what: "App Transport Security blocked the plain-HTTP request\(G.to(url))",
                why: "Apple platforms refuse `http://` URLs unless the app's Info.plist allows them",
                fix: """
                    Use `https://`, or add `NSAllowsLocalNetworking` (true) under `NSAppTransportSecurity` in the \
                    app's Info.plist
                    """)
        case .transportSecurityRemote:
            return .init(what: "App Transport Security blocked the plain-HTTP request\(G.to(url))",
                why: "Apple platforms refuse `http://` URLs unless the app's Info.plist allows them",
                fix: """
                    Use `https://`, or add the host under `NSAppTransportSecurity` → `NSExceptionDomains` with \
                    `NSExceptionAllowsInsecureHTTPLoads` (true) in the app's Info.plist
                    """)
        case .cancelled:
            return .init(what: "The request\(G.to(url)) was cancelled",
                why: "Its task was cancelled", fix: "Nothing to fix if that was intended")
        case .unknown:
            return .init(what: "The request\(G.to(url)) failed, and URLSession gave no reason (`URLError.unknown`)",
                why: """
                    Linux's URLSession reports several failures this way (a body cut short, a TLS failure); this \
                    one said nothing the client recognises
                    """,
                fix: "Try again; if it repeats, check the URL's scheme (`http` vs `https`) and the server's log")
        case .badURL:
            return .init(what: "The URL\(G.plain(url)) is malformed",
                why: "URLSession could not parse it", fix: "Fix the base URL or the endpoint's path")
        case .unsupportedURL:
            return .init(what: "The URL\(G.plain(url)) uses a scheme URLSession cannot load",
                why: "Only `http` and `https` URLs are sent by this client",
                fix: "Use an `http://` or `https://` base URL (with a host)")
        case .tooManyRedirects:
            return .init(what: "The request\(G.to(url)) was redirected too many times",
                why: "The server redirects in a loop (for example http → https → http)",
                fix: "Open the URL in a browser or curl to see the loop, and fix the server's redirect rules or the URL")
        case .resourceUnavailable:
            return .init(what: "The resource\(G.at(url)) is unavailable", why: "URLSession could not get it",
                fix: "Check the URL and try again later")
        case .notConnected:
            return .init(what: "The device is offline, so nothing was sent\(G.to(url))",
                why: "There is no network connection", fix: "Check the network connection, then try again")
        case .redirectToNowhere:
            return .init(what: "The server\(G.at(url)) redirected to a location that does not exist",
                why: "Its redirect's `Location` is invalid", fix: "Fix the server's redirect")
        case .authenticationCancelled:
            return .init(what: "The server\(G.at(url)) asked for a login that was not given",
                why: """
                    An authentication challenge was cancelled (on Linux, a 401 with a challenge the session could \
                    not answer)
                    """,
                fix: "Send the credential this API expects (an `Authorization` header or an API key)")
        case .authenticationRequired:
            return .init(what: "The server\(G.at(url)) requires authentication",
                why: "No credential was offered for its challenge",
                fix: "Send the credential this API expects (an `Authorization` header or an API key)")
        case .zeroByteResource:
            return .init(what: "The answer\(G.from(url)) was empty", why: "The server sent no bytes where a body was expected",
                fix: "Check the URL and the server's handler")
        case .cannotDecodeRawData:
            return .init(what: "The answer\(G.from(url)) could not be decoded", why: "Its bytes are not in the encoding announced",
                fix: "Check the server's `Content-Type` and body")
        case .cannotDecodeContentData:
            return .init(what: "The answer\(G.from(url)) could not be decompressed",
                why: "Its `Content-Encoding` (gzip, deflate, br) does not match the bytes",
                fix: "Check the server's compression settings")
        case .roamingOff:
            return .init(what: "The request\(G.to(url)) was not sent: roaming is off",
                why: "The cellular network is roaming and data roaming is disabled", fix: "Turn on data roaming or use Wi-Fi")
        case .callIsActive:
            return .init(what: "The request\(G.to(url)) was not sent during a phone call",
                why: "This cellular network cannot carry data during a call", fix: "Try again after the call, or use Wi-Fi")
        case .dataNotAllowed:
            return .init(what: "The request\(G.to(url)) was not sent: cellular data is not allowed",
                why: "Cellular data is off for this app or device", fix: "Turn on cellular data for the app, or use Wi-Fi")
        case .bodyStreamExhausted:
            return .init(what: "The request body\(G.for(url)) could not be sent again",
                why: "A body stream was used up and the request had to be repeated (a redirect or an authentication)",
                fix: "Send the body as data or from a file, which can be sent again")
        case .fileDoesNotExist:
            return .init(what: "The file\(G.plain(url)) does not exist", why: "A `file:` URL names no file",
                fix: "Check the file's path")
        case .fileIsDirectory:
            return .init(what: "The URL\(G.plain(url)) names a folder, not a file", why: "A folder cannot be loaded as a body",
                fix: "Name a file")
        case .noPermissionToReadFile:
            return .init(what: "The file\(G.plain(url)) cannot be read", why: "This process has no permission to read it",
                fix: "Fix the file's permissions")
        case .dataLengthExceedsMaximum:
            return .init(what: "The answer\(G.from(url)) is too large", why: "Its length exceeds what URLSession accepts in memory",
                fix: "Download it to a file instead (a download endpoint)")
        case .fileOutsideSafeArea:
            return .init(what: "The file\(G.plain(url)) is outside the app's allowed area",
                why: "The sandbox does not allow reading it", fix: "Move the file into the app's container")
        case .backgroundSharedContainer:
            return .init(what: "The background session needs a shared container",
                why: "The app extension's session has no shared container",
                fix: "Set the session configuration's `sharedContainerIdentifier`")
        case .backgroundSessionInUse:
            return .init(what: "The background session is in use by another process",
                why: "Two processes use the same session identifier",
                fix: "Give each process its own background session identifier")
        case .backgroundSessionDisconnected:
            return .init(what: "The background session was disconnected",
                why: "The app lost its connection to the background transfer service",
                fix: "Create the session again and retry the transfer")
        case .cannotLoadFromNetwork:
            return .init(what: "The answer\(G.from(url)) could only come from the network, which the cache policy forbids",
                why: "The request's cache policy says to use the cache only, and nothing was cached",
                fix: "Use a cache policy that allows the network")
        case .cannotCreateFile:
            return .init(what: "The download\(G.from(url)) could not create its file",
                why: "The destination folder is missing or not writable", fix: "Check the destination folder")
        case .cannotOpenFile:
            return .init(what: "The download\(G.from(url)) could not open its file",
                why: "The file could not be opened for writing", fix: "Check the destination's permissions")
        case .cannotCloseFile:
            return .init(what: "The download\(G.from(url)) could not close its file",
                why: "Writing the file's last bytes failed", fix: "Check the disk, then try again")
        case .cannotWriteToFile:
            return .init(what: "The download\(G.from(url)) could not write its file",
                why: "The disk is full or the file is not writable",
                fix: "Free some space or check the permissions, then try again")
        case .cannotRemoveFile:
            return .init(what: "The download\(G.from(url)) could not remove a file",
                why: "A previous file could not be removed", fix: "Check the destination's permissions")
        case .cannotMoveFile:
            return .init(what: "The download\(G.from(url)) could not move its file into place",
                why: "The destination is not writable or already taken", fix: "Check the destination")
        case .downloadDecodingFailedMidStream:
            return .init(what: "The download\(G.from(url)) could not be decoded mid-way",
                why: "Its encoding broke in the middle of the stream", fix: "Try again; check the server's compression")
        case .downloadDecodingFailedToComplete:
            return .init(what: "The download\(G.from(url)) could not be decoded to the end",
                why: "Its encoding was incomplete", fix: "Try again; check the server's compression")
        case .httpsToPlainServer:
            return .init(what: """
                    A secure connection\(G.to(url)) failed: the server\(G.atHostPort(place)) answered in \
                    plain HTTP
                    """,
                why: """
                    The URL says `https://`, but that port is served by a plain-HTTP server (a local \
                    development server usually is)
                    """,
                fix: "Use `http://` in the base URL for that server, or the port where it serves HTTPS")
        case .bodyCutShort(let missing):
            return .init(what: "The answer\(G.from(url)) was cut short\(G.shortBy(missing))",
                why: "The server (or the network) closed the connection before the whole body was sent",
                fix: """
                    Try again; if it repeats, check the server's log for a crash mid-answer and the \
                    `Content-Length` it sends
                    """)
        case .hostUnreachable:
            return .init(what: "Could not reach\(G.host(place))\(G.for(url))",
                why: "No network route leads to that host from this device",
                fix: """
                    Check the host's address (a LAN address can change) and that this device is on a network \
                    that reaches it; a phone reaches your Mac by its LAN address, not `localhost`
                    """)
        case .other(let code):
            return .init(what: "The request\(G.to(url)) failed with URLSession's error \(code)",
                why: """
                    URLSession reported an error this client has no sentence for (see `URLError.Code` for code \
                    \(code))
                    """,
                fix: "Check the URL, the network and \(G.server(place)), then try again")
        }
    }

    // MARK: - HTTP

    private func httpWhat(_ answer: HTTPMessage) -> String {
        let status = "The server answered \(answer.status) (\(EnglishReasonPhrases.phrase(answer.status)))"
        switch answer.said {
        case .quoted(let said): return status + G.to(answer.url) + ". The server said: \"\(said)\""
        case .htmlPage(let title, let words):
            return status + G.to(answer.url) + ". It sent an HTML page, not JSON: " + G.page(title: title, words: words)
        case .nothing: return status + G.to(answer.url)
        }
    }

    private func advice(_ advice: HTTPAdvice) -> (why: String, fix: String) {
        let checkAPIKey =
            """
            Check the API key: that it is set, valid and sent where this API expects it (a query item such as \
            `api_key`, or a header such as `Authorization: Bearer <key>` or `X-API-Key`), with `headers(_:)` or a \
            request hook
            """
        let checkCredential =
            """
            Check that the request carries the API key or token this API expects, where it expects it (an \
            `Authorization: Bearer <token>` header, an `api_key` query item); if the app logged in, log in again
            """
        switch advice {
        case .apiKeyNotAccepted:
            return ("The server did not accept the request's credential: it speaks of an API key", checkAPIKey)
        case .apiKeyRefused: return ("The server refused this account or key: it speaks of an API key", checkAPIKey)
        case .credentialRefused:
            return (
                "The credential this client sent was refused: it expired, was revoked, or is wrong",
                "Log in again (or renew the API key or token) and try again"
            )
        case .forbiddenForCredential:
            return (
                "The server knows the credential that was sent, but it may not do this",
                "Use an account or key with access to this resource"
            )
        case .credentialMissing:
            return (
                "The request carried no credential, and this endpoint needs one",
                """
                Send the API key or token this API expects, where it expects it: usually an \
                `Authorization: Bearer <token>` header or an `api_key` query item (see `headers(_:)` \
                and request hooks; a logged-in controller adds its token itself)
                """
            )
        case .tokenExpired:
            return (
                "The server says the token sent is expired or invalid",
                "Log in again to get a new token, then try again"
            )
        case .credentialUnknownNotAccepted:
            return (
                "The server did not accept the request's credential: a credential is missing, wrong or expired",
                checkCredential
            )
        case .credentialUnknownRefused:
            return (
                "The server refused this account or key: a credential is missing, wrong or expired", checkCredential
            )
        case .notFoundPage:
            return (
                "The URL points at a web server's page, not at an API route",
                "Check the base URL (it must end with `/` when it has a path, such as `/api/`) and the endpoint's path"
            )
        case .notFound:
            return (
                "There is nothing at that URL: the path, the ID in it, or the base URL is wrong",
                """
                Check the ID and the endpoint's path against the API's documentation, and that the base URL \
                ends with `/` when it has a path
                """
            )
        case .methodNotAllowed:
            return (
                "The server does not accept this method at that URL",
                "Check the endpoint's method (GET, POST, PUT, PATCH or DELETE)"
            )
        case .busy:
            return (
                "The server is busy, rate-limiting, or restarting",
                "Wait and try again (an idempotent request was already retried); for 429 slow down"
            )
        case .rateLimited(let wait):
            return (
                """
                The server limits how many requests a client may send, and asks to wait \(G.wait(wait)) (its \
                `Retry-After` header)
                """,
                """
                Wait that long before the next request, and send fewer: one at a time, with a pause between them, \
                or keep the answers you already have
                """
            )
        case .unavailable(let wait):
            return (
                """
                The server is unavailable for now (maintenance or overload), and asks to wait \(G.wait(wait)) \
                (its `Retry-After` header)
                """,
                "Wait that long, then try again (an idempotent request was already retried)"
            )
        case .conflict:
            return (
                "The request conflicts with the resource's current state",
                "Fetch the resource again, then repeat the change"
            )
        case .tooLarge: return ("The request body is larger than the server accepts", "Send a smaller body")
        case .unsupportedMediaType:
            return (
                "The server does not accept the body's `Content-Type`",
                "Send the body as the API expects (JSON with `body(_:)`, a form, multipart)"
            )
        case .badParametersNamed:
            return (
                "The server did not accept the request's parameters or body",
                """
                Check the parameters and the body's fields against the API's documentation; the server's message \
                above names what is wrong
                """
            )
        case .badParameters:
            return (
                "The server did not accept the request's parameters or body",
                "Check the parameters and the body's fields against the API's documentation"
            )
        case .clientError:
            return ("The server did not accept the request", "Check the request against the API's documentation")
        case .serverErrorPage:
            return (
                "The server (or a proxy in front of it) failed and answered with an error page",
                "Read the server's log for the error; try again later"
            )
        case .serverError:
            return ("The server failed while handling the request", "Read the server's log; try again later")
        }
    }

    // MARK: - Decoding

    private func decodingWhat(_ what: DecodingWhat, _ answer: String) -> String {
        switch what {
        case .emptyBody: return "\(answer) was empty where a JSON body was expected"
        case .htmlPage(let title, let words):
            return "\(answer) is an HTML page, not JSON: \(G.page(title: title, words: words))"
        case .notJSON(let beginning): return "\(answer) is not JSON: it begins \(beginning)"
        case .typeMismatch(let place, let expected, let found):
            return "\(answer) did not decode \(G.place(place)): expected \(G.expected(expected))\(G.found(found))"
        case .valueNotFound(let place, let expected):
            return "\(answer) did not decode \(G.place(place)): expected \(G.expected(expected)), found null"
        case .keyNotFound(let key, let container):
            return "\(answer) did not decode: the key \"\(key)\" is missing \(G.container(container))"
        case .dataCorrupted(let place, let detail, let found):
            return "\(answer) did not decode \(G.place(place)): \(detail)\(G.foundValue(found))"
        case .dataCorruptedAtBodyKey(let detail, let key, let value):
            return "\(answer) did not decode \(G.place(.unknown)): \(detail); the body's \"\(key)\" holds \(value)"
        case .other(let detail): return "\(answer) did not decode: \(detail)"
        }
    }

    private func decodingWhy(_ why: DecodingWhy) -> String {
        switch why {
        case .snakeCase(let key, let property):
            return "The JSON names it \"\(key)\" (snake_case), and the model's property is `\(property)` (camelCase)"
        case .spelledOtherwise(let key, let property): return "The JSON spells it \"\(key)\", the model `\(property)`"
        case .likelyKey(let key, let property):
            return """
                The object has no "\(property)", but it has "\(key)", which the model does not read: it is \
                likely the same thing under another name
                """
        case .snakeCaseTwice(let key, let renamed):
            return """
                The body has "\(key)", but the decoder's `.convertFromSnakeCase` renames the JSON's keys to \
                camelCase ("\(renamed)") before `CodingKeys` are matched, so a `CodingKeys` case spelled \
                "\(key)" never matches
                """
        case .wrapper(let field): return "The answer is an object that holds the array in its \"\(field)\" field"
        case .answerIsArray: return "The answer is an array, and the model expects one object"
        case .nullNotOptional: return "The server sent null, and the model's property is not optional"
        case .keyAbsent: return "The server did not send this key, and the model requires it"
        case .numberAsString: return "The server sends this number as a string"
        case .dateFormat(let format):
            return """
                It is a date in the \(Self.dateFormat(format)) format, and the decoder's `dateDecodingStrategy` \
                does not read that format (the default reads seconds since 2001)
                """
        case .typeDiffers: return "The model's type for this value differs from what the server sends"
        case .webPage: return "A web page came back: the URL points at a website or an error page, not at the API"
        case .noBody: return "The server sent no body (for example a 204, or a 200 from the wrong route)"
        case .notThisAPI: return "The body is not JSON: the URL points at something that is not this API"
        case .bodyDoesNotMatch: return "The body does not match the model"
        case .modelDisagrees: return "The model and the JSON the server sends disagree at this place"
        }
    }

    private static func dateFormat(_ format: DecodingFailure.DateFormat) -> String {
        switch format {
        case .iso8601: return "ISO-8601"
        case .yearMonthDay: return "yyyy-MM-dd"
        case .secondsSince1970: return "seconds-since-1970"
        case .millisecondsSince1970: return "milliseconds-since-1970"
        }
    }

    private func decodingFix(_ fix: DecodingFix) -> String {
        let decoderOption = "on the `JSONDecoder` you pass as `APIClient.Options(decoder:)`"
        switch fix {
        case .convertFromSnakeCase(let property, let key):
            return """
                Set `decoder.keyDecodingStrategy = .convertFromSnakeCase` \(decoderOption), or add `CodingKeys` \
                with `case \(property) = "\(key)"`
                """
        case .codingKeys(let property, let key):
            return "Add `CodingKeys` to the model with `case \(property) = \"\(key)\"`"
        case .likelyKey(let property, let key):
            return """
                If "\(key)" is what `\(property)` means, add `CodingKeys` to the model with \
                `case \(property) = "\(key)"`; if not, check the spelling, or make `\(property)` optional
                """
        case .snakeCaseTwice(let key, let renamed):
            return """
                Write `case \(renamed)` in `CodingKeys`, without `= "\(key)"` (or drop `.convertFromSnakeCase` \
                and keep the `CodingKeys`)
                """
        case .wrapper(let field, let typeName):
            return """
                Decode a wrapper named after the field, `struct \(typeName)Response: Decodable { let \(field): \
                [YourModel] }`, and use its `\(field)`
                """
        case .decodeArray: return "Decode an array: `Endpoint<[YourModel]>`"
        case .optional(let property, let type):
            return """
                If the server may leave it out, declare it optional (`let \(property): \(type)?`) or give it a \
                default in `init(from:)`; if it must be there, check its spelling
                """
        case .numberInString(let property):
            return """
                Declare `\(property)` as `String` and convert it with `Double(_:)`, or decode it in a custom \
                `init(from:)`
                """
        case .dateStrategy(.iso8601): return "Set `decoder.dateDecodingStrategy = .iso8601` \(decoderOption)"
        case .dateStrategy(.yearMonthDay):
            return """
                Set `decoder.dateDecodingStrategy = .formatted(formatter)` with a `DateFormatter` whose \
                `dateFormat` is "yyyy-MM-dd" and `locale` is `en_US_POSIX` \(decoderOption)
                """
        case .dateStrategy(.millisecondsSince1970):
            return "Set `decoder.dateDecodingStrategy = .millisecondsSince1970` \(decoderOption)"
        case .dateStrategy(.secondsSince1970):
            return "Set `decoder.dateDecodingStrategy = .secondsSince1970` \(decoderOption)"
        case .changeType(let property):
            return "Change the type of `\(property)` to what the server sends, or convert it in `init(from:)`"
        case .changeTypeTo(let property, let kind):
            return """
                Change the type of `\(property)` to what the server sends (the server sends \(G.kind(kind))), \
                or convert it in `init(from:)`
                """
        case .voidOrCheckURL:
            return "Use `Endpoint<Void>` if this endpoint answers with no body; otherwise check the URL"
        case .checkURL: return "Check the base URL and the endpoint's path (open the URL in a browser or curl it)"
        case .compareWithBody:
            return """
                Compare the model with the body (`APIError.responseBody`) at that place and change the model \
                (a type, an optional, `CodingKeys`) to match it
                """
        }
    }

    // MARK: - The command-line trap

    private static let fixes = """
        Fix: end main.swift with dispatchMain() and call exit(0) in the last completion; or call
          RunLoop.main.run(); or await the async twins in an async main:
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          (Printed once per process; APIClient.warnsWhenMainQueueIsBlocked = false turns it off.)
        """

    func mainQueueWarning(seconds: Int) -> String {
        """
        ServiceLayer: a completion has waited \(seconds) seconds for the main queue, which has never run anything, and
          the main thread has sent no call meanwhile.
          Why: completions of APIClient.send(_:completion:) and of the controllers run on the main actor, that is
          on the main queue, and in a command-line program nothing runs the main queue while the main thread
          sleeps, waits on a semaphore or a group, or has returned from top-level code (the program then ends
          with no output and exit status 0). If instead your main thread is busy on purpose for seconds before
          it runs the main queue, the completions simply wait for it, and this warning is not for you.
          \(Self.fixes)
        """
    }

    func endedWarning(calls: Int) -> String {
        """
        ServiceLayer: the program ended while \(G.calls(calls)) still waiting for a completion, which never ran.
          Why: completions of APIClient.send(_:completion:) and of the controllers run on the main actor,
          that is on the main queue, and this program ended (returned from its top-level code, or called
          exit) without ever running the main queue.
          \(Self.fixes)
        """
    }
}
