import Foundation

extension APIError {
    /// The error for an empty 2xx answer where bytes were expected (a picture, a file): a
    /// ``decoding(_:)`` whose message says the body from `url` (shown without secrets)
    /// was empty and that the URL is the thing to check. Throw it from your endpoint's `.map`.
    /// - Parameter url: The URL that answered with nothing.
    public static func emptyBody(from url: URL) -> APIError {
        .decoding(DecodingFailure(url: url, problem: .emptyBody, fix: .checkURL))
    }
}
