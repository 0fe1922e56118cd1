import Foundation

// MARK: - The requests a browser makes on its own

/// The requests no learner's code sends: what a browser asks for by itself (`/favicon.ico`, touch icons,
/// `robots.txt`, `/.well-known/…`) and the server's own pages about itself (`/`, `/docs`, `/openapi.json`).
/// The inspector folds them away so that the learner's requests come first (issue 59: `GET /favicon.ico → 404`
/// was 5 of the first 8 entries); a switch on the page shows them.
enum BrowserNoise {
    /// The paths, as one regular expression that this type and the inspector page's script both use.
    static let pattern =
        #"^/(favicon\.ico|robots\.txt|apple-touch-icon[^/]*\.png|browserconfig\.xml|site\.webmanifest|\.well-known/.*|docs|openapi\.json)?$"#

    /// Whether a request for `path` (without its query) is the browser's own, or one of the server's pages.
    static func isNoise(_ path: String) -> Bool {
        path.range(of: pattern, options: .regularExpression) != nil
    }
}
