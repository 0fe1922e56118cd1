import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The English table of messages: every kind of failure, with its facts filled in.
struct EnglishMessages: MessageTable {
    func explain(_ kind: MessageKind) -> APIError.Explanation {
        switch kind {
        case .invalidRequest(let reason):
            return .init(
                what: "The request could not be built, so nothing was sent: \(reason)",
                why: "The endpoint's URL or body is not valid as written",
                fix: "Fix the endpoint in the calling code: its path, its query values or its body")
        case .requestProblem(let problem):
            return EnglishRequestMessages.explain(problem)
        case .offline(let url):
            return .init(
                what: "The request\(to(url)) was not sent: this device is offline",
                why: "The network connection is down (or the client's connectivity source says so)",
                fix: "Check the network connection (Wi-Fi, cable, airplane mode), then try again")
        case .timedOut(let url, let seconds):
            let limit = seconds.map { " of \(Self.seconds($0))" } ?? ""
            return .init(
                what: "No complete answer\(from(url)) arrived within the request's timeout\(limit)",
                why: "Each try may take the request's timeout: the endpoint's `timeout(_:)`, else "
                    + "`APIClient.Options.timeout`, else the session's `timeoutIntervalForRequest` (60 s by default). "
                    + "The server was too slow or stopped answering mid-way (on Linux, an `https://` URL to a "
                    + "plain-HTTP server that waits for a request also ends here)",
                fix: "Check that the server answers that URL quickly (curl it) and that its scheme is right (`http` "
                    + "for a local development server); for a slow endpoint raise its `timeout(_:)` or "
                    + "`APIClient.Options.timeout`")
        case .transport(let facts):
            return EnglishTransportMessages.explain(facts)
        case .cancelled(let url):
            return .init(
                what: "The request\(to(url)) was cancelled",
                why: "Its handle was cancelled, the Swift task that awaited it was cancelled, or its owner went away",
                fix: "Nothing to fix if that was intended; otherwise keep the handle (or the task) alive until "
                    + "the answer arrives")
        case .notAuthenticated(let url):
            return .init(
                what: "The request\(to(url)) was not sent: it needs a token and the client has none",
                why: "Nobody is logged in (or the login was discarded)",
                fix: "Log in first, then try again")
        case .httpStatus(let facts):
            return EnglishHTTPMessages.explain(facts)
        case .decoding(let facts):
            return EnglishDecodingMessages.explain(facts)
        case .server(let message):
            return .init(
                what: "The server refused the request: \"\(message)\"",
                why: "The server answered, but said the operation failed",
                fix: "Show the server's message to the user; it says what to change")
        case .tooManyTokenRefreshes:
            return .init(
                what: "The session had to be renewed more than 3 times in 30 seconds, so the client stopped",
                why: "Each new token was refused at once: the device's clock or the server's token lifetime is "
                    + "likely wrong",
                fix: "Check the device's clock and the server's token lifetime, then try again")
        case .tokenStorage(let reason):
            return .init(
                what: "The login could not be saved (\(reason)), so you are logged out",
                why: "The token store could not write its file",
                fix: "Check that the token file's folder exists and is writable (or use another `TokenStore`), "
                    + "then log in again")
        case .fileAccess(let reason):
            return .init(
                what: "A file could not be read or written (\(reason))",
                why: "The file is missing, changed while it was sent, or its folder is not writable",
                fix: "Check that the file exists, that nothing writes to it while it is sent, and that its folder "
                    + "exists and is writable")
        case .diskFull:
            return .init(
                what: "The disk is full, so the transfer stopped and nothing partial was kept",
                why: "There was no space left for the body being written",
                fix: "Free some space, then try again")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                what: "The download\(from(url)) ended after \(received) of \(expected) bytes, so it was discarded",
                why: "The connection was cut mid-way, or the server's `Content-Length` was wrong",
                fix: "Try again; if it keeps failing at the same size, check the server")
        }
    }

    /// ` to <url>`, or nothing.
    private func to(_ url: String?) -> String { url.map { " to \($0)" } ?? "" }
    /// ` from <url>`, or nothing.
    private func from(_ url: String?) -> String { url.map { " from \($0)" } ?? "" }

    /// `2 s`, `0.5 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}

// MARK: - HTTP

