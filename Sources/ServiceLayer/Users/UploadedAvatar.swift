import Foundation

/// What the server answers to an avatar upload (``NetworkController/uploadAvatar(userID:image:fileName:contentType:progress:completion:)``).
public struct UploadedAvatar: Codable, Sendable, Equatable {
    /// The user's id.
    public let id: Int
    /// Where the avatar is served from now.
    public let avatar: URL
    /// The file name the server received.
    public let fileName: String
    /// The image's type, as sent.
    public let contentType: String
    /// The image's size in bytes, as received.
    public let bytes: Int
}
