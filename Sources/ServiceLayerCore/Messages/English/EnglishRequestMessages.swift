import Foundation

/// The English messages of a request that could not be built (``RequestProblem``): nothing was sent.
enum EnglishRequestMessages {
    static func explain(_ problem: RequestProblem) -> APIError.Explanation {
        let base = problem.baseURL ?? ""
        switch problem.kind {
        case .baseURLWithoutScheme:
            return .init(
                what: "The request could not be built, so nothing was sent: the base URL \"\(base)\" has no scheme",
                why: "A base URL must start with `http://` or `https://`; without it, \"\(base)\" is not read as a "
                    + "host and port (`localhost:8090/` reads as the scheme `localhost`)",
                fix: "Write the base URL with its scheme, such as `URL(string: \"http://\(base)\")`")
        case .baseURLScheme:
            let scheme = problem.scheme ?? ""
            return .init(
                what: "The request could not be built, so nothing was sent: the base URL \"\(base)\" has the "
                    + "scheme \"\(scheme)\"",
                why: "The client sends only `http://` and `https://` URLs",
                fix: "Correct the scheme in the base URL to `http` (a local development server) or `https`")
        case .baseURLHostSpace:
            return .init(
                what: "The request could not be built, so nothing was sent: the host \"\(problem.host ?? "")\" of "
                    + "the base URL \"\(base)\" contains a space",
                why: "A host name cannot contain spaces",
                fix: "Remove the space from the host in the base URL")
        case .noURL:
            return .init(
                what: "The request could not be built, so nothing was sent: no valid http(s) URL can be formed for "
                    + (problem.target ?? "the endpoint"),
                why: "The endpoint's URL or path is not valid as written",
                fix: "Fix the endpoint's path or URL in the calling code (an absolute URL must start with "
                    + "`http://` or `https://`)")
        case .fragmentInPath:
            return .init(
                what:
                    "The request could not be built, so nothing was sent: the endpoint path \"\(problem.shown ?? "")\" "
                    + "contains \"#\", which starts a URL fragment",
                why: "A fragment is never sent to the server, so everything from the \"#\" on would be lost",
                fix: "If \"#\" is part of a value, pass the value as a query item "
                    + "(`query: [URLQueryItem(name: \"q\", value: \"c#\")]` sends it as %23) or write %23 in the path; "
                    + "if it is a fragment, remove it")
        case .bodyNeedsMainActor:
            return .init(
                what: "The request could not be built, so nothing was sent: its body was not encoded",
                why: "The body's model belongs to the main actor, and the call was not made there",
                fix: "Send the request from the main actor, or make the body's model `nonisolated` and `Sendable`")
        case .tokenOffOrigin:
            return .init(
                what: "The request was not sent: its token is only sent to \(problem.host ?? "the API's host")",
                why: "The endpoint's URL is on another host than the base URL, and a token never leaves its origin",
                fix: "Use a path under the base URL for authorized endpoints, or a client whose base URL is that host")
        case .multipartBoundary:
            return .init(
                what: "The request could not be built, so nothing was sent: a part of the multipart form contains "
                    + "its boundary \"\(problem.boundary ?? "")\"",
                why: "A boundary must never occur inside a part's content",
                fix: "Use another boundary (the default random one never occurs by chance)")
        case .hookFailed:
            return .init(
                what: "The request was not sent: a request hook failed (\(problem.detail ?? "no reason given"))",
                why: "A request hook threw, which ends the call before anything is sent",
                fix: "Fix the request hook, or throw an `APIError` from it to say why")
        case .bodyNotFiniteNumber:
            let place = problem.path.map { " at `\($0)`" } ?? ""
            return .init(
                what: "The request could not be built, so nothing was sent: the request body has "
                    + "\(problem.value ?? "nan")\(place)",
                why: "JSON cannot hold NaN or infinity",
                fix: "Send a finite number there, or leave the value out (an optional that is `nil`)")
        case .bodyNotEncodable:
            let place = problem.path.map { " at `\($0)`" } ?? ""
            return .init(
                what: "The request could not be built, so nothing was sent: the request body could not be "
                    + "encoded as JSON\(place) (\(problem.detail ?? "no reason given"))",
                why: "The body's `Encodable` conformance threw, or it holds a value JSON cannot represent",
                fix: "Fix the body's model or its `encode(to:)` at that place")
        }
    }
}
