import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The English messages of transport failures: one for every `URLError` code Foundation defines.
enum EnglishTransportMessages {
    static func explain(_ facts: TransportFacts) -> APIError.Explanation {
        let place = facts.hostPort.map { " at \($0)" } ?? ""
        let server = facts.hostPort.map { "the server at \($0)" } ?? "the server"
        let running =
            facts.isLoopback
            ? "Start your local server (for example `swift run fixture-server`, with `--api FOLDER` when it mocks "
                + "your own API) and check that it listens on "
                + "that port — a wrong port and a stopped server both look like this"
            : "Check the host and port in the base URL, that \(server) is running, and that this device can reach "
                + "it (the same network, no firewall in between; a phone reaches your Mac by its LAN address, not "
                + "`localhost`)"
        let plist =
            facts.isLoopback
            ? "add `NSAllowsLocalNetworking` (true) under `NSAppTransportSecurity` in the app's Info.plist"
            : "add the host under `NSAppTransportSecurity` → `NSExceptionDomains` with "
                + "`NSExceptionAllowsInsecureHTTPLoads` (true) in the app's Info.plist"
        if let hint = facts.hint {
            return explain(hint, facts: facts, url: URLPhrases(facts.url))
        }
        let text = sentences(
            facts.code, url: URLPhrases(facts.url), place: place, server: server, running: running, plist: plist,
            facts: facts)
        return .init(what: text.what, why: text.why, fix: text.fix)
    }

    /// A failure whose text said more than its code (Linux reports both as `URLError.unknown`).
    private static func explain(_ hint: TransportHint, facts: TransportFacts, url: URLPhrases) -> APIError.Explanation {
        switch hint {
        case .httpsToPlainServer:
            let plain = facts.hostPort.map { " at \($0)" } ?? ""
            return .init(
                what: "A secure connection\(url.to) failed: the server\(plain) answered in plain HTTP",
                why: "The URL says `https://`, but that port is served by a plain-HTTP server (a local "
                    + "development server usually is)",
                fix: "Use `http://` in the base URL for that server, or the port where it serves HTTPS")
        case .bodyCutShort:
            let missing = facts.missingBytes.map { ", \($0) bytes short of its `Content-Length`" } ?? ""
            return .init(
                what: "The answer\(url.from) was cut short\(missing)",
                why: "The server (or the network) closed the connection before the whole body was sent",
                fix: "Try again; if it repeats, check the server's log for a crash mid-answer and the "
                    + "`Content-Length` it sends")
        case .hostUnreachable:
            let place = facts.hostPort.map { " \($0)" } ?? " the host"
            return .init(
                what: "Could not reach\(place)\(url.for)",
                why: "No network route leads to that host from this device",
                fix: "Check the host's address (a LAN address can change) and that this device is on a network "
                    + "that reaches it; a phone reaches your Mac by its LAN address, not `localhost`")
        }
    }

