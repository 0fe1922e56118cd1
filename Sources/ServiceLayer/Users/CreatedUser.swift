import Foundation

/// The answer to `POST users`: what was sent, plus the new id and creation time.
///
/// ```json
/// {"name": "morpheus", "job": "leader", "id": "737", "createdAt": "2026-11-29T21:00:00.000Z"}
/// ```
public struct CreatedUser: Codable, Sendable, Hashable {
    /// The name that was sent.
    public var name: String
    /// The job that was sent.
    public var job: String
    /// The new user's id. reqres sends it as a string (`"737"`), so it stays one.
    public var id: String
    /// When the user was created, as the server wrote it: ISO 8601 with milliseconds. See ``createdDate``.
    public var createdAt: String

    /// Creates a value.
    /// - Parameters:
    ///   - name: The name.
    ///   - job: The job.
    ///   - id: The id, as a string.
    ///   - createdAt: The ISO 8601 creation time.
    public init(name: String, job: String, id: String, createdAt: String) {
        self.name = name
        self.job = job
        self.id = id
        self.createdAt = createdAt
    }

    /// ``createdAt`` as a `Date`, or `nil` when it is not ISO 8601 (with or without fractional seconds).
    public var createdDate: Date? {
        Timestamp.date(from: createdAt)
    }
}
