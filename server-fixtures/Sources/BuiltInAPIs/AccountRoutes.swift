import Foundation

// MARK: - The accounts API, under /api/

/// `POST /api/accounts/signup`, `POST /api/accounts/login`, `POST /api/accounts/refresh`,
/// `GET /api/products` (needs a live access token).
enum AccountRoutes {
    private struct Reply: Encodable {
        let success: Bool
        let message: String
        var token: String?
        var refreshToken: String?
        var expiresIn: Int?

        init(success: Bool, message: String, tokens: AccountStore.IssuedTokens? = nil) {
            self.success = success
            self.message = message
            token = tokens?.token
            refreshToken = tokens?.refreshToken
            expiresIn = tokens?.expiresIn
        }
    }

    private struct ProductsReply: Encodable {
        let success: Bool
        let message: String
        let products: [ProductRecord]
    }

    /// The account routes over `data`, keeping accounts in `store`.
    static func routes(_ data: FixtureData, store: AccountStore) -> [Route] {
        [
            Route("/api/accounts/signup", [("POST", { signUp($0, store) })]),
            Route("/api/accounts/login", [("POST", { logIn($0, store) })]),
            Route("/api/accounts/refresh", [("POST", { refresh($0, store) })]),
            Route("/api/products", [("GET", { products($0, data, store) })]),
        ]
    }

    /// The challenge of a 401 when no token was sent (RFC 6750 §3: a Bearer challenge has an auth-param).
    static let bearerChallenge = #"Bearer realm="accounts""#
    /// The challenge of a 401 for a token that was sent and is not (or no longer) good.
    static let invalidTokenChallenge = #"Bearer realm="accounts", error="invalid_token""#

    private static func fail(_ status: Int, _ message: String) -> HTTPResponse {
        .json(status, Reply(success: false, message: message))
    }

    /// A 401 `{"success":false,...}` with its `WWW-Authenticate` challenge (RFC 9110 §15.5.2: every 401 has one).
    private static func unauthorized(_ message: String, challenge: String) -> HTTPResponse {
        var response = fail(401, message)
        response.fields.append(.init(name: "WWW-Authenticate", value: challenge))
        return response
    }

    /// The first of `names` missing (absent or empty) from the JSON body, as "Missing <name>".
    private static func missing(_ body: [String: Any]?, _ names: [String]) -> HTTPResponse? {
        names.first { JSON.string(body, $0) == nil }.map { fail(400, "Missing \($0)") }
    }

    private static func signUp(_ context: RouteContext, _ store: AccountStore) -> HTTPResponse {
        let body = JSON.object(from: context.request.body)
        if let error = missing(body, ["email", "password", "name"]) { return error }
        guard
            let tokens = store.signUp(
                email: JSON.string(body, "email")!, password: JSON.string(body, "password")!,
                name: JSON.string(body, "name")!)
        else { return fail(200, "Email already registered") }
        return .json(200, Reply(success: true, message: "Signed up", tokens: tokens))
    }

    private static func logIn(_ context: RouteContext, _ store: AccountStore) -> HTTPResponse {
        let body = JSON.object(from: context.request.body)
        if let error = missing(body, ["email", "password"]) { return error }
        guard let tokens = store.logIn(email: JSON.string(body, "email")!, password: JSON.string(body, "password")!)
        else { return fail(200, "Invalid email or password") }
        return .json(200, Reply(success: true, message: "Logged in", tokens: tokens))
    }

    /// `{"refreshToken": ...}` → a new pair (the old refresh token is used up); a used one → 401 and the
    /// login's tokens are revoked; an unknown one → 401; a missing one → 400.
    private static func refresh(_ context: RouteContext, _ store: AccountStore) -> HTTPResponse {
        let body = JSON.object(from: context.request.body)
        if let error = missing(body, ["refreshToken"]) { return error }
        switch store.refresh(JSON.string(body, "refreshToken")!) {
        case .issued(let tokens): return .json(200, Reply(success: true, message: "Refreshed", tokens: tokens))
        // The refresh token came in the body, not in Authorization: a challenge without an error code.
        case .reused:
            return unauthorized(
                "Refresh token already used; every token of this login is revoked", challenge: bearerChallenge)
        case .unknown: return unauthorized("Invalid refresh token", challenge: bearerChallenge)
        }
    }

    private static func products(_ context: RouteContext, _ data: FixtureData, _ store: AccountStore) -> HTTPResponse {
        guard let token = bearerToken(context.request.headers["authorization"]) else {
            return unauthorized("Unauthorized", challenge: bearerChallenge)
        }
        let check = store.check(token: token)
        guard check == .valid else {  // RFC 6750: a token was presented, and it is not (or no longer) good
            return unauthorized(check == .expired ? "Token expired" : "Unauthorized", challenge: invalidTokenChallenge)
        }
        return .json(200, ProductsReply(success: true, message: "Products", products: data.products))
    }

    /// The token of `Authorization: Bearer <token>` or of a raw `Authorization: <token>`.
    static func bearerToken(_ header: String?) -> String? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == "bearer" {
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return header
    }
}
