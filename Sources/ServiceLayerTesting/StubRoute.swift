import Foundation

/// Which requests a route of a ``URLStub`` answers: a method and a path (or a whole URL), or any test.
///
/// A path is matched against the request URL's path, `/` first (`"menu"` and `"/menu"` are the
/// same); a pattern with a `?` is matched against the path and the query. A pattern that starts with
/// a scheme (`"https://…"`) is matched against the whole URL.
public struct StubRoute: Sendable {
    private let test: @Sendable (StubRequest) -> Bool

    /// A route for the requests for which `test` returns `true`.
    public init(_ test: @escaping @Sendable (StubRequest) -> Bool) {
        self.test = test
    }

    /// A route for `method` (any method when `nil`) and `pattern` (see ``StubRoute``).
    ///
    /// - Parameters:
    ///   - method: `"GET"`, `"POST"`, …, compared without regard to case; `nil` matches every method.
    ///   - pattern: A path (`"/menu"`), a path and query (`"/menu?category=soups"`) or a whole URL.
    public init(method: String?, _ pattern: String) {
        let method = method?.uppercased()
        let pattern = Self.normalized(pattern)
        self.test = { request in
            if let method, request.method != method { return false }
            return Self.target(of: request.url, like: pattern) == pattern
        }
    }

    /// Whether this route answers `request`.
    public func matches(_ request: StubRequest) -> Bool { test(request) }

    /// `GET` requests for `pattern`.
    public static func get(_ pattern: String) -> StubRoute { StubRoute(method: "GET", pattern) }
    /// `POST` requests for `pattern`.
    public static func post(_ pattern: String) -> StubRoute { StubRoute(method: "POST", pattern) }
    /// `PUT` requests for `pattern`.
    public static func put(_ pattern: String) -> StubRoute { StubRoute(method: "PUT", pattern) }
    /// `PATCH` requests for `pattern`.
    public static func patch(_ pattern: String) -> StubRoute { StubRoute(method: "PATCH", pattern) }
    /// `DELETE` requests for `pattern`.
    public static func delete(_ pattern: String) -> StubRoute { StubRoute(method: "DELETE", pattern) }
    /// Requests of any method for `pattern`.
    public static func any(_ pattern: String) -> StubRoute { StubRoute(method: nil, pattern) }
    /// Every request.
    public static var all: StubRoute { StubRoute { _ in true } }

    // MARK: Matching

    private static func normalized(_ pattern: String) -> String {
        if pattern.contains("://") || pattern.hasPrefix("/") { return pattern }
        return "/" + pattern
    }

    /// The part of `url` that a pattern like `pattern` describes.
    private static func target(of url: URL?, like pattern: String) -> String? {
        guard let url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        if pattern.contains("://") { return url.absoluteString }
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        guard pattern.contains("?") else { return path }
        return parts.percentEncodedQuery.map { path + "?" + $0 } ?? path
    }
}
