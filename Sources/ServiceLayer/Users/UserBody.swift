import Foundation

/// What `POST users`, `PUT users/<id>` and `PATCH users/<id>` send: `{"name": ..., "job": ...}`.
public struct UserBody: Codable, Sendable, Hashable {
    /// The user's name.
    public var name: String
    /// The user's job.
    public var job: String

    /// Creates a body.
    /// - Parameters:
    ///   - name: The user's name.
    ///   - job: The user's job.
    public init(name: String, job: String) {
        self.name = name
        self.job = job
    }
}