/// The English messages of an answer outside 200–299.
enum EnglishHTTPMessages {
    static func explain(_ facts: HTTPFacts) -> APIError.Explanation {
        let code = facts.code
        let reason = EnglishReasonPhrases.phrase(code)
        let url = facts.url.map { " to \($0)" } ?? ""
        var what = "The server answered \(code) (\(reason))\(url)"
        if let said = facts.serverSaid {
            what += ". The server said: \"\(said)\""
        } else if let page = facts.html {
            what += ". It sent an HTML page, not JSON: \(describe(page))"
        }
        let (why, fix) = advice(facts)
        return .init(what: what, why: why, fix: fix)
    }

    static func describe(_ page: HTMLPage) -> String { HTMLPage.describe(title: page.title, words: page.firstWords) }

    private static func advice(_ facts: HTTPFacts) -> (why: String, fix: String) {
        switch facts.code {
        case 401, 403: return credentialAdvice(facts)
        case 404:
            if facts.html != nil {
                return (
                    "The URL points at a web server's page, not at an API route",
                    "Check the base URL (it must end with `/` when it has a path, such as `/api/`) and the "
                        + "endpoint's path"
                )
            }
            return (
                "There is nothing at that URL: the path, the ID in it, or the base URL is wrong",
                "Check the ID and the endpoint's path against the API's documentation, and that the base URL "
                    + "ends with `/` when it has a path"
            )
        case 405:
            return (
                "The server does not accept this method at that URL",
                "Check the endpoint's method (GET, POST, PUT, PATCH or DELETE)"
            )
        case 408, 429, 502, 503, 504:
            return (
                "The server is busy, rate-limiting, or restarting",
                "Wait and try again (an idempotent request was already retried); for 429 slow down"
            )
        case 409, 412:
            return (
                "The request conflicts with the resource's current state",
                "Fetch the resource again, then repeat the change"
            )
        case 413: return ("The request body is larger than the server accepts", "Send a smaller body")
        case 415:
            return (
                "The server does not accept the body's `Content-Type`",
                "Send the body as the API expects (JSON with `body(_:)`, a form, multipart)"
            )
        case 400, 422:
            return (
                "The server did not accept the request's parameters or body",
                "Check the parameters and the body's fields against the API's documentation"
                    + (facts.serverSaid == nil ? "" : "; the server's message above names what is wrong")
            )
        case 400..<500:
            return ("The server did not accept the request", "Check the request against the API's documentation")
        default:
            if facts.html != nil {
                return (
                    "The server (or a proxy in front of it) failed and answered with an error page",
                    "Read the server's log for the error; try again later"
                )
            }
            return ("The server failed while handling the request", "Read the server's log; try again later")
        }
    }

    private static func credentialAdvice(_ facts: HTTPFacts) -> (why: String, fix: String) {
        let refused = facts.code == 401 ? "did not accept the request's credential" : "refused this account or key"
        if facts.mentionsAPIKey {
            return (
                "The server \(refused): it speaks of an API key",
                "Check the API key: that it is set, valid and sent where this API expects it (a query item such "
                    + "as `api_key`, or a header such as `Authorization: Bearer <key>` or `X-API-Key`), "
                    + "with `headers(_:)` or a request hook"
            )
        }
        switch facts.sentCredential {
        case true?:
            if facts.code == 403 {
                return (
                    "The server knows the credential that was sent, but it may not do this",
                    "Use an account or key with access to this resource"
                )
            }
            return (
                "The credential this client sent was refused: it expired, was revoked, or is wrong",
                "Log in again (or renew the API key or token) and try again"
            )
        case false?:
            return (
                "The request carried no credential, and this endpoint needs one",
                "Send the API key or token this API expects, where it expects it: usually an "
                    + "`Authorization: Bearer <token>` header or an `api_key` query item (see `headers(_:)` "
                    + "and request hooks; a logged-in controller adds its token itself)"
            )
        case nil:
            if facts.mentionsExpiredToken {
                return (
                    "The server says the token sent is expired or invalid",
                    "Log in again to get a new token, then try again"
                )
            }
            return (
                "The server \(refused): a credential is missing, wrong or expired",
                "Check that the request carries the API key or token this API expects, where it expects it (an "
                    + "`Authorization: Bearer <token>` header, an `api_key` query item); if the app logged in, "
                    + "log in again"
            )
        }
    }
}
