import Foundation

// MARK: - CORS: letting a web page on another origin call the server

/// Cross-origin resource sharing (the Fetch standard's CORS protocol) for a development server on loopback.
///
/// Every answer says `Access-Control-Allow-Origin: *`: any page may read it, without credentials (cookies are
/// not sent cross-origin with `*`; send a token in `Authorization` instead, which the preflight allows). No
/// origin is echoed, so no answer varies by `Origin` and caches stay simple. A preflight (`OPTIONS` with
/// `Origin` and `Access-Control-Request-Method`) is answered 204 on every path — a known one with its
/// methods, an unknown one with every method, so the real request goes through and gets its own teaching
/// 404 instead of a browser's opaque CORS error.
enum CORS {
    /// The headers a page's script may read besides the CORS-safelisted ones (pagination, created
    /// resources, validators, challenges).
    static let exposedHeaders = "Link, Location, X-Total-Count, ETag, Last-Modified, Retry-After, WWW-Authenticate"
    /// Seconds a browser may reuse a preflight answer.
    static let maxAge = "600"

    /// Whether `request` is a CORS preflight.
    static func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == "OPTIONS" && request.headers["origin"] != nil
            && request.headers["access-control-request-method"] != nil
    }

    /// The 204 answering a preflight for a path that answers `methods` (an `Allow` value).
    static func preflight(_ request: HTTPRequest, methods: String) -> HTTPResponse {
        var fields: [HTTPResponse.Field] = [
            .init(name: "Allow", value: methods), .init(name: "Access-Control-Allow-Methods", value: methods),
        ]
        if let requested = request.headers["access-control-request-headers"], let names = headerNames(requested) {
            fields.append(.init(name: "Access-Control-Allow-Headers", value: names))
        }
        fields.append(.init(name: "Access-Control-Max-Age", value: maxAge))
        return HTTPResponse(status: 204, contentType: nil, fields: fields)
    }

    /// `response` with `Access-Control-Allow-Origin: *` and the exposed headers (unless it has its own).
    static func decorate(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        if response.field("Access-Control-Allow-Origin") == nil {
            response.fields.append(.init(name: "Access-Control-Allow-Origin", value: "*"))
        }
        if response.field("Access-Control-Expose-Headers") == nil {
            response.fields.append(.init(name: "Access-Control-Expose-Headers", value: exposedHeaders))
        }
        return response
    }

    /// The requested header names, lowercased and joined with ", ", when every one is an RFC 9110 token
    /// (at most 64 of them); nil otherwise, so nothing odd is ever echoed into a header.
    static func headerNames(_ list: String) -> String? {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        guard names.count <= 64, list.utf8.count <= 2048,
            names.allSatisfy({ name in HTTPGrammar.isToken(name.utf8) })
        else { return nil }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
