import Foundation

/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: reads a resource. Idempotent.
    case get = "GET"
    /// `HEAD`: like `GET`, without a response body. Idempotent.
    case head = "HEAD"
    /// `POST`: creates or submits. Not idempotent.
    case post = "POST"
    /// `PUT`: replaces a resource. Idempotent.
    case put = "PUT"
    /// `PATCH`: changes part of a resource. Not idempotent.
    case patch = "PATCH"
    /// `DELETE`: removes a resource. Idempotent.
    case delete = "DELETE"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2),
    /// which is what makes an automatic retry safe: `GET`, `HEAD`, `PUT` and `DELETE`.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete: return true
        case .post, .patch: return false
        }
    }
}