    // The raw values, so that the table reads the same on every platform (a few codes exist only on
    // Apple's Foundation or only in swift-corelibs-foundation).
    // swift-format-ignore
    private static func sentences(
        _ code: URLError.Code, url: URLPhrases, place: String, server: String, running: String, plist: String,
        facts: TransportFacts
    ) -> (what: String, why: String, fix: String) {
        switch code.rawValue {
        case -1004:  // cannotConnectToHost
            return ("Could not connect\(url.to): nothing accepted the connection\(place)",
                facts.isLoopback
                    ? "The connection was refused: no server is listening on that port of this machine"
                    : "No server accepted the connection on that host and port: none is listening there, or the host "
                        + "cannot be reached from this network",
                running)
        case -1003:  // cannotFindHost
            return ("The host name\(url.in) could not be found",
                "DNS has no address for that host: the name is misspelled, or it exists only on another network",
                "Check the host name in the base URL (for a server on this machine use `127.0.0.1` or `localhost`)")
        case -1006:  // dnsLookupFailed
            return ("The DNS lookup for the host\(url.in) failed",
                "The name server did not answer, or answered with an error",
                "Check the network's DNS settings and the host name, then try again")
        case -1001:  // timedOut (only inside .transport when made by hand)
            return ("The request\(url.to) timed out",
                "No complete answer arrived within the request's timeout",
                "Check that \(server) answers quickly; raise the endpoint's `timeout(_:)` for a slow one")
        case -1005:  // networkConnectionLost
            return ("The connection\(url.to) was lost before the answer was complete",
                "\(server.capitalizedFirst) closed the connection (or the network dropped) mid-way through the exchange, "
                    + "for example a body cut short",
                "Try again (an idempotent request was retried already); if it keeps happening, check the server's log")
        case -1017:  // cannotParseResponse
            return ("The answer\(url.from) could not be parsed as HTTP",
                "\(server.capitalizedFirst) sent something that is not a complete HTTP response (a body cut short, or "
                    + "not an HTTP server on that port)",
                "Check that the port is the HTTP server's, and the server's log for a crash mid-answer")
        case -1011:  // badServerResponse
            return ("The server\(facts.url.map { " at \($0)" } ?? "") closed the connection without a valid answer",
                "Nothing usable came back: the server crashed or dropped the connection before answering, or the "
                    + "port is not an HTTP server's",
                "Check the server's log, and that the port in the base URL is the HTTP server's")
        case -1200:  // secureConnectionFailed
            return ("A secure (TLS) connection\(url.to) could not be made",
                facts.scheme == "https" ? "The URL says `https`, but the server at that port does not speak TLS (a "
                    + "plain-HTTP server), or the TLS handshake failed" : "The TLS handshake failed",
                "If the server is plain HTTP (a local development server usually is), use `http://` in the base "
                    + "URL; otherwise check the server's TLS setup")
        case -1201:  // serverCertificateHasBadDate
            return ("The server's certificate\(url.for) has expired",
                "Its validity dates are in the past (or the device's clock is wrong)",
                "Renew the server's certificate, or fix the device's date and time")
        case -1202:  // serverCertificateUntrusted
            return ("The server's certificate\(url.for) is not trusted",
                "It is self-signed, or signed by an authority this device does not trust",
                "Use a certificate from a trusted authority; for a development server use plain `http://` on "
                    + "localhost, or install its CA on the device — never turn trust checks off in shipped code")
        case -1203:  // serverCertificateHasUnknownRoot
            return ("The server's certificate\(url.for) has an unknown root",
                "It chains to a root authority this device does not know",
                "Install the full certificate chain on the server, or the root CA on the device (development only)")
        case -1204:  // serverCertificateNotYetValid
            return ("The server's certificate\(url.for) is not valid yet",
                "Its start date is in the future (or the device's clock is wrong)",
                "Fix the device's date and time, or the certificate's dates")
        case -1205:  // clientCertificateRejected
            return ("The server rejected this client's certificate\(url.for)",
                "The client certificate offered is not one the server accepts",
                "Use the client certificate the server expects")
        case -1206:  // clientCertificateRequired
            return ("The server\(url.at) requires a client certificate",
                "Mutual TLS is on and no client certificate was offered",
                "Configure the session's delegate to answer the client-certificate challenge, or use an endpoint "
                    + "without mutual TLS")
        case -1022:  // appTransportSecurityRequiresSecureConnection
            return ("App Transport Security blocked the plain-HTTP request\(url.to)",
                "Apple platforms refuse `http://` URLs unless the app's Info.plist allows them",
                "Use `https://`, or \(plist)")
        case -999:  // cancelled
            return ("The request\(url.to) was cancelled",
                "Its task was cancelled", "Nothing to fix if that was intended")
        case -1:  // unknown
            return ("The request\(url.to) failed, and URLSession gave no reason (`URLError.unknown`)",
                "Linux's URLSession reports several failures this way (a body cut short, a TLS failure); this one "
                    + "said nothing the client recognises",
                "Try again; if it repeats, check the URL's scheme (`http` vs `https`) and the server's log")
        case -1000:  // badURL
            return ("The URL\(url.plain) is malformed",
                "URLSession could not parse it", "Fix the base URL or the endpoint's path")
        case -1002:  // unsupportedURL
            return ("The URL\(url.plain) uses a scheme URLSession cannot load",
                "Only `http` and `https` URLs are sent by this client",
                "Use an `http://` or `https://` base URL (with a host)")
        case -1007:  // httpTooManyRedirects
            return ("The request\(url.to) was redirected too many times",
                "The server redirects in a loop (for example http → https → http)",
                "Open the URL in a browser or curl to see the loop, and fix the server's redirect rules or the URL")
        case -1008:  // resourceUnavailable
            return ("The resource\(url.at) is unavailable", "URLSession could not get it",
                "Check the URL and try again later")
        case -1009:  // notConnectedToInternet
            return ("The device is offline, so nothing was sent\(url.to)", "There is no network connection",
                "Check the network connection, then try again")
        case -1010:  // redirectToNonExistentLocation
            return ("The server\(url.at) redirected to a location that does not exist",
                "Its redirect's `Location` is invalid", "Fix the server's redirect")
        case -1012:  // userCancelledAuthentication
            return ("The server\(url.at) asked for a login that was not given",
                "An authentication challenge was cancelled (on Linux, a 401 with a challenge the session could "
                    + "not answer)",
                "Send the credential this API expects (an `Authorization` header or an API key)")
        case -1013:  // userAuthenticationRequired
            return ("The server\(url.at) requires authentication", "No credential was offered for its challenge",
                "Send the credential this API expects (an `Authorization` header or an API key)")
        case -1014:  // zeroByteResource
            return ("The answer\(url.from) was empty", "The server sent no bytes where a body was expected",
                "Check the URL and the server's handler")
        case -1015:  // cannotDecodeRawData
            return ("The answer\(url.from) could not be decoded", "Its bytes are not in the encoding announced",
                "Check the server's `Content-Type` and body")
        case -1016:  // cannotDecodeContentData
            return ("The answer\(url.from) could not be decompressed",
                "Its `Content-Encoding` (gzip, deflate, br) does not match the bytes",
                "Check the server's compression settings")
        case -1018:  // internationalRoamingOff
            return ("The request\(url.to) was not sent: roaming is off", "The cellular network is roaming and data roaming is disabled",
                "Turn on data roaming or use Wi-Fi")
        case -1019:  // callIsActive
            return ("The request\(url.to) was not sent during a phone call", "This cellular network cannot carry data during a call",
                "Try again after the call, or use Wi-Fi")
        case -1020:  // dataNotAllowed
            return ("The request\(url.to) was not sent: cellular data is not allowed",
                "Cellular data is off for this app or device", "Turn on cellular data for the app, or use Wi-Fi")
        case -1021:  // requestBodyStreamExhausted
            return ("The request body\(url.for) could not be sent again",
                "A body stream was used up and the request had to be repeated (a redirect or an authentication)",
                "Send the body as data or from a file, which can be sent again")
        case -1100:  // fileDoesNotExist
            return ("The file\(url.plain) does not exist", "A `file:` URL names no file",
                "Check the file's path")
        case -1101:  // fileIsDirectory
            return ("The URL\(url.plain) names a folder, not a file", "A folder cannot be loaded as a body",
                "Name a file")
        case -1102:  // noPermissionsToReadFile
            return ("The file\(url.plain) cannot be read", "This process has no permission to read it",
                "Fix the file's permissions")
        case -1103:  // dataLengthExceedsMaximum
            return ("The answer\(url.from) is too large", "Its length exceeds what URLSession accepts in memory",
                "Download it to a file instead (a download endpoint)")
        case -1104:  // fileOutsideSafeArea (Apple platforms)
            return ("The file\(url.plain) is outside the app's allowed area", "The sandbox does not allow reading it",
                "Move the file into the app's container")
        case -995:  // backgroundSessionRequiresSharedContainer
            return ("The background session needs a shared container", "The app extension's session has no shared container",
                "Set the session configuration's `sharedContainerIdentifier`")
        case -996:  // backgroundSessionInUseByAnotherProcess
            return ("The background session is in use by another process", "Two processes use the same session identifier",
                "Give each process its own background session identifier")
        case -997:  // backgroundSessionWasDisconnected
            return ("The background session was disconnected", "The app lost its connection to the background transfer service",
                "Create the session again and retry the transfer")
        case -2000:  // cannotLoadFromNetwork
            return ("The answer\(url.from) could only come from the network, which the cache policy forbids",
                "The request's cache policy says to use the cache only, and nothing was cached",
                "Use a cache policy that allows the network")
        case -3000:  // cannotCreateFile
            return ("The download\(url.from) could not create its file", "The destination folder is missing or not writable",
                "Check the destination folder")
        case -3001:  // cannotOpenFile
            return ("The download\(url.from) could not open its file", "The file could not be opened for writing",
                "Check the destination's permissions")
        case -3002:  // cannotCloseFile
            return ("The download\(url.from) could not close its file", "Writing the file's last bytes failed",
                "Check the disk, then try again")
        case -3003:  // cannotWriteToFile
            return ("The download\(url.from) could not write its file", "The disk is full or the file is not writable",
                "Free some space or check the permissions, then try again")
        case -3004:  // cannotRemoveFile
            return ("The download\(url.from) could not remove a file", "A previous file could not be removed",
                "Check the destination's permissions")
        case -3005:  // cannotMoveFile
            return ("The download\(url.from) could not move its file into place", "The destination is not writable or already taken",
                "Check the destination")
        case -3006:  // downloadDecodingFailedMidStream
            return ("The download\(url.from) could not be decoded mid-way", "Its encoding broke in the middle of the stream",
                "Try again; check the server's compression")
        case -3007:  // downloadDecodingFailedToComplete
            return ("The download\(url.from) could not be decoded to the end", "Its encoding was incomplete",
                "Try again; check the server's compression")
        default:
            return ("The request\(url.to) failed with URLSession's error \(code.rawValue)",
                "URLSession reported an error this client has no sentence for (see `URLError.Code` for code "
                    + "\(code.rawValue))",
                "Check the URL, the network and \(server), then try again")
        }
    }
}

/// The failing URL as the phrases a sentence needs: ` to <url>`, ` from <url>`... (empty when unknown).
private struct URLPhrases {
    var to = "", from = "", at = "", `in` = "", `for` = "", plain = ""

    init(_ url: String?) {
        guard let url else { return }
        (to, from, at, `in`, `for`, plain) = (
            " to \(url)", " from \(url)", " at \(url)", " in \(url)", " for \(url)", " \(url)"
        )
    }
}

extension String {
    /// The text with its first letter capitalised.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
