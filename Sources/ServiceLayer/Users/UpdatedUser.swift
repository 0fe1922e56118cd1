import Foundation

/// The answer to `PUT users/<id>` and `PATCH users/<id>`: what was sent, plus the update time.
///
/// ```json
/// {"name": "morpheus", "job": "zion resident", "updatedAt": "2026-11-29T21:00:00.000Z"}
/// ```
public struct UpdatedUser: Codable, Sendable, Hashable {
    /// The name that was sent.
    public var name: String
    /// The job that was sent.
    public var job: String
    /// When the user was updated, as the server wrote it: ISO 8601 with milliseconds. See ``updatedDate``.
    public var updatedAt: String

    /// Creates a value.
    /// - Parameters:
    ///   - name: The name.
    ///   - job: The job.
    ///   - updatedAt: The ISO 8601 update time.
    public init(name: String, job: String, updatedAt: String) {
        self.name = name
        self.job = job
        self.updatedAt = updatedAt
    }

    /// ``updatedAt`` as a `Date`, or `nil` when it is not ISO 8601 (with or without fractional seconds).
    public var updatedDate: Date? {
        Timestamp.date(from: updatedAt)
    }
}
